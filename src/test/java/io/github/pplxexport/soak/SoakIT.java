package io.github.pplxexport.soak;

import io.github.pplxexport.asset.AssetBody;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.replay.FaultPlan;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import io.github.pplxexport.testkit.GrownLibrary;
import io.github.pplxexport.testkit.PackagedJar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A long faulty run, as an operator would live it: a library grown from the sample (assets included) behind the
 * replay with every fault kind on every request kind (API and CDN alike), the exporter ({@code java -jar}, as users
 * run it) killed with SIGKILL at three random points, then synced again, as a cron would, until it converges
 * (within 3 syncs after the kills). Asserts that the archive then equals a clean run's byte for byte (thread.json
 * without {@code exported_at}), that no asset file holds an error page, that no temp file is left, that the dead
 * letters hold one line per failed item, never two, after every run, killed or not (after a finished run: the
 * threads in state error and the asset versions its summary says failed; at the end only the sibling links), and that
 * nothing in the logs comes from the failure handling itself. Prints its figures: runs to converge, requests by
 * status, wall time, peak RSS.
 *
 * <p>Sized for CI by default (150 threads). The manual runs of docs/development.md set the system properties
 * {@code pplx.soak.threads}, {@code .faults}, {@code .kills}, {@code .retry-delay-ms}, {@code .asset-retry-delay-ms},
 * {@code .timeout-ms}, {@code .max-syncs}, {@code .seed}, {@code .dir}.
 */
class SoakIT {
    /** Every fault kind, seeded: each request of the API and of the CDN draws them. */
    static final String FAULTS = "rate:0.10:429:seed=1,rate:0.05:503:seed=2,rate:0.02:truncated:seed=3,"
            + "rate:0.02:reset:seed=4,rate:0.02:malformed:seed=5,rate:0.01:slow:1500:seed=6";
    private static final int THREADS = Integer.getInteger("pplx.soak.threads", 150);
    private static final String SPEC = System.getProperty("pplx.soak.faults", FAULTS);
    private static final int KILLS = Integer.getInteger("pplx.soak.kills", 3);
    private static final long RETRY_MS = Long.getLong("pplx.soak.retry-delay-ms", 20);
    /** The CDN's retry delay; negative keeps the exporter's own (pplx.asset.retry.*). */
    private static final long ASSET_RETRY_MS = Long.getLong("pplx.soak.asset-retry-delay-ms", RETRY_MS);
    /** The HTTP timeouts: the slow faults (1.5 s) go beyond them; 0 keeps the exporter's own. */
    private static final long TIMEOUT_MS = Long.getLong("pplx.soak.timeout-ms", 1000);
    /** Syncs after the killed ones before the archive must equal the clean one. */
    private static final int MAX_SYNCS = Integer.getInteger("pplx.soak.max-syncs", 3);
    private static final long SEED = Long.getLong("pplx.soak.seed", 16);
    private static final Pattern FAILED = Pattern.compile("fail=(\\d+)");
    private static final Pattern ASSETS_FAILED = Pattern.compile("assets: (\\d+) failed, retried by the next run");
    /** What only Camel's own handling of a failing failure handler writes. */
    private static final List<String> HANDLING = List.of("while trying to handle", "NoTypeConversionAvailableException",
            "Failed delivery", "DeadLetterChannel", "Exhausted after delivery");

    @TempDir
    Path scratch;
    /** {@code pplx.soak.dir} keeps everything (libraries, archives, logs) for a look afterwards. */
    private Path tmp;

    private Path jar;
    private Path stats;
    private final List<String> problems = new ArrayList<>();

    @Test
    void aLongFaultyRunKilledThreeTimesConvergesToTheCleanArchive() throws Exception {
        tmp = System.getProperty("pplx.soak.dir") == null ? scratch
                : Files.createDirectories(Paths.get(System.getProperty("pplx.soak.dir")).toAbsolutePath());
        jar = PackagedJar.jar();
        stats = tmp.resolve("stats.txt");
        Path served = tmp.resolve("served");
        // every sample thread, all in one account: one sync per run
        GrownLibrary.grow(served, THREADS, Set.of("alice", "bob"), "alice");
        writeAccount();

        long cleanStart = System.nanoTime();
        Map<String, String> clean;
        long cleanRequests;
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(served).withPort(0).withAccount("alice", null))) {
            Run r = new Run(server, tmp.resolve("clean"), 0, -1);
            assertEquals(0, r.exit, "the clean run: " + r.tail());
            cleanRequests = server.requestCount();
            clean = GrownLibrary.comparable(tmp.resolve("clean"));
        }
        long cleanMillis = (System.nanoTime() - cleanStart) / 1_000_000;
        assertTrue(clean.keySet().stream().anyMatch(f -> f.contains("/assets/files/")), "the library has assets: " + clean.size()
                + " files, " + cleanRequests + " requests");

        Path out = tmp.resolve("faulty");
        Path requestLog = tmp.resolve("requests.jsonl");
        Random random = new Random(SEED);
        List<Run> runs = new ArrayList<>();
        long start = System.nanoTime();
        boolean converged = false;
        int afterKills = 0;
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(served).withPort(0).withAccount("alice", null)
                .withFaults(FaultPlan.parse(SPEC)).withRequestLog(requestLog))) {
            while (afterKills < MAX_SYNCS && !(converged && kills(runs) == KILLS)) {
                long killAt = -1;
                if (kills(runs) < KILLS) {
                    // a random point among the run's first requests (a third of a clean run's at most), a little
                    // later still by a random pause
                    killAt = server.requestCount() + 5 + (long) (random.nextDouble() * cleanRequests * 0.3);
                }
                Run r = new Run(server, out, runs.size() + 1, killAt, random.nextInt(40));
                runs.add(r);
                if (r.killed) {
                    continue;
                }
                if (kills(runs) == KILLS) {
                    afterKills++;
                }
                converged = r.exit == 0 && GrownLibrary.comparable(out).equals(clean);
            }
        }
        long wallMillis = (System.nanoTime() - start) / 1_000_000;

        Map<String, String> faulty = GrownLibrary.comparable(out);
        String figures = figures(runs, requestLog, cleanMillis, wallMillis, converged, afterKills);
        System.out.println(figures);
        Files.writeString(Paths.get("target", "soak-figures.txt"), figures + "\n", StandardCharsets.UTF_8);

        assertEquals(KILLS, kills(runs), "the exporter was killed " + KILLS + " times\n" + figures);
        assertTrue(converged, "converged within " + MAX_SYNCS + " syncs after the kills; files differing: "
                + differing(clean, faulty) + "\n" + figures);
        assertEquals(clean, faulty, "every file identical");
        try (Stream<Path> s = Files.walk(out)) {
            List<Path> all = s.filter(Files::isRegularFile).toList();
            assertEquals(List.of(), all.stream().filter(p -> p.getFileName().toString().endsWith(".tmp")).toList(), "no temp file left");
            for (Path p : all) {
                if (p.getParent().endsWith(Paths.get("assets", "files"))) {
                    byte[] head = new byte[AssetBody.HEAD_BYTES];
                    int n;
                    try (InputStream in = Files.newInputStream(p)) {
                        n = in.readNBytes(head, 0, head.length);
                    }
                    assertTrue(AssetBody.damage(p.getFileName().toString(), java.util.Arrays.copyOf(head, n)).isEmpty(),
                            "no error page in an asset file: " + p);
                }
            }
        }
        assertEquals(List.of(), problems, "dead letters and logs of every run");
        // converged: what is still wrong is the siblings the platform refuses (403), each once
        List<Map<String, Object>> letters = letters(out);
        assertEquals(List.of(), letters.stream().filter(l -> !"sibling_link".equals(l.get("kind"))).toList(),
                "every thread and asset done: their lines removed");
        Set<String> siblings = new HashSet<>();
        for (Map<String, Object> l : letters) {
            assertTrue(siblings.add(J.str(l, "web_uuid") + " " + J.str(l, "sibling_uuid")), "a sibling link once ever: " + l);
        }
    }

    private static long kills(List<Run> runs) {
        return runs.stream().filter(r -> r.killed).count();
    }

    /** One exporter run ({@code java -jar … sync}), SIGKILLed when the replay has answered {@code killAt} requests. */
    private final class Run {
        final int n;
        int exit;
        boolean killed;
        final long millis;
        final String stderr;

        Run(ReplayServer server, Path out, int n, long killAt) throws Exception {
            this(server, out, n, killAt, 0);
        }

        Run(ReplayServer server, Path out, int n, long killAt, int pauseMillis) throws Exception {
            this.n = n;
            Path err = tmp.resolve("run-" + n + ".err");
            List<String> cmd = new ArrayList<>(List.of(PackagedJar.java(),
                    "-jar", jar.toString(), "sync", "--out", out.toString(), "--config", tmp.resolve("config.toml").toString(),
                    "--account", "alice", "--cookies", tmp.resolve("cookies.txt").toString(),
                    "--base-url", server.baseUri().toString(), "--no-pacing",
                    "-D", "pplx.retry.delay-ms=" + RETRY_MS, "-D", "pplx.retry.maximum-delay-ms=" + RETRY_MS * 5,
                    // the sample's signed URLs reach the replay as camel-http's proxy
                    "-D", "camel.component.http.proxy-host=127.0.0.1", "-D", "camel.component.http.proxy-port=" + server.port(),
                    "-D", "camel.component.http.non-proxy-hosts=127.0.0.1,localhost"));
            if (ASSET_RETRY_MS >= 0) {
                cmd.addAll(List.of("-D", "pplx.asset.retry.delay-ms=" + ASSET_RETRY_MS,
                        "-D", "pplx.asset.retry.maximum-delay-ms=" + ASSET_RETRY_MS * 5));
            }
            if (TIMEOUT_MS > 0) {
                cmd.addAll(List.of("-D", "camel.component.http.response-timeout=" + TIMEOUT_MS,
                        "-D", "camel.component.http.so-timeout=" + TIMEOUT_MS));
            }
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(err.toFile());
            pb.environment().keySet().removeIf(k -> k.startsWith("PPLX_EXPORT_"));
            pb.environment().put("PPLX_EXPORT_STATS", stats.toString());
            long t0 = System.nanoTime();
            Process p = pb.start();
            while (p.isAlive() && !killed) {
                if (killAt >= 0 && server.requestCount() >= killAt) {
                    Thread.sleep(pauseMillis);
                    // the exporter is the launcher's child JVM: kill -9 it, the launcher then ends with it
                    for (ProcessHandle child : p.toHandle().children().toList()) {
                        killed |= child.destroyForcibly();
                    }
                }
                p.waitFor(10, TimeUnit.MILLISECONDS);
            }
            if (!p.waitFor(600, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("run " + n + " did not end");
            }
            millis = (System.nanoTime() - t0) / 1_000_000;
            exit = p.exitValue();
            stderr = Files.readString(err, StandardCharsets.UTF_8);
            check(out);
        }

        /**
         * The dead letters after this run (killed or not): one line per failed item, never two; after a run that
         * wrote its summary, the file is what is still wrong: a thread line for each thread in state error, an asset
         * line for each version whose download failed in the run. And its log against the failure handling's lines.
         */
        private void check(Path out) throws IOException {
            for (String bad : HANDLING) {
                if (stderr.contains(bad)) {
                    problems.add("run " + n + " logged '" + bad + "'");
                }
            }
            List<Map<String, Object>> all = letters(out);
            Set<String> items = new HashSet<>();
            for (Map<String, Object> l : all) {
                String item = String.join(" ", J.str(l, "kind"), J.str(l, "web_uuid"), J.str(l, "sibling_uuid"),
                        J.str(l, "asset_uuid"), J.str(l, "filename"), J.str(l, "version"));
                if (!items.add(item)) {
                    problems.add("run " + n + ": a dead letter written twice: " + item);
                }
            }
            Matcher fail = FAILED.matcher(stderr);
            if (killed || exit > 1 || !fail.find()) {
                return; // no summary: nothing to hold its letters against
            }
            Matcher assets = ASSETS_FAILED.matcher(stderr);
            Set<String> threads = new java.util.TreeSet<>();
            all.stream().filter(l -> "thread".equals(l.get("kind"))).forEach(l -> threads.add(J.str(l, "web_uuid")));
            Set<String> failing = new java.util.TreeSet<>();
            Path state = out.resolve("index").resolve("batch_state.json");
            if (Files.exists(state)) {
                Json.readObject(state).forEach((uuid, r) -> {
                    if ("error".equals(J.str(r, "status"))) {
                        failing.add(uuid);
                    }
                });
            }
            if (!threads.equals(failing)) {
                problems.add("run " + n + ": thread dead letters " + threads + " for the threads in state error " + failing
                        + " (fail=" + fail.group(1) + ")");
            }
            long versions = all.stream().filter(l -> "asset".equals(l.get("kind"))
                    && !"ASSET_NOT_FOUND".equals(J.str(l, "error_code"))).count();
            if (versions != (assets.find() ? Long.parseLong(assets.group(1)) : 0)) {
                problems.add("run " + n + ": " + versions + " asset dead letters for the summary's " + (assets.find(0)
                        ? assets.group(1) : "0") + " failed downloads");
            }
        }

        String tail() {
            List<String> lines = stderr.lines().toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        }
    }

    private void writeAccount() throws IOException {
        Files.writeString(tmp.resolve("config.toml"), "default_account = \"alice\"\n\n[accounts.alice]\nemail = \"alice@example.com\"\n",
                StandardCharsets.UTF_8);
        Files.writeString(tmp.resolve("cookies.txt"), "# Netscape HTTP Cookie File\n"
                + "127.0.0.1\tFALSE\t/\tFALSE\t0\t__Secure-next-auth.session-token\talice\n", StandardCharsets.UTF_8);
    }

    private static List<Map<String, Object>> letters(Path out) throws IOException {
        Path f = out.resolve("index").resolve("dead_letters.jsonl");
        List<Map<String, Object>> l = new ArrayList<>();
        if (Files.exists(f)) {
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                l.add(J.asMap(Json.parse(line)));
            }
        }
        return l;
    }

    private static List<String> differing(Map<String, String> clean, Map<String, String> faulty) {
        Set<String> names = new java.util.TreeSet<>(clean.keySet());
        names.addAll(faulty.keySet());
        return names.stream().filter(f -> !java.util.Objects.equals(clean.get(f), faulty.get(f))).limit(20).toList();
    }

    /** The figures: runs, requests by status and fault, wall time, peak RSS of the exporter JVMs. */
    private String figures(List<Run> runs, Path requestLog, long cleanMillis, long wallMillis, boolean converged,
                           int afterKills) throws IOException {
        Map<String, Integer> byStatus = new TreeMap<>();
        Map<String, Integer> byFault = new TreeMap<>();
        long cdn = 0;
        long total = 0;
        for (String line : Files.readAllLines(requestLog, StandardCharsets.UTF_8)) {
            Map<String, Object> r = J.asMap(Json.parse(line));
            total++;
            byStatus.merge(String.valueOf(r.get("status")), 1, Integer::sum);
            if (r.get("fault") != null) {
                byFault.merge(J.str(r, "fault"), 1, Integer::sum);
            }
            if (r.get("url") != null) {
                cdn++;
            }
        }
        long peakKb = 0;
        if (Files.exists(stats)) {
            for (String l : Files.readAllLines(stats, StandardCharsets.UTF_8)) {
                String[] f = l.split(" ");
                if (f.length >= 3 && f[0].equals("run")) {
                    peakKb = Math.max(peakKb, Long.parseLong(f[2]));
                }
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("threads", THREADS);
        m.put("faults", SPEC);
        m.put("retry delay ms", RETRY_MS + " (API), " + (ASSET_RETRY_MS >= 0 ? ASSET_RETRY_MS : "default") + " (CDN)");
        m.put("timeout ms", TIMEOUT_MS);
        m.put("clean run s", String.format("%.1f", cleanMillis / 1000.0));
        List<String> rs = new ArrayList<>();
        for (Run r : runs) {
            rs.add(r.n + ":" + (r.killed ? "killed" : "exit " + r.exit) + " " + String.format("%.1f", r.millis / 1000.0) + "s");
        }
        m.put("runs", String.join(", ", rs));
        m.put("syncs after the kills", (converged ? "converged after " : "NOT converged after ") + afterKills);
        m.put("requests", total + " (" + cdn + " to the CDN), by status " + byStatus + ", faults " + byFault);
        m.put("wall s", String.format("%.1f", wallMillis / 1000.0));
        m.put("peak RSS MiB", peakKb / 1024);
        StringBuilder sb = new StringBuilder("soak:");
        m.forEach((k, v) -> sb.append("\n  ").append(k).append(": ").append(v));
        return sb.toString();
    }
}
