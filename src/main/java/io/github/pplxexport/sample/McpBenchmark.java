package io.github.pplxexport.sample;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.github.pplxexport.sample.ServeBenchmark.Figures.ms;
import static io.github.pplxexport.sample.ServeBenchmark.Figures.row;

/**
 * {@code bench mcp}: the MCP server as an agent starts it, on the synthetic archive of {@code bench serve} (re-rendered,
 * its index built first): the time from the process start to the {@code initialize} answer, then 500 searches (the
 * queries of {@code bench serve}) and 500 page reads of random threads, one after the other over stdio, as whole
 * JSON-RPC round trips.
 */
public final class McpBenchmark {
    private final JarRuns jarRuns;
    private final Path scratch;

    public McpBenchmark(Path jar, String java, Path scratch) {
        this.jarRuns = new JarRuns(jar, java, scratch);
        this.scratch = scratch;
    }

    /** The figures, with the machine's load at the end (the goals hold for a quiet machine). */
    public record Figures(int threads, double initializeSeconds, double firstSearchSeconds, double searchP50Ms,
                          double searchP95Ms, double readP50Ms, double readP95Ms, int failures, double load) {
        public String table() {
            StringBuilder b = new StringBuilder("| measure | figure | goal |\n|---|---:|---|\n");
            row(b, "archive", String.format(Locale.ROOT, "%,d threads", threads), "");
            row(b, "mcp: process start to the initialize answer", String.format(Locale.ROOT, "%.2f s", initializeSeconds), "<= 1.5 s");
            row(b, "mcp: process start to the first search's answer", String.format(Locale.ROOT, "%.2f s", firstSearchSeconds), "");
            row(b, "pplx_search (p50 / p95 of 500)", ms(searchP50Ms) + " / " + ms(searchP95Ms), "p95 <= 50 ms");
            row(b, "pplx_read_thread (p50 / p95 of 500)", ms(readP50Ms) + " / " + ms(readP95Ms), "p95 <= 20 ms");
            row(b, "failed calls", String.valueOf(failures), "0");
            row(b, "machine load (1 min, at the end)", String.format(Locale.ROOT, "%.1f", load), "");
            return b.toString();
        }
    }

    public Figures run(Path source, int threads) throws IOException, InterruptedException {
        Path archive = scratch.resolve("mcp-archive-" + threads);
        SyntheticArchive.build(source, archive, threads);
        List<String> uuids = ServeBenchmark.distinctUuids(archive);
        jarRuns.whole(List.of("re-render", "--out", archive.toString()), "re-render");
        jarRuns.whole(List.of("serve", "--out", archive.toString(), "--reindex", "--index-only"), "index");

        ProcessBuilder pb = jarRuns.process(List.of("mcp", "--out", archive.toString()))
                .redirectError(scratch.resolve("mcp.log").toFile());
        long start = System.nanoTime();
        Process mcp = pb.start();
        OutputStream in = mcp.getOutputStream();
        BufferedReader out = new BufferedReader(new InputStreamReader(mcp.getInputStream(), StandardCharsets.UTF_8));
        List<Double> search = new ArrayList<>();
        List<Double> read = new ArrayList<>();
        int failures = 0;
        double initialize;
        double firstSearch;
        try {
            send(in, 0, "initialize", Map.of("protocolVersion", "2025-06-18", "capabilities", Map.of(),
                    "clientInfo", Map.of("name", "bench mcp", "version", "1")));
            answer(out, mcp);
            initialize = (System.nanoTime() - start) / 1e9;
            in.write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
            java.util.Random random = new java.util.Random(42);
            firstSearch = -1;
            for (int i = 0; i < 1000; i++) {
                boolean isSearch = i % 2 == 0;
                Map<String, Object> args = new LinkedHashMap<>();
                if (isSearch) {
                    String q = ServeBenchmark.QUERIES.get((i / 2) % ServeBenchmark.QUERIES.size());
                    args.put("query", q.startsWith("q=") ? q.substring(2, q.indexOf('&')) : q);
                    if (q.startsWith("q=")) {
                        String[] filter = q.substring(q.indexOf('&') + 1).split("=");
                        args.put(filter[0], filter[1]);
                    }
                } else {
                    args.put("thread", uuids.get(random.nextInt(uuids.size())));
                }
                long t0 = System.nanoTime();
                send(in, i + 1, "tools/call", Map.of("name", isSearch ? "pplx_search" : "pplx_read_thread", "arguments", args));
                Object r = answer(out, mcp);
                double ms = (System.nanoTime() - t0) / 1e6;
                if (firstSearch < 0) {
                    firstSearch = (System.nanoTime() - start) / 1e9;
                }
                if (J.get(r, "error") != null || J.truthy(J.get(J.get(r, "result"), "isError"))) {
                    failures++;
                }
                (isSearch ? search : read).add(ms);
            }
        } finally {
            in.close(); // the client closes stdin: mcp ends
            if (!mcp.waitFor(20, TimeUnit.SECONDS)) {
                mcp.destroyForcibly();
            }
        }
        // the first calls load the classes of each path: the tail is what an agent meets from then on
        return new Figures(threads, initialize, firstSearch, ServeBenchmark.percentile(search, 50),
                ServeBenchmark.percentile(search, 95), ServeBenchmark.percentile(read, 50), ServeBenchmark.percentile(read, 95),
                failures, Benchmark.loadAverage());
    }

    private static void send(OutputStream in, int id, String method, Map<String, Object> params) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("jsonrpc", "2.0");
        m.put("id", id);
        m.put("method", method);
        m.put("params", params);
        in.write((PyJson.compact(m) + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** The next answer (notifications before it are passed over). */
    private Object answer(BufferedReader out, Process mcp) throws IOException {
        while (true) {
            String line = out.readLine();
            if (line == null) {
                throw new IOException("mcp ended (exit " + (mcp.isAlive() ? "?" : mcp.exitValue()) + "); see " + scratch.resolve("mcp.log"));
            }
            Object m = Json.parse(line);
            if (J.get(m, "id") != null) {
                return m;
            }
        }
    }
}
