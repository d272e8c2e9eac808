package io.github.pplxexport.sample;

import io.github.pplxexport.launcher.ProcessStats;
import io.github.pplxexport.rerender.ThreadDirs;
import io.github.pplxexport.search.SearchIndexing;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * {@code bench serve}: the figures of the web app on a synthetic archive, measured on whole processes started as a
 * user starts them ({@code java -jar}): re-render of the archive, then the full index build ({@code serve --reindex
 * --index-only}) in the same run; the index step of one exported thread (the pipeline's own call, each with its own
 * commit); then {@code serve}: start to first page, 1,000 mixed requests (searches of every kind and thread pages,
 * one at a time), 200 requests of the heaviest thread page ({@link HeavyThread}: 50 workflow steps and 20 products),
 * and its peak resident memory (the kernel's high-water mark, reported at exit).
 */
public final class ServeBenchmark {
    /** The queries, cycled: words, phrases, Chinese, mixed scripts, field prefixes and filters. */
    static final List<String> QUERIES = List.of("softmax", "\"log-sum-exp trick\"", "西湖", "咖啡豆 价格", "Rust 所有权",
            "bloom filter false positive", "mode:council astro", "account:bob csv", "etag", "budget", "reading list",
            "所有权", "hugo zola", "\"weak etag\"", "overflow float32", "space:\"Web platform notes\"", "徒步 路线",
            "books.csv duplicates", "chart", "Rust所有权", "q=csv&mode=computer", "q=softmax&account=alice");

    private final JarRuns jarRuns;
    private final Path scratch;

    public ServeBenchmark(Path jar, String java, Path scratch) {
        this.jarRuns = new JarRuns(jar, java, scratch);
        this.scratch = scratch;
    }

    /**
     * @param firstPageCpuSeconds CPU time (user + system) of serve's JVMs until the first page: the figure that does
     *                            not depend on what else the machine runs
     * @param cpuPerRequestMs     serve's CPU time over the 1,000 requests, per request
     */
    public record Figures(int threads, double reRenderSeconds, double indexSeconds, double oneThreadMedianMs,
                          double oneThreadP95Ms, double commitMedianMs, double commitP95Ms, double firstPageSeconds, double firstPageCpuSeconds, double searchP50Ms,
                          double searchP95Ms, double pageP50Ms, double pageP95Ms, double heavyP50Ms, double heavyP95Ms, double heavyCpuMs, int heavyKb,
                          double cpuPerRequestMs, long serveRssKb,
                          int failures, double load) {

        public String table() {
            StringBuilder b = new StringBuilder();
            b.append("| measure | figure | goal |\n|---|---:|---|\n");
            row(b, "archive", String.format(Locale.ROOT, "%,d threads", threads), "");
            row(b, "re-render (whole process)", sec(reRenderSeconds), "");
            row(b, "full index build (serve --reindex --index-only)", sec(indexSeconds) + String.format(Locale.ROOT,
                    " (%.2fx re-render)", indexSeconds / reRenderSeconds), "<= 2x re-render");
            row(b, "index one exported thread: the export's step (median / p95)", ms(oneThreadMedianMs) + " / " + ms(oneThreadP95Ms), "<= 50 ms");
            row(b, "its commit, in the background (median / p95)", ms(commitMedianMs) + " / " + ms(commitP95Ms), "");
            row(b, "serve: start to first page (wall / CPU)", sec(firstPageSeconds) + " / " + sec(firstPageCpuSeconds), "<= 2 s");
            row(b, "search (p50 / p95 of 500)", ms(searchP50Ms) + " / " + ms(searchP95Ms), "p95 <= 50 ms");
            row(b, "thread page (p50 / p95 of 500)", ms(pageP50Ms) + " / " + ms(pageP95Ms), "p95 <= 100 ms");
            row(b, "heavy thread page: 50 steps, 20 products, " + heavyKb + " KB (p50 / p95 of 200)", ms(heavyP50Ms) + " / "
                    + ms(heavyP95Ms), "p95 <= 150 ms");
            row(b, "serve CPU per heavy thread page (mean of the 200)", ms(heavyCpuMs), "");
            row(b, "serve CPU per request (mean of the 1,000)", ms(cpuPerRequestMs), "");
            row(b, "serve peak RSS", serveRssKb > 0 ? (serveRssKb >> 10) + " MiB" : "n/a", "<= 512 MB");
            row(b, "failed requests", String.valueOf(failures), "0");
            row(b, "machine load (1 min, at the end)", String.format(Locale.ROOT, "%.1f", load), "");
            return b.toString();
        }

        static void row(StringBuilder b, String what, String figure, String goal) {
            b.append("| ").append(what).append(" | ").append(figure).append(" | ").append(goal).append(" |\n");
        }

        private static String sec(double s) {
            return String.format(Locale.ROOT, "%.2f s", s);
        }

        static String ms(double v) {
            return String.format(Locale.ROOT, "%.1f ms", v);
        }
    }

    public Figures run(Path source, int threads) throws IOException, InterruptedException {
        Path archive = scratch.resolve("serve-archive-" + threads);
        SyntheticArchive.build(source, archive, threads);
        List<String> uuids = distinctUuids(archive);

        double reRender = jarRuns.whole(List.of("re-render", "--out", archive.toString()), "re-render");
        double index = jarRuns.whole(List.of("serve", "--out", archive.toString(), "--reindex", "--index-only"), "index");
        HeavyThread.write(archive); // after the build: serve's catch-up at its start indexes it

        // the pipeline's index step, as export-thread calls it: the thread dir read and added to the index's writer
        // (opened for it, as the previous thread's commit closed it); the commit comes off the export's path, on a
        // background thread pplx.index.commit-delay-ms later, while a sync paces itself before its next thread:
        // here it is made between two threads and timed on its own
        List<Double> one = new ArrayList<>();
        List<Double> commits = new ArrayList<>();
        try (SearchIndexing step = new SearchIndexing(Duration.ofSeconds(10), Duration.ofHours(1))) {
            Iterator<Path> dirs = ThreadDirs.walk(archive, 60);
            while (dirs.hasNext()) {
                long t0 = System.nanoTime();
                step.threadWritten(dirs.next());
                long t1 = System.nanoTime();
                step.runDone();
                one.add((t1 - t0) / 1e6);
                commits.add((System.nanoTime() - t1) / 1e6);
            }
        }
        commits = commits.subList(10, commits.size());
        one = one.subList(10, one.size()); // the first calls load the classes

        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path stats = Files.createTempFile(scratch, "serve", ".stats");
        ProcessBuilder pb = jarRuns.process(List.of("serve", "--out", archive.toString(), "--port", String.valueOf(port)))
                .redirectErrorStream(true).redirectOutput(scratch.resolve("serve.log").toFile());
        pb.environment().put(ProcessStats.ENV, stats.toString());
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        String base = "http://127.0.0.1:" + port;
        long start = System.nanoTime();
        Process serve = pb.start();
        double firstPage = -1;
        double firstPageCpu = 0;
        double requestCpu = 0;
        List<Double> search = new ArrayList<>();
        List<Double> pages = new ArrayList<>();
        List<Double> heavy = new ArrayList<>();
        int heavyKb = 0;
        double heavyCpu = 0;
        int failures = 0;
        try {
            while (firstPage < 0) {
                if (!serve.isAlive() || System.nanoTime() - start > TimeUnit.SECONDS.toNanos(60)) {
                    throw new IOException("serve did not answer; see " + scratch.resolve("serve.log"));
                }
                try {
                    if (get(http, base + "/") == 200) {
                        firstPage = (System.nanoTime() - start) / 1e9;
                        firstPageCpu = cpuSeconds(serve);
                    }
                } catch (IOException e) {
                    Thread.sleep(20);
                }
            }
            java.util.Random random = new java.util.Random(42);
            double cpuBefore = cpuSeconds(serve);
            for (int i = 0; i < 1000; i++) {
                boolean isSearch = i % 2 == 0;
                String url;
                if (isSearch) {
                    String q = QUERIES.get((i / 2) % QUERIES.size());
                    url = base + "/search?" + (q.startsWith("q=") ? q : "q=" + URLEncoder.encode(q, StandardCharsets.UTF_8));
                } else {
                    url = base + "/t/" + uuids.get(random.nextInt(uuids.size()));
                }
                long t0 = System.nanoTime();
                int status = get(http, url);
                double ms = (System.nanoTime() - t0) / 1e6;
                if (status != 200) {
                    failures++;
                }
                (isSearch ? search : pages).add(ms);
            }
            requestCpu = cpuSeconds(serve) - cpuBefore;
            String heavyUrl = base + "/t/" + HeavyThread.UUID;
            for (long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); get(http, heavyUrl) != 200; Thread.sleep(100)) {
                if (System.nanoTime() > until) {
                    throw new IOException("the heavy thread was not indexed; see " + scratch.resolve("serve.log"));
                }
            }
            heavyKb = http.send(HttpRequest.newBuilder(URI.create(heavyUrl)).build(), HttpResponse.BodyHandlers.ofByteArray()).body().length >> 10;
            double heavyCpuBefore = cpuSeconds(serve);
            for (int i = 0; i < 200; i++) {
                long t0 = System.nanoTime();
                if (get(http, heavyUrl) != 200) {
                    failures++;
                }
                heavy.add((System.nanoTime() - t0) / 1e6);
            }
            heavyCpu = (cpuSeconds(serve) - heavyCpuBefore) * 1000 / 200;
        } finally {
            serve.destroy(); // SIGTERM: the JVMs report their peak memory on the way out
            if (!serve.waitFor(20, TimeUnit.SECONDS)) {
                serve.destroyForcibly();
            }
        }
        long rss = -1;
        for (String line : Files.readAllLines(stats, StandardCharsets.UTF_8)) {
            String[] f = line.split(" ");
            if (f.length >= 3 && f[0].equals("run")) {
                rss = Math.max(rss, Long.parseLong(f[2]));
            }
        }
        Files.deleteIfExists(stats);
        return new Figures(threads, reRender, index, percentile(one, 50), percentile(one, 95), percentile(commits, 50),
                percentile(commits, 95), firstPage, firstPageCpu,
                percentile(search, 50), percentile(search, 95), percentile(pages, 50), percentile(pages, 95),
                percentile(heavy, 50), percentile(heavy, 95), heavyCpu, heavyKb, requestCpu * 1000 / Math.max(1, search.size() + pages.size()), rss, failures, Benchmark.loadAverage());
    }

    /** User + system CPU of a process and its descendants (the launcher and the JVM it starts), in seconds. */
    static double cpuSeconds(Process p) {
        long nanos = p.toHandle().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
        nanos += p.toHandle().descendants().mapToLong(h -> h.info().totalCpuDuration().map(Duration::toNanos).orElse(0L)).sum();
        return nanos / 1e9;
    }

    private static int get(HttpClient http, String url) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        return r.statusCode();
    }

    /** Every synthetic copy gets a uuid of its own (the copies of one sample thread would share one). */
    static List<String> distinctUuids(Path archive) throws IOException {
        List<String> out = new ArrayList<>();
        int i = 0;
        for (Iterator<Path> it = ThreadDirs.walk(archive, 0); it.hasNext(); i++) {
            Path json = it.next().resolve("thread.json");
            String text = Files.readString(json, StandardCharsets.UTF_8);
            int at = text.indexOf("\"web_uuid\": \"");
            if (at < 0) {
                continue;
            }
            int from = at + "\"web_uuid\": \"".length();
            String uuid = UUID.nameUUIDFromBytes(("synthetic-" + i).getBytes(StandardCharsets.UTF_8)).toString();
            Files.writeString(json, text.substring(0, from) + uuid + text.substring(from + 36), StandardCharsets.UTF_8);
            out.add(uuid);
        }
        return out;
    }

    static double percentile(List<Double> values, int p) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> v = new ArrayList<>(values);
        Collections.sort(v);
        int idx = (int) Math.ceil(p / 100.0 * v.size()) - 1;
        return v.get(Math.max(0, Math.min(v.size() - 1, idx)));
    }
}
