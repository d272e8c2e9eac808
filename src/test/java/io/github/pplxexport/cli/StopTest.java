package io.github.pplxexport.cli;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.library.BatchState;
import io.github.pplxexport.replay.FaultPlan;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import io.github.pplxexport.testkit.Archives;
import io.github.pplxexport.testkit.ChildJvm;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C and SIGTERM as a user sends them: the real CLI in its own JVM against a replay API whose answers can be
 * made slow. The request in flight or the pause is abandoned, the threads done are in the state file, one line
 * says what was done and what is left, the exit code is 130 / 143, all within 5 s, and no Camel shutdown report.
 */
class StopTest {
    /** The issue's bound, from the signal to the exit. */
    static final long MAX_STOP_MILLIS = 5000;

    @TempDir
    Path tmp;

    /** alice's threads in the sample: what a sync of hers plans to export. */
    static int aliceThreads() throws Exception {
        try (var dirs = Files.find(Paths.get("archive-sample", "alice"), 3, (p, a) -> p.endsWith("thread.json"))) {
            return (int) dirs.count();
        }
    }

    private Path cookies;

    @BeforeEach
    void cookies() throws Exception {
        cookies = DemoCommand.writeCookies(tmp, "alice");
    }

    /**
     * The number (1-based, as the replay's fault plan counts) of the first request of alice's second thread in a
     * sync: found by a sync of the same library in this JVM, with the replay's request log.
     */
    private int firstRequestOfTheSecondThread() throws Exception {
        Path log = tmp.resolve("probe-requests.jsonl");
        try (ReplayServer probe = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample")).withPort(0).withRequestLog(log))) {
            int code = PplxExportCli.execute("--base-url", probe.baseUri().toString(), "--cookies", cookies.toString(),
                    "--out", tmp.resolve("probe").toString(), "sync", "--no-pacing");
            assertEquals(0, code);
        }
        Set<String> threads = new LinkedHashSet<>();
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            @SuppressWarnings("unchecked") Map<String, Object> r = (Map<String, Object>) Json.parse(line);
            String path = J.str(r, "path");
            if (path.startsWith("/rest/thread/")) {
                threads.add(path);
                if (threads.size() == 2) {
                    return ((Number) r.get("n")).intValue();
                }
            }
        }
        throw new IllegalStateException("fewer than two threads in " + log);
    }

    private static List<String> cli(ReplayServer server, Path cookies, Path out, String... args) {
        List<String> all = new ArrayList<>(List.of("--base-url", server.baseUri().toString(), "--cookies", cookies.toString(),
                "--out", out.toString()));
        all.addAll(List.of(args));
        return all;
    }

    /** Sends the signal once {@code line} is on the console; returns the outcome and the milliseconds to the exit. */
    private static Stopped stopAfter(ChildJvm.Running p, String line, String signal) throws Exception {
        p.awaitLine(line, 120);
        Thread.sleep(300); // well inside the wait or the request that follows the line
        long sent = System.nanoTime();
        p.signal(signal);
        ChildJvm.Result r = p.waitFor(60);
        return new Stopped(r, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent));
    }

    /** Sends the signal now; returns the outcome and the milliseconds to the exit. */
    private static Stopped stopNow(ChildJvm.Running p, String signal) throws Exception {
        long sent = System.nanoTime();
        p.signal(signal);
        ChildJvm.Result r = p.waitFor(60);
        return new Stopped(r, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent));
    }

    private record Stopped(ChildJvm.Result result, long millis) {
    }

    /** The replay's proxy settings for the sample's CDN (as the demo sets them), as -D options. */
    private static List<String> cdnThroughReplay(ReplayServer server) {
        List<String> args = new ArrayList<>();
        DemoCommand.cdnThroughReplay(server.port()).forEach((k, v) -> args.addAll(List.of("-D", k + "=" + v)));
        return args;
    }

    /** Exit code, time, the last line, nothing of Camel's shutdown report. */
    private static void assertStopped(Stopped s, int exit, String lastLine) {
        ChildJvm.Result r = s.result();
        System.out.println("stop: exit " + r.exit() + " " + s.millis() + " ms after the signal: "
                + r.errLines().get(r.errLines().size() - 1));
        assertEquals(exit, r.exit(), r.toString());
        assertTrue(s.millis() < MAX_STOP_MILLIS, "exit " + s.millis() + " ms after the signal\n" + r);
        List<String> lines = r.errLines();
        assertTrue(lines.get(lines.size() - 1).matches("\\d\\d:\\d\\d:\\d\\d " + java.util.regex.Pattern.quote(lastLine)), r.toString());
        for (String l : lines) {
            assertTrue(l.matches("\\d\\d:\\d\\d:\\d\\d .*"), "one line per event, no trace: " + l + "\n" + r);
            for (String dump : List.of("Exception", "inflight", "Message History", "Forcing shutdown", "Timeout occurred",
                    "graceful shutdown", "retry ")) {
                assertTrue(!l.contains(dump), "no '" + dump + "' in: " + l + "\n" + r);
            }
        }
    }

    private static Map<String, Object> state(Path out) throws Exception {
        return Json.readObject(BatchState.file(out));
    }

    @Test
    void sigtermDuringARequestAbandonsItSavesTheStateAndExits143() throws Exception {
        int slow = firstRequestOfTheSecondThread();
        Path out = tmp.resolve("out");
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample")).withPort(0)
                .withFaults(FaultPlan.parse("slow:60000@" + slow)));
             ChildJvm.Running p = ChildJvm.start(tmp, cli(server, cookies, out, "sync", "--no-pacing").toArray(String[]::new))) {
            // the second thread's first request now takes a minute
            int n = aliceThreads();
            Stopped s = stopAfter(p, "[batch 2/" + n + "]", "TERM");

            assertStopped(s, 143, "stopped by SIGTERM: 1 of " + n + " exported, " + (n - 1) + " left; run sync again to continue");
            Map<String, Object> state = state(out);
            assertEquals(1, state.size(), "the first thread is saved, the interrupted one is not recorded: " + state);
            assertEquals("ok", J.str(state.values().iterator().next(), "status"));
            Path deadLetters = out.resolve("index/dead_letters.jsonl");
            assertTrue(!Files.exists(deadLetters) || Files.readAllLines(deadLetters).stream()
                    .noneMatch(l -> "thread".equals(J.str(Json.parse(l), "kind"))), "no dead letter for the stopped thread");
        }
    }

    @Test
    void ctrlCDuringThePauseBetweenThreadsExits130() throws Exception {
        Path out = tmp.resolve("out");
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample")).withPort(0));
             ChildJvm.Running p = ChildJvm.start(tmp, cli(server, cookies, out, "sync", "--no-pacing",
                     "--delay-min", "60", "--delay-max", "60").toArray(String[]::new))) {
            Stopped s = stopAfter(p, "[batch] 间隔 60.0s", "INT");

            int n = aliceThreads();
            assertStopped(s, 130, "stopped by SIGINT: 1 of " + n + " exported, " + (n - 1) + " left; run sync again to continue");
            assertEquals(1, state(out).size(), state(out).toString());
        }
    }

    @Test
    void theServiceStopsInsideASync() throws Exception {
        int slow = firstRequestOfTheSecondThread();
        Path out = tmp.resolve("out");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample")).withPort(0)
                .withFaults(FaultPlan.parse("slow:60000@" + (slow + 1))));   // the service checks the session once more
             ChildJvm.Running p = ChildJvm.start(tmp, cli(server, cookies, out, "run", "--no-pacing", "--cron", "0/2 * * * * ?",
                     "-D", "pplx.management.port=" + port).toArray(String[]::new))) {
            int n = aliceThreads();
            Stopped s = stopAfter(p, "[batch 2/" + n + "]", "TERM");

            assertStopped(s, 143, "stopped by SIGTERM: 0 scheduled sync(s) done, 0 with failures;"
                    + " the sync in progress: 1 of " + n + " exported, " + (n - 1) + " left");
            assertEquals(1, state(out).size(), state(out).toString());
        }
    }

    @Test
    void sigtermStopsAReRenderBetweenThreadDirs() throws Exception {
        Path archive = tmp.resolve("archive");
        int dirs = 1000;
        io.github.pplxexport.sample.SyntheticArchive.build(Paths.get("archive-sample"), archive, dirs);
        try (ChildJvm.Running p = ChildJvm.start(tmp, "re-render", "--out", archive.toString(), "--workers", "1")) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (Archives.conversations(archive) == 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(Archives.conversations(archive) > 0, "the run got going:\n" + p.stderr());
            Stopped s = stopNow(p, "TERM");

            ChildJvm.Result r = s.result();
            long rendered = Archives.conversations(archive);
            assertTrue(rendered < dirs, "the others untouched: " + rendered + " of " + dirs);
            assertEquals(143, r.exit(), r.toString());
            assertTrue(s.millis() < MAX_STOP_MILLIS, "exit " + s.millis() + " ms after the signal\n" + r);
            String last = r.errLines().get(r.errLines().size() - 1);
            assertTrue(last.matches("\\d\\d:\\d\\d:\\d\\d stopped by SIGTERM: \\d+ thread dir\\(s\\) done \\(rendered=\\d+ unchanged=0"
                    + " skip=0 fail=0\\), the others untouched; run re-render again to continue"), r.toString());
            assertTrue(r.errLines().stream().noneMatch(l -> l.contains("[re-render] 完成")), "no end-of-run line: " + r);
        }
    }

    @Test
    void sigtermEndsThePauseBetweenDeletionCandidates() throws Exception {
        Path out = tmp.resolve("out");
        List<String> uuids = new ArrayList<>();
        try (var files = Files.find(Paths.get("archive-sample", "alice"), 3, (p, a) -> p.endsWith("thread.json"))) {
            for (Path f : files.sorted().toList()) {
                uuids.add(J.str(Json.readObject(f), "web_uuid"));
            }
        }
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample")).withPort(0))) {
            assertEquals(0, PplxExportCli.execute(cli(server, cookies, out, "sync", "--no-pacing").toArray(String[]::new)));
        }
        // two threads leave the listing: the next index makes them deletion candidates
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample")).withPort(0)
                .withFaults(FaultPlan.parse("unlisted:" + uuids.get(0) + ",unlisted:" + uuids.get(1))))) {
            assertEquals(0, PplxExportCli.execute(cli(server, cookies, out, "index", "--full", "--no-pacing").toArray(String[]::new)));
            try (ChildJvm.Running p = ChildJvm.start(tmp, cli(server, cookies, out, "sync-deleted", "--online",
                    "--delay-min", "60", "--delay-max", "60").toArray(String[]::new))) {
                Stopped s = stopAfter(p, "[sync-deleted] 间隔 60.0s", "TERM");

                assertStopped(s, 143, "stopped by SIGTERM: 1 candidate(s) checked; run sync-deleted --online again to continue");
            }
        }
    }

    /**
     * A SIGTERM while an asset is downloading: the download is abandoned, not failed (no dead letter), and the thread
     * is not recorded, so the next run exports it again, its assets included.
     */
    @Test
    void sigtermDuringAnAssetDownloadWritesNoDeadLetterAndLeavesTheThreadToTheNextRun() throws Exception {
        Path bob = DemoCommand.writeCookies(tmp, "bob");
        Path log = tmp.resolve("probe-requests.jsonl");
        int cdn = 0;
        List<String> before = new ArrayList<>();
        try (ReplayServer probe = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample")).withPort(0).withRequestLog(log))) {
            List<String> args = cli(probe, bob, tmp.resolve("probe"), "sync", "--no-pacing");
            args.addAll(cdnThroughReplay(probe));
            assertEquals(0, PplxExportCli.execute(args.toArray(String[]::new)));
        }
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            Map<String, Object> r = J.asMap(Json.parse(line));
            String path = J.str(r, "path");
            if (io.github.pplxexport.replay.ReplayApi.CDN_HOST.equals(J.str(r, "host"))) {
                cdn = ((Number) r.get("n")).intValue();
                break;
            }
            if (path.startsWith("/rest/thread/") && !before.contains(path.substring("/rest/thread/".length()))) {
                before.add(path.substring("/rest/thread/".length()));
            }
        }
        assertTrue(cdn > 0, "bob's sync downloads an asset: " + log);
        String thread = before.get(before.size() - 1);
        Path out = tmp.resolve("out");
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample")).withPort(0)
                .withFaults(FaultPlan.parse("slow:60000@" + cdn)))) {
            List<String> args = cli(server, bob, out, "sync", "--no-pacing");
            args.addAll(cdnThroughReplay(server));
            try (ChildJvm.Running p = ChildJvm.start(tmp, args.toArray(String[]::new))) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (server.requestCount() < cdn && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertEquals(cdn, server.requestCount(), "the slow download is in flight:\n" + p.stderr());
                Thread.sleep(300);
                Stopped s = stopNow(p, "TERM");

                int n = (int) Files.find(Paths.get("archive-sample", "bob"), 3, (f, a) -> f.endsWith("thread.json")).count();
                int done = before.size() - 1;
                assertStopped(s, 143, "stopped by SIGTERM: " + done + " of " + n + " exported, " + (n - done)
                        + " left; run sync again to continue");
            }
        }
        assertTrue(!Files.exists(BatchState.file(out)) || !state(out).containsKey(thread),
                "the thread whose download was abandoned is not recorded: " + (Files.exists(BatchState.file(out)) ? state(out) : "no state"));
        Path deadLetters = out.resolve("index/dead_letters.jsonl");
        assertTrue(!Files.exists(deadLetters) || Files.readAllLines(deadLetters).stream()
                .noneMatch(l -> "asset".equals(J.str(Json.parse(l), "kind"))), "no asset dead letter");
    }
}
