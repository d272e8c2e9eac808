package io.github.pplxexport.sample;

import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.launcher.ProcessStats;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;

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
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code bench scale}: what a run costs as the archive grows. For each size, an archive of that many exported
 * threads (built once and kept in the cache folder: the first {@code sample} threads synced through the replay, the
 * rest {@link ScaleArchive widened} from them, then indexed for search), served by the replay with zero pacing;
 * then whole processes as users start them ({@code java -jar}, their own {@code HOME}): a no-op sync, a sync after
 * 10 threads changed, {@code status}, and {@code serve} from start to first page (its catch-up of the 10 threads
 * included) with searches. Each figure: wall time, the replay's requests, the peak RSS of the process.
 */
public final class ScaleBenchmark {
    private static final String ACCOUNT = "alice";
    private static final Set<String> AUTHORS = Set.of("alice", "bob");
    private static final Pattern LAST_UPDATED = Pattern.compile("(\"lastUpdated\": \")[^\"]*\"");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private final Path jar;
    private final String java;
    private final Path cache;
    private final Path sample;
    private final int sampleSize;
    private final int searches;

    public ScaleBenchmark(Path jar, String java, Path cache, Path sample, int sampleSize, int searches) {
        this.jar = jar;
        this.java = java;
        this.cache = cache;
        this.sample = sample;
        this.sampleSize = sampleSize;
        this.searches = searches;
    }

    /**
     * One measured process: wall seconds, CPU seconds (user + system of its JVMs: the figure a loaded machine
     * inflates least), the replay's requests during it, its peak RSS (KB, -1 unknown).
     */
    public record Step(double seconds, double cpuSeconds, long requests, long rssKb, double waitedSeconds) {
        String cell() {
            return String.format(Locale.ROOT, "%.2f s / %.2f s", seconds, cpuSeconds) + (requests >= 0 ? " (" + requests + " req)" : "");
        }

        /** The wall time less the time the replay was answering: the exporter's own work. */
        String local() {
            return requests < 0 ? "" : String.format(Locale.ROOT, "; local %.2f s", seconds - waitedSeconds);
        }
    }

    /** The figures of one size; {@code firstSync} is the sync of the first {@code sampled} threads, when built. */
    public record Figures(int threads, int sampled, Step firstSync, Step noOpSync, Step changedSync, Step status,
                          Step serveStart, double searchP95Ms, double load) {

        public static String header() {
            return "| threads | first sync (sampled) | no-op sync | 10-changed sync | status | serve start | search p95 | peak RSS (no-op / 10-changed / status / serve) | load |\n"
                    + "| | wall / CPU | wall / CPU | wall / CPU | wall / CPU | to first page / CPU | | | |\n"
                    + "|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
        }

        public String row() {
            return String.format(Locale.ROOT, "| %,d | %s | %s | %s | %s | %s | %.1f ms | %s / %s / %s / %s | %.1f |\n", threads,
                    firstSync == null ? "(cached)" : firstSync.cell() + String.format(Locale.ROOT, " for %,d", sampled),
                    noOpSync.cell() + noOpSync.local(), changedSync.cell() + changedSync.local(), status.cell(), serveStart.cell(), searchP95Ms, mib(noOpSync),
                    mib(changedSync), mib(status), mib(serveStart), load);
        }

        private static String mib(Step s) {
            return s.rssKb() > 0 ? (s.rssKb() >> 10) + " MiB" : "n/a";
        }
    }

    /** Measures one size, building its archive first when the cache does not hold it. */
    public Figures measure(int threads) throws IOException, InterruptedException {
        Path dir = cache.resolve("scale-" + threads);
        Path served = dir.resolve("served");
        Path out = dir.resolve("out");
        Step first = null;
        // a multiple of the sample's threads, so that copy i % sampled is a copy of the same sample thread as copy i
        int sources = LibraryGrowth.sources(sample, AUTHORS).size();
        int sampled = Math.min(threads, Math.max(sources, sampleSize - sampleSize % sources));
        if (!Files.exists(dir.resolve("ready"))) {
            FileTrees.delete(dir);
            Files.createDirectories(dir.resolve("home"));
            Files.writeString(dir.resolve("config.toml"), "default_account = \"" + ACCOUNT + "\"\n\n[accounts." + ACCOUNT
                    + "]\nemail = \"alice@example.com\"\n", StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("cookies.txt"), "# Netscape HTTP Cookie File\n"
                    + "127.0.0.1\tFALSE\t/\tFALSE\t0\t__Secure-next-auth.session-token\t" + ACCOUNT + "\n", StandardCharsets.UTF_8);
            LibraryGrowth.grow(sample, served, 0, sampled, AUTHORS, ACCOUNT);
            first = sync(dir, "first-sync");
            ScaleArchive.widen(sample, served, out, ACCOUNT, sampled, threads);
            run(dir, "index", List.of("serve", "--out", out.toString(), "--reindex", "--index-only"), null);
            Files.writeString(dir.resolve("ready"), "", StandardCharsets.UTF_8);
        }
        Step noOp = sync(dir, "no-op-sync");
        changeTen(served);
        Step changed = sync(dir, "changed-sync");
        Step status = run(dir, "status", List.of("status", "--out", out.toString(), "--config", dir.resolve("config.toml").toString()), null);
        double[] p95 = new double[1];
        Step serve = serve(dir, out, p95);
        return new Figures(threads, sampled, first, noOp, changed, status, serve, p95[0], Benchmark.loadAverage());
    }

    /** The newest 10 threads of the served library get a new lastUpdated: the next sync exports them again. */
    private static void changeTen(Path served) throws IOException {
        // later than every sample thread's: the changed threads head the listing
        String now = STAMP.format(Instant.now().plus(Duration.ofDays(3650)));
        List<Path> jsons;
        try (Stream<Path> s = Files.find(served, 4, (p, a) -> p.getFileName().toString().equals("thread.json"))) {
            jsons = s.sorted().limit(10).toList();
        }
        for (Path json : jsons) {
            Matcher m = LAST_UPDATED.matcher(Files.readString(json, StandardCharsets.UTF_8));
            Files.writeString(json, m.replaceFirst("$1" + now + "\""), StandardCharsets.UTF_8);
        }
    }

    private Step sync(Path dir, String name) throws IOException, InterruptedException {
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(dir.resolve("served")).withPort(0).withAccount(ACCOUNT, null))) {
            return run(dir, name, List.of("sync", "--out", dir.resolve("out").toString(), "--config",
                    dir.resolve("config.toml").toString(), "--account", ACCOUNT, "--cookies", dir.resolve("cookies.txt").toString(),
                    "--base-url", server.baseUri().toString(), "--no-pacing",
                    // the sample's signed URLs reach the replay as camel-http's proxy
                    "-D", "camel.component.http.proxy-host=127.0.0.1", "-D", "camel.component.http.proxy-port=" + server.port(),
                    "-D", "camel.component.http.non-proxy-hosts=127.0.0.1,localhost"), server);
        }
    }

    /** A whole process run to its end; a non-zero exit is an error naming its log. */
    private Step run(Path dir, String name, List<String> args, ReplayServer server) throws IOException, InterruptedException {
        Path stats = dir.resolve(name + ".stats");
        Files.deleteIfExists(stats);
        long before = server == null ? 0 : server.requestCount();
        long busyBefore = server == null ? 0 : server.busyMillis();
        long t0 = System.nanoTime();
        int exit = process(dir, name, args, stats).waitFor();
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (exit != 0) {
            throw new IOException(name + " exited with " + exit + "; see " + dir.resolve(name + ".log"));
        }
        return new Step(seconds, cpu(stats), server == null ? -1 : server.requestCount() - before, peakRss(stats),
                server == null ? 0 : (server.busyMillis() - busyBefore) / 1000.0);
    }

    private Process process(Path dir, String name, List<String> args, Path stats) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(java, "-jar", jar.toString()));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("PPLX_EXPORT_") || k.startsWith("XDG_"));
        pb.environment().put("HOME", dir.resolve("home").toString());
        pb.environment().put(ProcessStats.ENV, stats.toString());
        return pb.start();
    }

    /** serve: start to the first page (its catch-up included), then {@code searches} searches; p95 into {@code p95}. */
    private Step serve(Path dir, Path out, double[] p95) throws IOException, InterruptedException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path stats = dir.resolve("serve.stats");
        Files.deleteIfExists(stats);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        String base = "http://127.0.0.1:" + port;
        long start = System.nanoTime();
        Process serve = process(dir, "serve", List.of("serve", "--out", out.toString(), "--port", String.valueOf(port)), stats);
        double firstPage = -1;
        double firstPageCpu = 0;
        List<Double> times = new ArrayList<>();
        try {
            while (firstPage < 0) {
                if (!serve.isAlive() || System.nanoTime() - start > TimeUnit.SECONDS.toNanos(120)) {
                    throw new IOException("serve did not answer; see " + dir.resolve("serve.log"));
                }
                try {
                    if (get(http, base + "/") == 200) {
                        firstPage = (System.nanoTime() - start) / 1e9;
                        firstPageCpu = ServeBenchmark.cpuSeconds(serve);
                    }
                } catch (IOException e) {
                    Thread.sleep(20);
                }
            }
            for (int i = 0; i < searches; i++) {
                String q = ServeBenchmark.QUERIES.get(i % ServeBenchmark.QUERIES.size());
                long t0 = System.nanoTime();
                if (get(http, base + "/search?" + (q.startsWith("q=") ? q : "q=" + URLEncoder.encode(q, StandardCharsets.UTF_8))) != 200) {
                    throw new IOException("a search failed: " + q);
                }
                times.add((System.nanoTime() - t0) / 1e6);
            }
        } finally {
            serve.destroy(); // SIGTERM: the JVMs report their peak memory on the way out
            if (!serve.waitFor(20, TimeUnit.SECONDS)) {
                serve.destroyForcibly();
            }
        }
        p95[0] = ServeBenchmark.percentile(times, 95);
        return new Step(firstPage, firstPageCpu, -1, peakRss(stats), 0);
    }

    private static int get(HttpClient http, String url) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /** The CPU time the stats file records, all JVMs together (the launcher and the JVM it starts). */
    private static double cpu(Path stats) throws IOException {
        long ms = 0;
        if (Files.exists(stats)) {
            for (String line : Files.readAllLines(stats, StandardCharsets.UTF_8)) {
                String[] f = line.split(" ");
                if (f.length >= 4) {
                    ms += Math.max(0, Long.parseLong(f[3]));
                }
            }
        }
        return ms / 1000.0;
    }

    /** The largest peak RSS the stats file records (the launcher's and the JVM it starts). */
    private static long peakRss(Path stats) throws IOException {
        long rss = -1;
        if (Files.exists(stats)) {
            for (String line : Files.readAllLines(stats, StandardCharsets.UTF_8)) {
                String[] f = line.split(" ");
                if (f.length >= 3) {
                    rss = Math.max(rss, Long.parseLong(f[2]));
                }
            }
        }
        return rss;
    }
}
