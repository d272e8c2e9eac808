package io.github.pplxexport.export;

import io.github.pplxexport.config.UserConfig;
import io.github.pplxexport.library.IncrementalPlanner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BatchRunTest {
    @TempDir
    Path out;

    /** Failures as words only: this test has none. */
    private static final Failures NONE = new Failures() {
        @Override
        public String line(Exception e) {
            return e.getMessage();
        }

        @Override
        public Integer status(Exception e) {
            return null;
        }

        @Override
        public String code(Exception e) {
            return "";
        }
    };

    /** alice's index of {@code n} threads: title a, b, …, uuid u1…un, u1 the newest (2026-05-0n), un 2026-05-01. */
    private void library(int n) throws Exception {
        Files.createDirectories(out.resolve("index"));
        StringBuilder rows = new StringBuilder();
        for (int i = 1; i <= n; i++) {
            rows.append(i > 1 ? ",\n" : "").append(String.format("{\"title\": \"%c\", \"entryUUID\": \"u%d\", \"lastUpdated\": \"2026-05-%02dT00:00:00Z\"}",
                    (char) ('a' + i - 1), i, n + 1 - i));
        }
        Files.writeString(out.resolve("index/library_alice.json"), "{\"account\": \"alice\", \"count\": " + n + ", \"threads\": [\n" + rows + "]}");
    }

    @Test
    void summaryCountsPlannedPlusEarlyStoppedAndEachRunStartsFromZero() throws Exception {
        library(3);
        Files.writeString(out.resolve("index/batch_state.json"), """
                {"u2": {"status": "ok", "lastUpdated": "2026-05-02T00:00:00Z"},
                 "u3": {"status": "ok", "lastUpdated": "2026-05-01T00:00:00Z"}}""");
        BatchRun batch = new BatchRun(new ExportSettings(out, UserConfig.degradedConfig(), Clock.systemUTC()),
                new Pacing(0, 0), 0, NONE);

        for (int round = 1; round <= 2; round++) {
            RunState run = batch.start(new BatchOptions("alice", false, false, 0, null));
            List<IncrementalPlanner.Item> items = batch.plan(run);
            assertEquals(1, items.size(), "u2 and u3 are the early-stopped tail");
            ExportRequest req = batch.begin(run, items.get(0));
            assertEquals("alice", req.account());
            batch.exported(run, new ExportedThread("u1", "a", "search", "2026-05-03T00:00:00Z", out, true, 0));
            BatchSummary s = batch.finish(run);
            assertEquals("[batch] 完成。ok=1 skip=2 fail=0 / 共 3", s.line(), "round " + round);
            Files.writeString(out.resolve("index/batch_state.json"), """
                    {"u2": {"status": "ok", "lastUpdated": "2026-05-02T00:00:00Z"},
                     "u3": {"status": "ok", "lastUpdated": "2026-05-01T00:00:00Z"}}""");
        }
    }

    @Test
    void aStoppedRunSaysWhatIsLeft() throws Exception {
        library(4);
        java.util.concurrent.atomic.AtomicBoolean stopping = new java.util.concurrent.atomic.AtomicBoolean();
        BatchRun batch = new BatchRun(new ExportSettings(out, UserConfig.degradedConfig(), Clock.systemUTC()),
                new Pacing(60_000, 60_000), 0, NONE, stopping::get, RunMetrics.NONE);
        RunState run = batch.start(new BatchOptions("alice", false, false, 0, null));
        List<IncrementalPlanner.Item> items = batch.plan(run);
        batch.begin(run, items.get(0));
        batch.exported(run, new ExportedThread("u1", "a", "search", "2026-05-04T00:00:00Z", out.resolve("alice/search/a"), true, 0));
        batch.begin(run, items.get(1));
        batch.exported(run, new ExportedThread("u2", "b", "study", "2026-05-03T00:00:00Z", out.resolve("alice/study/b"), false, 0));
        ExportRequest third = batch.begin(run, items.get(2));
        stopping.set(true);
        batch.interrupted(run, third);
        long paused = System.nanoTime();
        batch.pause(run);

        assertTrue(System.nanoTime() - paused < 1_000_000_000L, "a stopping run does not wait the minute");
        BatchSummary s = batch.finish(run);
        assertTrue(s.stopped());
        assertEquals("1 of 4 exported, 1 skipped, 2 left", s.progress());
    }

    @Test
    void aCoolDownLengthensOnlyTheNextPause() throws Exception {
        BatchRun batch = new BatchRun(new ExportSettings(out, UserConfig.degradedConfig(), Clock.systemUTC()),
                new Pacing(0, 0), 60_000, NONE);
        RunState run = batch.start(new BatchOptions("alice", false, false, 0, null));
        assertEquals(0, batch.pauseMillis(run), "nothing before the first thread");
        run.exportedBefore = true;
        assertEquals(0, batch.pauseMillis(run));
        run.coolDown();
        assertEquals(60_000, batch.pauseMillis(run), "after retries were used up: at least the retry delay");
        assertEquals(0, batch.pauseMillis(run), "once");
    }

    /** A thread that failed with a cause that may pass comes back once in the second pass; a refusal and the property off do not. */
    @Test
    void theSecondPassHoldsTheThreadsWhoseFailureMayPassOnce() throws Exception {
        library(3);
        Failures messageSays = new Failures() {
            @Override
            public String line(Exception e) {
                return e.getMessage();
            }

            @Override
            public Integer status(Exception e) {
                return null;
            }

            @Override
            public String code(Exception e) {
                return "";
            }

            @Override
            public boolean mayPassLater(Exception e) {
                return e.getMessage().startsWith("HTTP 503");
            }
        };
        ExportSettings settings = new ExportSettings(out, UserConfig.degradedConfig(), Clock.systemUTC());
        for (boolean on : new boolean[] {true, false}) {
            Files.deleteIfExists(out.resolve("index/batch_state.json"));
            BatchRun batch = new BatchRun(settings, new Pacing(0, 0), 0, messageSays, () -> false, RunMetrics.NONE, on);
            RunState run = batch.start(new BatchOptions("alice", false, false, 0, null));
            List<IncrementalPlanner.Item> items = batch.plan(run);
            batch.failed(run, batch.begin(run, items.get(0)), new Exception("HTTP 503 GET thread u1"));
            batch.failed(run, batch.begin(run, items.get(1)), new Exception("HTTP 403 VIEW_THREAD_NOT_ALLOWED"));
            batch.begin(run, items.get(2));
            batch.exported(run, new ExportedThread("u3", "c", "search", "2026-05-01T00:00:00Z", out, true, 0));

            List<IncrementalPlanner.Item> again = batch.secondPass(run);
            if (!on) {
                assertEquals(List.of(), again, "pplx.batch.second-pass=false");
                assertEquals("[batch] 完成。ok=1 skip=0 fail=2 / 共 3", batch.finish(run).line());
                continue;
            }
            assertEquals(List.of("u1"), again.stream().map(IncrementalPlanner.Item::uuid).toList(), "not the 403");
            batch.exported(run, new ExportedThread("u1", "a", "search", "2026-05-03T00:00:00Z", out, true, 0));
            assertEquals(List.of(), batch.secondPass(run), "once");
            assertEquals("[batch] 完成。ok=2 skip=0 fail=1 / 共 3", batch.finish(run).line(), "u1's failure no longer counts");
        }
    }
}
