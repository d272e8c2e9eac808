package io.github.pplxexport.library;

import io.github.pplxexport.library.IncrementalPlanner.Action;
import io.github.pplxexport.library.IncrementalPlanner.Plan;
import io.github.pplxexport.mode.Mode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.github.pplxexport.library.IncrementalPlanner.Action.DELETED;
import static io.github.pplxexport.library.IncrementalPlanner.Action.DONE;
import static io.github.pplxexport.library.IncrementalPlanner.Action.EXPIRED;
import static io.github.pplxexport.library.IncrementalPlanner.Action.NEW;
import static io.github.pplxexport.library.IncrementalPlanner.Action.UPDATED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class IncrementalPlannerTest {
    @TempDir
    Path tmp;

    /**
     * A large index's rows hold their stamps packed and are ordered and compared without their Strings: the plan
     * is the one of the same rows as plain maps, whatever the stamps' shapes (no fraction, 3 or 6 digits, not
     * packable), including equal stamps (stable order) and missing ones (last).
     */
    @Test
    void theRowsOfAWrittenIndexArePlannedAsTheSameRowsInMemory() throws Exception {
        String[] stamps = {"2030-01-05T00:00:00Z", "2030-01-05T00:00:00.100Z", "2030-01-05T00:00:00.100000Z",
                "2030-01-05T00:00:00.1Z", "2030-01-05T00:00:00+00:00", "2030-01-04T23:59:59.999999Z", "2031-01-01T00:00:00Z",
                "2030-01-05T00:00:00.099Z", "", "2030-01-05T00:00:00.100000Z", "2029-12-31T23:59:59Z"};
        List<Map<String, Object>> rows = new ArrayList<>();
        Map<String, Object> state = new LinkedHashMap<>();
        for (int i = 0; i < 200; i++) {
            String uuid = String.format("%08x-0000-4000-8000-%012x", i, i * 7919L);
            String stamp = stamps[(i * 7) % stamps.length];
            Map<String, Object> r = row(uuid, stamp);
            if (stamp.isEmpty()) {
                r.remove("lastUpdated");
            }
            rows.add(r);
            if (i % 3 != 0) { // a third new; of the others, one in four changed since
                state.put(uuid, rec("ok", i % 4 == 0 ? stamps[(i * 7 + 1) % stamps.length] : stamp));
            }
        }
        Path file = tmp.resolve("library_a.json");
        LibraryIndex.write(file, "a", rows);
        List<Map<String, Object>> read = LibraryIndex.readThreads(file).orElseThrow();
        Plan expected = IncrementalPlanner.plan(rows, state, true, false);
        Plan got = IncrementalPlanner.plan(read, state, true, false);
        assertEquals(uuids(expected), uuids(got));
        assertEquals(actions(expected), actions(got));
        assertEquals(List.of(DONE, NEW, UPDATED).stream().map(a -> expected.count(a) > 0).toList(), List.of(true, true, true),
                "every kind of row is planned: " + actions(expected));
    }

    private static Map<String, Object> row(String uuid, String lastUpdated) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("entryUUID", uuid);
        r.put("lastUpdated", lastUpdated);
        r.put("mode", "SEARCH");
        return r;
    }

    private static Map<String, Object> rec(String status, String lastUpdated) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("status", status);
        r.put("lastUpdated", lastUpdated);
        return r;
    }

    private static List<String> uuids(Plan p) {
        return p.items().stream().map(IncrementalPlanner.Item::uuid).toList();
    }

    private static List<Action> actions(Plan p) {
        return p.items().stream().map(IncrementalPlanner.Item::action).toList();
    }

    @Test
    void classifiesEachRowAndSortsNewestFirst() {
        List<Map<String, Object>> rows = List.of(
                row("done", "2030-01-05T00:00:00.100000Z"),
                row("new", "2030-01-09T00:00:00Z"),
                row("changed", "2030-01-08T00:00:00Z"),
                row("errored", "2030-01-07T00:00:00Z"),
                row("expired", "2030-01-06T00:00:00Z"),
                row("deleted", "2030-01-04T00:00:00Z"),
                row("last", "2030-01-01T00:00:00Z"));
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("done", rec("ok", "2030-01-05T00:00:00.1Z"));       // same after norm_ts
        state.put("changed", rec("ok", "2030-01-01T00:00:00Z"));
        state.put("errored", rec("error", "2030-01-07T00:00:00Z"));   // same stamp, but not ok: retried
        state.put("expired", rec("expired", "2000-01-01T00:00:00Z"));
        state.put("deleted", rec("deleted", "2030-01-04T00:00:00Z"));
        state.put("last", rec("ok", "2030-01-01T00:00:00Z"));
        Plan p = IncrementalPlanner.plan(rows, state, true, false);
        assertEquals(List.of("new", "changed", "errored", "expired", "done", "deleted", "last"), uuids(p));
        assertEquals(List.of(NEW, UPDATED, UPDATED, EXPIRED, DONE, DELETED, DONE), actions(p));
        assertEquals(0, p.nStopped(), "--full has no early stop");
        assertEquals(7, p.total());
        assertEquals(2, p.count(DONE));
    }

    @Test
    void allZeroFractionIsNotTheSameAsNoFraction() {
        Plan p = IncrementalPlanner.plan(List.of(row("a", "2030-01-01T00:00:00.000000Z")),
                Map.of("a", rec("ok", "2030-01-01T00:00:00Z")), true, false);
        assertEquals(List.of(UPDATED), actions(p));
    }

    @Test
    void earlyStopDropsOnlyTheTrailingSkipRunAndKeepsGapsAboveIt() {
        List<Map<String, Object>> rows = new ArrayList<>();
        Map<String, Object> state = new LinkedHashMap<>();
        for (int i = 9; i >= 0; i--) {
            String ts = "2030-01-0" + i + "T00:00:00Z";
            rows.add(row("t" + i, ts));
            state.put("t" + i, rec("ok", ts));
        }
        state.remove("t8");                                       // never exported, above done rows
        state.put("t6", rec("error", "2030-01-06T00:00:00Z"));    // failed last time
        state.put("t3", rec("expired", "x"));
        state.put("t1", rec("deleted", "x"));
        Plan p = IncrementalPlanner.plan(rows, state, false, false);
        assertEquals(List.of("t9", "t8", "t7", "t6"), uuids(p));
        assertEquals(List.of(DONE, NEW, DONE, UPDATED), actions(p));
        assertEquals(6, p.nStopped(), "t5..t0: done, done, expired, done, deleted, done");
        assertEquals(10, p.total());
    }

    @Test
    void everythingDoneStopsEverything() {
        Plan p = IncrementalPlanner.plan(List.of(row("a", "2"), row("b", "1")),
                Map.of("a", rec("ok", "2"), "b", rec("ok", "1")), false, false);
        assertEquals(List.of(), p.items());
        assertEquals(2, p.nStopped());
    }

    @Test
    void forceReexportsAllButTerminalRowsAndHasNoEarlyStop() {
        List<Map<String, Object>> rows = List.of(row("ok", "3"), row("exp", "2"), row("del", "1"), row("new", "0"));
        Map<String, Object> state = Map.of("ok", rec("ok", "3"), "exp", rec("expired", "2"),
                "del", rec("deleted", "1"));
        Plan p = IncrementalPlanner.plan(rows, state, false, true);
        assertEquals(List.of(UPDATED, EXPIRED, DELETED, NEW), actions(p));
        assertEquals(0, p.nStopped());
        Plan tail = IncrementalPlanner.plan(rows.subList(0, 3), state, false, true);
        assertEquals(List.of(UPDATED, EXPIRED, DELETED), actions(tail), "terminal tail kept (no early stop)");
    }

    @Test
    void sortIsStableForEqualStampsAndMissingStampsGoLast() {
        List<Map<String, Object>> rows = List.of(row("a", "1"), row("none", null), row("b", "2"), row("c", "1"),
                row("d", "2"));
        assertEquals(List.of("b", "d", "a", "c", "none"),
                IncrementalPlanner.newestFirst(rows).stream().map(r -> r.get("entryUUID")).toList());
    }

    @Test
    void stateValuesOfTheWrongShapeAreRetried() {
        Plan p = IncrementalPlanner.plan(List.of(row("a", "1")), Map.of("a", "garbage"), false, false);
        assertEquals(List.of(UPDATED), actions(p));
    }

    @Test
    void batchSelectionFiltersSortsLimitsThenDropsRowsWithoutUuid() {
        Map<String, Object> computer = row("c", "2030-01-09T00:00:00Z");
        computer.put("mode", "COMPUTER");
        List<Map<String, Object>> rows = List.of(
                row("old", "2030-01-01T00:00:00Z"), computer, row(null, "2030-01-08T00:00:00Z"),
                row("mid", "2030-01-05T00:00:00Z"), row("", "2030-01-03T00:00:00Z"));
        IncrementalPlanner.Selection all = IncrementalPlanner.selectBatchRows(rows, null, null);
        assertEquals(List.of("c", "mid", "old"), all.rows().stream().map(r -> r.get("entryUUID")).toList());
        assertEquals(2, all.withoutUuid().size());

        IncrementalPlanner.Selection search = IncrementalPlanner.selectBatchRows(rows, Mode.SEARCH, 2);
        assertEquals(List.of("mid"), search.rows().stream().map(r -> r.get("entryUUID")).toList(),
                "limit counts the uuid-less row, as the reference slices before dropping");
        assertEquals(1, search.withoutUuid().size());

        assertEquals(3, IncrementalPlanner.selectBatchRows(rows, null, 0).rows().size(), "0 means no limit");
        assertThrows(IllegalArgumentException.class, () -> IncrementalPlanner.selectBatchRows(rows, null, -1));
    }
}
