package io.github.pplxexport.library;

import io.github.pplxexport.json.J;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StatusReportTest {
    @TempDir
    Path out;

    @Test
    void reportsWhatTheNextBatchWouldDoAndTheDeletionCandidates() throws Exception {
        Files.createDirectories(out.resolve("index"));
        Files.writeString(out.resolve("index/library_alice.json"), """
                {"account": "alice", "count": 4, "threads": [
                 {"title": "changed", "entryUUID": "u1", "lastUpdated": "2026-05-04T00:00:00.000000Z"},
                 {"title": "brand new", "entryUUID": "u2", "lastUpdated": "2026-05-03T00:00:00Z"},
                 {"title": "same", "entryUUID": "u3", "lastUpdated": "2026-05-02T00:00:00.100Z"},
                 {"title": "gone", "entryUUID": "u4", "lastUpdated": "2026-05-01T00:00:00Z"}]}""");
        Files.writeString(out.resolve("index/batch_state.json"), """
                {"u1": {"status": "ok", "lastUpdated": "2026-04-01T00:00:00Z"},
                 "u3": {"status": "ok", "lastUpdated": "2026-05-02T00:00:00.10Z"},
                 "u4": {"status": "expired", "lastUpdated": "2026-05-01T00:00:00Z"},
                 "u9": {"status": "ok", "lastUpdated": "2025-01-01T00:00:00Z"}}""");

        Map<String, Object> r = StatusReport.build(out, null);

        Map<String, Object> alice = J.map(J.map(r, "accounts"), "alice");
        assertEquals(4, ((Number) alice.get("index_count")).intValue());
        assertEquals(1L, ((Number) alice.get("new")).longValue());
        assertEquals(1L, ((Number) alice.get("updated")).longValue());
        assertEquals(2, ((Number) alice.get("early_stop")).intValue(), "u3 done and u4 expired form the tail");
        assertEquals(List.of("u1", "u2"), J.list(alice, "pending").stream().map(p -> J.str(p, "uuid")).toList());
        assertEquals(List.of("u9"), J.list(r, "state_only"), "ok in state, in no index: a deletion candidate");
        List<String> lines = StatusReport.lines(r, true);
        assertTrue(lines.get(0).contains("new=1 updated=1; done=1 expired=1 deleted=0; 早停 2"),
                "the early-stopped rows are counted as what they are: " + lines);
        assertTrue(lines.get(lines.size() - 1).contains("1 expired + 3 ok"), lines.toString());
    }

    @Test
    void deletionCandidatesAreCountedAgainstEveryAccountsIndexEvenForOneAccount() throws Exception {
        Files.createDirectories(out.resolve("index"));
        Files.writeString(out.resolve("index/library_alice.json"), "{\"threads\": [{\"entryUUID\": \"a1\"}]}");
        Files.writeString(out.resolve("index/library_bob.json"), "{\"threads\": [{\"entryUUID\": \"b1\"}]}");
        Files.writeString(out.resolve("index/batch_state.json"), """
                {"a1": {"status": "ok"}, "b1": {"status": "ok"}, "gone": {"status": "ok"}, "x": {"status": "deleted"}}""");

        Map<String, Object> r = StatusReport.build(out, "alice");

        assertEquals(List.of("alice"), List.copyOf(J.map(r, "accounts").keySet()));
        assertEquals(List.of("gone"), J.list(r, "state_only"), "bob's b1 is in bob's index: no candidate");
        String last = StatusReport.lines(r, false).get(StatusReport.lines(r, false).size() - 1);
        assertTrue(last.endsWith("state-only (deletion candidates, see sync-deleted): 1"), last);
    }

    @Test
    void aCompleteArchiveCountsEveryThreadDone() throws Exception {
        Files.createDirectories(out.resolve("index"));
        Files.writeString(out.resolve("index/library_bob.json"), """
                {"account": "bob", "count": 2, "threads": [
                 {"title": "a", "entryUUID": "u1", "lastUpdated": "2026-05-02T00:00:00Z"},
                 {"title": "b", "entryUUID": "u2", "lastUpdated": "2026-05-01T00:00:00Z"}]}""");
        Files.writeString(out.resolve("index/batch_state.json"), """
                {"u1": {"status": "ok", "lastUpdated": "2026-05-02T00:00:00Z"},
                 "u2": {"status": "ok", "lastUpdated": "2026-05-01T00:00:00Z"}}""");

        List<String> lines = StatusReport.lines(StatusReport.build(out, null), false);

        assertEquals("[status] bob: 索引 2 条（最新 2026-05-02T00:00:00Z）; 待导出 new=0 updated=0; done=2 expired=0 deleted=0; 早停 2",
                lines.get(0));
    }

    @Test
    void withoutAnIndexItSaysToRunIndexFirst() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> StatusReport.build(out, null));
        assertTrue(e.getMessage().contains("pplx-export index"), e.getMessage());
    }
}
