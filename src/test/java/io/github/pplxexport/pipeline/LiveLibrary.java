package io.github.pplxexport.pipeline;

import io.github.pplxexport.cli.PplxExportCli;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.replay.FaultPlan;
import io.github.pplxexport.replay.ReplayApi;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The live pipeline under test: a copy of {@code archive-sample/} served by the replay API on 127.0.0.1 (an
 * ephemeral port, a request log per server start), a user config and a Netscape cookie file like the demo
 * writes, and the real CLI ({@link PplxExportCli#execute}) pointed at it with zero pacing and retry delays
 * of a few ms. Each {@link #serve} starts a fresh server (fresh request numbering for fault rules, fresh
 * request log) on the same served archive, so a test can change faults between runs.
 */
final class LiveLibrary implements AutoCloseable {
    static final Path SAMPLE = Paths.get("archive-sample");
    static final FileTime OLD = FileTime.fromMillis(1_000_000_000_000L);

    /** Pacing off, retries quick: a 3-attempt retry costs a few ms. */
    static final List<String> FAST = List.of(
            "--no-pacing",
            "-D", "pplx.retry.delay-ms=5",
            "-D", "pplx.retry.maximum-delay-ms=20",
            "-D", "pplx.asset.retry.delay-ms=5",
            "-D", "pplx.asset.retry.maximum-delay-ms=20");

    /** The sibling of the sample's one answer-variant hit (b2a69fad, entry 7b0c5cd7): the replay refuses it (403). */
    static final String SIBLING = "e1811fb2-9029-4875-b5c5-df3a41767530";

    final Path served;
    final Path out;
    final Path work;
    private String account = "alice";
    private String sessionToken = "alice";
    private String extraCookies = "";
    private String serverAccount;
    private ReplayServer server;
    private Path requestLog;
    private int starts;

    private LiveLibrary(Path tmp) throws IOException {
        this.served = Files.createDirectories(tmp.resolve("served"));
        this.out = tmp.resolve("out");
        this.work = Files.createDirectories(tmp.resolve("work"));
        copySample(served);
        writeConfig();
    }

    /** A copy of the sample under {@code tmp/served}, exported into {@code tmp/out}; logged in as alice. */
    static LiveLibrary of(Path tmp) throws IOException {
        return new LiveLibrary(tmp);
    }

    /** Logs in as an author folder of the sample (the session cookie's value selects the account). */
    LiveLibrary as(String author) throws IOException {
        this.account = author;
        this.sessionToken = author;
        writeCookies();
        return this;
    }

    /**
     * Logs in with a session token that names no author: the server's own account decides (null: every
     * thread of the archive, session user {@code replay}); {@code extra} cookie lines are added verbatim.
     */
    LiveLibrary withSecretCookies(String configAccount, String serverAccount, String token, String extra) throws IOException {
        this.account = configAccount;
        this.serverAccount = serverAccount;
        this.sessionToken = token;
        this.extraCookies = extra;
        writeCookies();
        return this;
    }

    /** (Re)starts the replay server: thread pages of {@code pageSize}, the given fault spec (null: none). */
    LiveLibrary serve(int pageSize, String faults) throws IOException {
        if (server != null) {
            server.close();
        }
        starts++;
        requestLog = work.resolve("requests-" + starts + ".jsonl");
        ReplayOptions o = ReplayOptions.of(served).withPort(0).withPageSize(pageSize)
                .withFaults(FaultPlan.parse(faults)).withRequestLog(requestLog);
        if (serverAccount != null) {
            o = o.withAccount(serverAccount, null);
        }
        server = ReplayServer.start(o);
        return this;
    }

    LiveLibrary serve() throws IOException {
        return serve(100, null);
    }

    /** (Re)starts the replay server with these faults and {@code askChunkMillis} between two events of an ask. */
    LiveLibrary serveAsks(String faults, long askChunkMillis) throws IOException {
        if (server != null) {
            server.close();
        }
        starts++;
        requestLog = work.resolve("requests-" + starts + ".jsonl");
        server = ReplayServer.start(ReplayOptions.of(served).withPort(0).withPageSize(100)
                .withFaults(FaultPlan.parse(faults)).withRequestLog(requestLog).withAskChunkMillis(askChunkMillis));
        return this;
    }

    ReplayServer server() {
        return server;
    }

    Path requestLogFile() {
        return requestLog;
    }

    Path cookieFile() {
        return work.resolve("cookies.txt");
    }

    /** Runs {@code pplx-export <command args…>} against the server with the test's global options. */
    int run(String... commandArgs) {
        List<String> args = new ArrayList<>(List.of(commandArgs));
        args.addAll(List.of("--out", out.toString(),
                "--config", work.resolve("config.toml").toString(),
                "--account", account,
                "--cookies", cookieFile().toString(),
                "--base-url", server.baseUri().toString()));
        args.addAll(FAST);
        args.addAll(cdnThroughReplay());
        return PplxExportCli.execute(args.toArray(String[]::new));
    }

    /**
     * camel-http's proxy is the replay, as the demo sets it: the sample's signed URLs
     * ({@code http://cdn.pplx-sample.invalid/…}) reach the replay as a forward proxy, the API calls go to it directly.
     */
    List<String> cdnThroughReplay() {
        return List.of("-D", "camel.component.http.proxy-host=127.0.0.1",
                "-D", "camel.component.http.proxy-port=" + server.port(),
                "-D", "camel.component.http.non-proxy-hosts=127.0.0.1,localhost");
    }

    /** Requests of the sample's CDN (through the replay as a proxy). */
    List<Map<String, Object>> cdnRequests() {
        return requests().stream().filter(r -> ReplayApi.CDN_HOST.equals(J.str(r, "host"))).toList();
    }

    /** Every request the current server has answered, in order. */
    List<Map<String, Object>> requests() {
        List<Map<String, Object>> list = new ArrayList<>();
        try {
            if (!Files.exists(requestLog)) {
                return list;
            }
            for (String line : Files.readAllLines(requestLog, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    list.add(J.asMap(Json.parse(line)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return list;
    }

    /** Requests of {@code GET /rest/thread/<uuid>} (plain and schematized). */
    List<Map<String, Object>> threadRequests(String uuid) {
        return requests().stream().filter(r -> ("/rest/thread/" + uuid).equals(J.str(r, "path"))).toList();
    }

    /** Requests of any thread (not the sibling probes). */
    List<Map<String, Object>> allThreadRequests() {
        return requests().stream().filter(r -> J.str(r, "path").startsWith("/rest/thread/"))
                .filter(r -> !J.str(r, "path").equals("/rest/thread/" + SIBLING)).toList();
    }

    /** The probes of the sample's answer-variant sibling. */
    List<Map<String, Object>> siblingProbes() {
        return threadRequests(SIBLING);
    }

    static boolean schematized(Map<String, Object> request) {
        return J.str(request, "query").contains("with_schematized_response=true");
    }

    static boolean hasCursor(Map<String, Object> request) {
        return ("&" + J.str(request, "query")).contains("&cursor=");
    }

    /** The uuids of the threads whose plain fetch was asked for, in order of the first request. */
    List<String> exportedUuids() {
        List<String> uuids = new ArrayList<>();
        for (Map<String, Object> r : allThreadRequests()) {
            String uuid = J.str(r, "path").substring("/rest/thread/".length());
            if (!uuids.contains(uuid)) {
                uuids.add(uuid);
            }
        }
        return uuids;
    }

    Path stateFile() {
        return out.resolve("index").resolve("batch_state.json");
    }

    Map<String, Object> state() throws IOException {
        return Files.exists(stateFile()) ? Json.readObject(stateFile()) : Map.of();
    }

    /** The thread dirs written under {@code out} (dirs holding a thread.json), relative to it. */
    List<String> threadDirs() throws IOException {
        List<String> dirs = new ArrayList<>();
        if (!Files.isDirectory(out)) {
            return dirs;
        }
        try (Stream<Path> s = Files.walk(out)) {
            s.filter(p -> p.getFileName().toString().equals("thread.json"))
                    .map(p -> out.relativize(p.getParent()).toString().replace('\\', '/'))
                    .sorted().forEach(dirs::add);
        }
        return dirs;
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }

    // ---- the sample ------------------------------------------------------------------------------------

    /** One thread of the sample: its dir relative to the archive root and its thread.json. */
    record SampleThread(String dir, String uuid, String mode, String author, String lastUpdated) {
        String uuid8() {
            return uuid.substring(0, 8);
        }
    }

    /** The sample's threads, by uuid8. */
    static Map<String, SampleThread> sampleThreads() throws IOException {
        Map<String, SampleThread> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(SAMPLE)) {
            for (Path p : s.filter(f -> f.getFileName().toString().equals("thread.json")).toList()) {
                Map<String, Object> t = Json.readObject(p);
                Path dir = SAMPLE.relativize(p.getParent());
                SampleThread st = new SampleThread(dir.toString().replace('\\', '/'), J.str(t, "web_uuid"),
                        J.str(t, "mode"), dir.getName(0).toString(), J.str(t, "lastUpdated"));
                m.put(st.uuid8(), st);
            }
        }
        return m;
    }

    static SampleThread sample(String uuid8) throws IOException {
        SampleThread t = sampleThreads().get(uuid8);
        if (t == null) {
            throw new IllegalStateException("no sample thread " + uuid8);
        }
        return t;
    }

    /** Copies the sample's thread dirs (not its README) into {@code target}. */
    static void copySample(Path target) throws IOException {
        try (Stream<Path> s = Files.walk(SAMPLE)) {
            for (Path p : s.toList()) {
                Path rel = SAMPLE.relativize(p);
                if (rel.toString().isEmpty() || rel.toString().equals("README.md")) {
                    continue;
                }
                Path t = target.resolve(rel.toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    // ---- files -------------------------------------------------------------------------------------------

    /** Every regular file under {@code root} (relative path → bytes). */
    static Map<String, byte[]> files(Path root) throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                m.put(root.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
            }
        }
        return m;
    }

    /** Every regular file under {@code root} (relative path → mtime). */
    static Map<String, FileTime> mtimes(Path root) throws IOException {
        Map<String, FileTime> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                m.put(root.relativize(p).toString().replace('\\', '/'), Files.getLastModifiedTime(p));
            }
        }
        return m;
    }

    static void setAllMtimes(Path root, FileTime time) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                Files.setLastModifiedTime(p, time);
            }
        }
    }

    // ---- config and cookies, as the demo writes them -------------------------------------------------------

    private void writeConfig() throws IOException {
        StringBuilder toml = new StringBuilder("default_account = \"alice\"\n");
        for (String a : List.of("alice", "bob", "replay")) {
            toml.append("\n[accounts.").append(a).append("]\nemail = \"").append(a).append("@example.com\"\n");
        }
        Files.writeString(work.resolve("config.toml"), toml, StandardCharsets.UTF_8);
        writeCookies();
    }

    private void writeCookies() throws IOException {
        Files.writeString(cookieFile(), "# Netscape HTTP Cookie File\n"
                + "127.0.0.1\tFALSE\t/\tFALSE\t0\t__Secure-next-auth.session-token\t" + sessionToken + "\n"
                + extraCookies, StandardCharsets.UTF_8);
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
