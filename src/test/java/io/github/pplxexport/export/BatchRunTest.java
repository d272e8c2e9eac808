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

class BatchRunTest {
    @TempDir
    Path out;

    @Test
    void summaryCountsPlannedPlusEarlyStoppedAndEachRunStartsFromZero() throws Exception {
        Files.createDirectories(out.resolve("index"));
        Files.writeString(out.resolve("index/library_alice.json"), """
                {"account": "alice", "count": 3, "threads": [
                 {"title": "a", "entryUUID": "u1", "lastUpdated": "2026-05-03T00:00:00Z"},
                 {"title": "b", "entryUUID": "u2", "lastUpdated": "2026-05-02T00:00:00Z"},
                 {"title": "c", "entryUUID": "u3", "lastUpdated": "2026-05-01T00:00:00Z"}]}""");
        Files.writeString(out.resolve("index/batch_state.json"), """
                {"u2": {"status": "ok", "lastUpdated": "2026-05-02T00:00:00Z"},
                 "u3": {"status": "ok", "lastUpdated": "2026-05-01T00:00:00Z"}}""");
        BatchRun run = new BatchRun(new ExportSettings(out, "alice", UserConfig.degradedConfig(), Clock.systemUTC()),
                new Pacing(0, 0), 0);

        for (int round = 1; round <= 2; round++) {
            List<IncrementalPlanner.Item> items = run.plan(new BatchOptions(false, false, 0, null));
            assertEquals(1, items.size(), "u2 and u3 are the early-stopped tail");
            ExportRequest req = run.begin(items.get(0));
            run.exported(req, new ExportedThread("u1", "a", "search", "2026-05-03T00:00:00Z", out, true, 0));
            BatchSummary s = run.finish();
            assertEquals("[batch] 完成。ok=1 skip=2 fail=0 / 共 3", s.line(), "round " + round);
            Files.writeString(out.resolve("index/batch_state.json"), """
                    {"u2": {"status": "ok", "lastUpdated": "2026-05-02T00:00:00Z"},
                     "u3": {"status": "ok", "lastUpdated": "2026-05-01T00:00:00Z"}}""");
        }
    }
}
