package io.github.pplxexport.cli;

import io.github.pplxexport.browse.Access;
import io.github.pplxexport.camel.McpOverHttp;
import io.github.pplxexport.camel.PplxRuntime;
import io.github.pplxexport.camel.ServeCatchUp;
import io.github.pplxexport.search.IndexCatchUp;
import io.github.pplxexport.search.SearchIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code serve}: the archive as a local web app (library, thread pages, full-text search, JSON API) on Camel's
 * HTTP server, with the search index kept level with the archive. Read-only; loopback unless a token is given.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Browse and search the archive in a web browser.",
        description = "Serves the archive at http://127.0.0.1:8787/: the library (newest first, filters), each thread"
                + " (conversation with math, workflow steps, sources, report, assets, related threads), full-text search"
                + " (phrases, mode:/account:/space:, Chinese as typed) and a JSON API under /api/. The search index"
                + " <out>/index/search/ is built on the first start, caught up at every start and every minute, and kept"
                + " current by sync, batch, export and re-render. Read-only. Stops on Ctrl-C or SIGTERM.",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar serve --out demo_archive",
                "  java -jar target/pplx-export.jar serve --reindex --index-only",
                "  java -jar target/pplx-export.jar serve --host 0.0.0.0 --token \"$(openssl rand -hex 16)\"",
                "  curl -s 'http://127.0.0.1:8787/api/search?q=西湖'"})
public class ServeCommand implements Callable<Integer> {
    static final long START_CATCH_UP_DELAY_MS = 2000;

    @ParentCommand
    PplxExportCli parent;

    @Option(names = "--port", paramLabel = "N", description = "Port (default 8787; 0: any free port).")
    Integer port;

    @Option(names = "--host", paramLabel = "ADDR",
            description = "Address to listen on (default 127.0.0.1). Another than loopback needs --token.")
    String host;

    @Option(names = "--token", paramLabel = "T",
            description = "Require this token (16+ characters): header X-Archive-Token, or ?token= once (then a cookie).")
    String token;

    @Option(names = "--reindex", description = "Rebuild the search index from the archive before serving.")
    boolean reindex;

    @Option(names = "--index-only", description = "Bring the search index up to date (or rebuild it with --reindex), then exit.")
    boolean indexOnly;

    @Option(names = "--check", description = "Start, fetch the library, a search and a thread page from the server itself,"
            + " print their times, and exit (1 if one failed).")
    boolean check;

    @Mixin
    GlobalOptions.Archive archive;
    @Mixin
    GlobalOptions.Pipeline pipeline;
    @Mixin
    GlobalOptions.Log log;

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "serve");
        Logger out = LoggerFactory.getLogger("pplx.serve");
        Path root = parent.global.archiveRoot();
        if (!Files.isDirectory(root)) {
            throw new UsageException("archive folder not found: " + root);
        }
        if (indexOnly) {
            try (SearchIndex index = SearchIndex.open(root)) {
                IndexCatchUp.Result r = new IndexCatchUp(index, 0, () -> StopSignals.received().isPresent())
                        .run(reindex, Duration.ofSeconds(60));
                if (StopSignals.received().isPresent()) {
                    return Outcome.stopped("the search index was not changed", "serve --index-only");
                }
                out.info("[serve] {}", r.line());
                return r.failed() > 0 ? PplxExportCli.EXIT_THREADS_FAILED : PplxExportCli.EXIT_OK;
            }
        }
        Map<String, String> flags = new HashMap<>();
        flags.put("pplx.archive.root", root.toString());
        if (port != null) {
            flags.put("pplx.serve.port", String.valueOf(port));
        }
        if (host != null) {
            flags.put("pplx.serve.host", host);
        }
        if (token != null) {
            flags.put("pplx.serve.token", token);
        }
        Map<String, String> props = parent.global.properties(flags);
        // refused before anything listens: another address than loopback without a token
        String h = props.getOrDefault("pplx.serve.host", "127.0.0.1");
        String t = props.getOrDefault("pplx.serve.token", "");
        String refusal = Access.refusal(h, t);
        if (refusal != null) {
            throw new UsageException(refusal);
        }
        if ("0".equals(props.get("pplx.serve.port"))) {
            props.put("pplx.serve.port", String.valueOf(freePort(h)));
        }
        // one line now, rather than the HTTP server's stack trace after the start
        String p = props.getOrDefault("pplx.serve.port", "8787");
        try (java.net.ServerSocket probe = new java.net.ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new java.net.InetSocketAddress(java.net.InetAddress.getByName(h), Integer.parseInt(p)));
        } catch (java.io.IOException | IllegalArgumentException e) {
            throw new UsageException("cannot listen on " + h + ":" + p + " (" + (e.getMessage() == null ? e : e.getMessage()) + ")");
        }
        warmUp(root);
        try (PplxRuntime runtime = PplxRuntime.startServe(parent.global.routes, props);
             McpOverHttp mcp = McpOverHttp.mount(runtime, McpCommand.version())) {
            StopSignals.stopWith(runtime::abort);
            ServeCatchUp catchUp = runtime.context().getRegistry().lookupByNameAndType("serveCatchUp", ServeCatchUp.class);
            String url = "http://" + (h.contains(":") ? "[" + h + "]" : h) + ":"
                    + runtime.context().resolvePropertyPlaceholders("{{pplx.serve.port}}") + "/";
            SearchIndex probe = SearchIndex.open(root);
            boolean current = probe.current();
            probe.close();
            if (reindex || !current) {
                out.info("[serve] building the search index of {} …", root);
                catchUp.run(reindex); // says what it did
            } else {
                // the index opens as it is; what changed since the last run is indexed while pages are served, from a
                // moment after the start (walking a large archive would compete with the first page for the cores)
                Thread later = new Thread(() -> {
                    try {
                        Thread.sleep(START_CATCH_UP_DELAY_MS);
                        runtime.context().createProducerTemplate().sendBody("direct:serve-catch-up", null);
                    } catch (InterruptedException | RuntimeException e) {
                        // stopped meanwhile: the next catch-up does it
                    }
                }, "pplx-serve-start-catch-up");
                later.setDaemon(true);
                later.start();
            }
            if (check) {
                return selfCheck(url, t);
            }
            out.info("[serve] {} at {}{} (Ctrl-C stops); MCP for agents at {}mcp", root, url, t.isBlank() ? "" : " (token required)", url);
            while (StopSignals.received().isEmpty() && !runtime.context().isStopping()) {
                Thread.sleep(200);
            }
        }
        return Outcome.stopped("serve ended", null);
    }

    /**
     * Loads what the first page needs (Lucene's reader and query classes, the Markdown renderer) on another core
     * while Camel starts, so the first page does not wait for it: the start to the first page is what a user sees.
     */
    private static void warmUp(Path root) {
        Thread t = new Thread(() -> {
            try (SearchIndex index = SearchIndex.open(root)) {
                index.list(io.github.pplxexport.search.ThreadFilter.NONE, 1, 1);
                index.search("warm", io.github.pplxexport.search.ThreadFilter.NONE, 1, 1);
                new io.github.pplxexport.browse.MarkdownHtml().render("# a\n\n$x$ | b |\n|---|\n| c |\n");
            } catch (Exception | LinkageError e) {
                // only a head start: the pages load the same classes themselves
            }
        }, "pplx-serve-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /** {@code --check}: the pages a user opens first, fetched from the running server; also the class-data training run. */
    private static int selfCheck(String url, String token) throws Exception {
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        java.util.function.Function<String, java.net.http.HttpResponse<String>> get = path -> {
            java.net.http.HttpRequest.Builder b = java.net.http.HttpRequest.newBuilder(java.net.URI.create(url + path));
            if (!token.isBlank()) {
                b.header(Access.HEADER, token);
            }
            try {
                return http.send(b.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        };
        String api = get.apply("api/threads").body();
        java.util.regex.Matcher first = java.util.regex.Pattern.compile("\"url\":\"/([^\"]+)\"").matcher(api);
        java.util.List<String> paths = new java.util.ArrayList<>(java.util.List.of("", "search?q=the", "static/app.css"));
        if (first.find()) {
            paths.add(first.group(1));
        }
        boolean ok = mcpCheck(http, url, token);
        for (String path : paths) {
            long t0 = System.nanoTime();
            int status = get.apply(path).statusCode();
            ok &= status == 200;
            System.out.printf(java.util.Locale.ROOT, "serve --check: /%s %d in %d ms%n", path, status, (System.nanoTime() - t0) / 1_000_000);
        }
        return ok ? PplxExportCli.EXIT_OK : PplxExportCli.EXIT_THREADS_FAILED;
    }

    /**
     * {@code /mcp}: initialize, then a search, as an agent's first calls (also the class-data training of the MCP
     * server's classes, which {@code mcp} starts on too).
     */
    private static boolean mcpCheck(java.net.http.HttpClient http, String url, String token) throws Exception {
        String[] bodies = {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"serve --check\",\"version\":\"1\"}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"pplx_search\","
                        + "\"arguments\":{\"query\":\"the\"},\"_meta\":{\"progressToken\":1}}}"};
        String session = null;
        boolean ok = true;
        for (String body : bodies) {
            java.net.http.HttpRequest.Builder b = java.net.http.HttpRequest.newBuilder(java.net.URI.create(url + "mcp"))
                    .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body));
            if (!token.isBlank()) {
                b.header("Authorization", "Bearer " + token);
            }
            if (session != null) {
                b.header("Mcp-Session-Id", session);
            }
            long t0 = System.nanoTime();
            java.net.http.HttpResponse<String> r = http.send(b.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            session = r.headers().firstValue("Mcp-Session-Id").orElse(session);
            boolean good = r.statusCode() == 200 && !r.body().contains("\"isError\":true");
            ok &= good;
            System.out.printf(java.util.Locale.ROOT, "serve --check: /mcp %s %d in %d ms%n", session == null || body.contains("initialize")
                    ? "initialize" : "tools/call", r.statusCode(), (System.nanoTime() - t0) / 1_000_000);
        }
        return ok;
    }

    /** A port that is free now on {@code host} (for --port 0). */
    private static int freePort(String host) throws java.io.IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName(host))) {
            return s.getLocalPort();
        }
    }
}
