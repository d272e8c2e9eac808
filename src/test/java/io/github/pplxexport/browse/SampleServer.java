package io.github.pplxexport.browse;

import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.camel.PplxRuntime;
import io.github.pplxexport.camel.ServeCatchUp;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The serve pipeline as the command starts it, over a copy of the sample library plus a hostile thread, on a free
 * port of 127.0.0.1; the index is built before the first request.
 */
final class SampleServer implements AutoCloseable {
    static final String HOSTILE_UUID = "0badc0de-0000-4000-8000-000000000001";
    static final String HOSTILE_DIR = "mallory/search/2026-01-01_Hostile-thread_0badc0de";

    final Path archive;
    final int port;
    final PplxRuntime runtime;
    /** The token the server requires (sent by {@link #get(String)}), or null. */
    final String token;
    private final HttpClient http = HttpClient.newHttpClient();

    SampleServer(Path tmp, Map<String, String> extra) throws IOException {
        archive = tmp.resolve("archive");
        FileTrees.copy(Path.of("archive-sample"), archive);
        hostileThread(archive);
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        token = extra.get("pplx.serve.token");
        Map<String, String> props = new HashMap<>(extra);
        props.put("pplx.archive.root", archive.toString());
        props.put("pplx.serve.port", String.valueOf(port));
        runtime = PplxRuntime.startServe(null, props);
        runtime.context().getRegistry().lookupByNameAndType("serveCatchUp", ServeCatchUp.class).run(false);
    }

    /** A thread whose text tries every way to run script in the page: none may work. */
    static void hostileThread(Path archive) throws IOException {
        Path dir = Files.createDirectories(archive.resolve(HOSTILE_DIR));
        Files.writeString(dir.resolve("thread.json"), "{\n \"web_uuid\": \"" + HOSTILE_UUID + "\",\n \"title\": \"Hostile <script>window.pwned='title'</script> thread\",\n"
                + " \"mode\": \"search\",\n \"author\": \"mallory\",\n \"lastUpdated\": \"2026-01-01T10:00:00Z\",\n \"n_turns\": 1\n}\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("conversation.md"), """
                # Hostile <script>window.pwned='h1'</script> thread

                > 模式: search | 作者: mallory | 轮次: 1 | 引文: 0

                ## Turn 1 — 2026-01-01 10:00 UTC

                ### Query
                Show me <img src=x onerror="window.pwned='img'"> please

                ### Answer
                <script>window.pwned='block'</script>

                Inline <script>window.pwned='inline'</script> and a [link](javascript:window.pwned='link') and
                <a href="javascript:window.pwned='a'">raw anchor</a>.

                <details>
                <summary>Steps <img src=x onerror="window.pwned='summary'"></summary>

                hidden xylophone step

                </details>

                <iframe src="https://evil.example.org/"></iframe>
                """, StandardCharsets.UTF_8);
        Files.createDirectories(dir.resolve("assets/files"));
        Files.writeString(dir.resolve("assets/files/page.html"), "<script>window.pwned='asset'</script>", StandardCharsets.UTF_8);
        // a link out of the archive: never served
        Files.createSymbolicLink(dir.resolve("assets/files/passwd"), Path.of("/etc/passwd"));
    }

    String base() {
        return "http://127.0.0.1:" + port;
    }

    HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
        return get(pathAndQuery, token == null ? Map.of() : Map.of(Access.HEADER, token));
    }

    HttpResponse<String> get(String pathAndQuery, Map<String, String> headers) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base() + pathAndQuery));
        headers.forEach(b::header);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        runtime.close();
        try {
            Files.deleteIfExists(archive.resolve(HOSTILE_DIR).resolve("assets/files/passwd")); // JUnit warns about links out
        } catch (IOException e) {
            // the temp dir goes anyway
        }
    }
}
