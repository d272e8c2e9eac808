package io.github.pplxexport.library;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LibraryIndexTest {

    @TempDir
    Path out;

    static Map<String, Object> row(String uuid, String lastUpdated) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("title", "t " + uuid);
        r.put("entryUUID", uuid);
        r.put("lastUpdated", lastUpdated);
        return r;
    }

    /** n rows u0..u(n-1), newest first. */
    static List<Map<String, Object>> rows(int n) {
        List<Map<String, Object>> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(row("u" + i, String.format("2030-01-01T00:00:%02d.5Z", 59 - i)));
        }
        return l;
    }

    private static List<Object> uuids(List<Map<String, Object>> rows) {
        return rows.stream().map(r -> r.get("entryUUID")).toList();
    }

    @Test
    void fileLivesUnderIndexAndRejectsPathLikeAccounts() {
        assertEquals(out.resolve("index/library_alice.json"), LibraryIndex.file(out, "alice"));
        for (String bad : new String[] {"../x", "a/b", "a\\b", "..", ".", "", null}) {
            assertThrows(IllegalArgumentException.class, () -> LibraryIndex.file(out, bad), String.valueOf(bad));
        }
    }

    @Test
    void fileTextIsPythonIndentOneInTheNewestShape() {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("title", "茶 \"tea\"");
        r.put("entryUUID", "u-1");
        r.put("href", "u-1");
        r.put("mode", "SEARCH");
        r.put("displayModel", "turbo");
        r.put("lastUpdated", "2030-01-02T03:04:05.000000Z");
        r.put("status", "COMPLETED");
        r.put("space", null);
        String expected = "{\n"
                + " \"account\": \"alice\",\n"
                + " \"count\": 1,\n"
                + " \"threads\": [\n"
                + "  {\n"
                + "   \"title\": \"茶 \\\"tea\\\"\",\n"
                + "   \"entryUUID\": \"u-1\",\n"
                + "   \"href\": \"u-1\",\n"
                + "   \"mode\": \"SEARCH\",\n"
                + "   \"displayModel\": \"turbo\",\n"
                + "   \"lastUpdated\": \"2030-01-02T03:04:05.000000Z\",\n"
                + "   \"status\": \"COMPLETED\",\n"
                + "   \"space\": null\n"
                + "  }\n"
                + " ]\n"
                + "}";
        assertEquals(expected, LibraryIndex.toJson("alice", List.of(r)));
        assertEquals("{\n \"account\": \"bob\",\n \"count\": 0,\n \"threads\": []\n}",
                LibraryIndex.toJson("bob", List.of()));
    }

    @Test
    void unchangedRefreshLeavesTheFileByteIdenticalAndUntouched() throws Exception {
        Path f = LibraryIndex.file(out, "alice");
        assertTrue(LibraryIndex.write(f, "alice", rows(3)));
        byte[] first = Files.readAllBytes(f);
        FileTime t = FileTime.fromMillis(5_000L);
        Files.setLastModifiedTime(f, t);

        List<Map<String, Object>> old = LibraryIndex.readThreads(f).orElseThrow();
        LibraryIndex.Refresh refresh = LibraryIndex.incremental(old);
        refresh.add(rows(3));
        assertFalse(LibraryIndex.write(f, "alice", refresh.merged()));
        assertEquals(t, Files.getLastModifiedTime(f));
        assertTrue(java.util.Arrays.equals(first, Files.readAllBytes(f)));
        assertFalse(new String(first, StandardCharsets.UTF_8).endsWith("\n"));
    }

    @Test
    void aRefreshOfKnownRowsInTheIndexOrderIsUnchangedWithoutSerializingAndAnyDifferenceIsNot() throws Exception {
        List<Map<String, Object>> old = rows(60);
        LibraryIndex.Refresh same = LibraryIndex.incremental(old);
        same.add(rows(60).subList(0, 25));
        assertTrue(same.unchanged(), "the first page, as it is in the index");
        assertEquals(LibraryIndex.toJson("a", old), LibraryIndex.toJson("a", same.merged()), "what merged() would write");

        LibraryIndex.Refresh newer = LibraryIndex.incremental(old);
        List<Map<String, Object>> page = rows(60).subList(0, 25);
        page.get(3).put("lastUpdated", "2031-01-01T00:00:00.5Z");
        newer.add(page);
        assertFalse(newer.unchanged(), "a changed stamp");

        Map<String, Object> reordered = new LinkedHashMap<>();
        reordered.put("entryUUID", "u0");
        reordered.put("title", "t u0");
        reordered.put("lastUpdated", old.get(0).get("lastUpdated"));
        LibraryIndex.Refresh keys = LibraryIndex.incremental(old);
        keys.add(List.of(reordered));
        assertFalse(keys.unchanged(), "the same row with its keys in another order is written again");

        LibraryIndex.Refresh swapped = LibraryIndex.incremental(old);
        swapped.add(List.of(old.get(1), old.get(0)));
        assertFalse(swapped.unchanged(), "another order");
        assertFalse(LibraryIndex.incremental(null).unchanged(), "a first run");
        LibraryIndex.Refresh full = LibraryIndex.full(old);
        full.add(old);
        assertFalse(full.unchanged(), "a full sweep compares its bytes");
    }

    @Test
    void aSecondReadOfAnUnchangedFileIsTheFirstOnesRowsAndARewrittenFileIsReadAgain() throws Exception {
        Path f = LibraryIndex.file(out, "alice");
        LibraryIndex.write(f, "alice", rows(3));
        List<Map<String, Object>> first = LibraryIndex.readThreads(f).orElseThrow();
        assertTrue(first == LibraryIndex.readThreads(f).orElseThrow(), "not parsed again");
        assertThrows(UnsupportedOperationException.class, () -> first.add(Map.of()), "the shared list is read-only");
        assertThrows(UnsupportedOperationException.class, () -> first.get(0).put("title", "x"), "shared rows are read-only");
        LibraryIndex.write(f, "alice", rows(4));
        assertEquals(4, LibraryIndex.readThreads(f).orElseThrow().size(), "the new file");
    }

    @Test
    void readingAMissingFileIsEmptyAndOlderShapesStillRead() throws Exception {
        assertEquals(Optional.empty(), LibraryIndex.readThreads(out.resolve("index/library_x.json")));
        Path f = out.resolve("old.json");
        Files.writeString(f, "{\"account\": \"a\", \"extracted_at\": \"2030-01-01T00:00:00Z\", \"count\": 1, "
                + "\"last_full_index_at\": null, \"threads\": [{\"entryUUID\": \"u\"}, 7]}");
        List<Map<String, Object>> rows = LibraryIndex.readThreads(f).orElseThrow();
        assertEquals(List.of("u"), uuids(rows));
        assertEquals("{\n \"account\": \"a\",\n \"count\": 1,\n \"threads\": [\n  {\n   \"entryUUID\": \"u\"\n  }\n ]\n}",
                LibraryIndex.toJson("a", rows), "rewritten without extracted_at");
    }

    @Test
    void incrementalStopsAfterTwentyFiveKnownUnchangedRowsInARow() {
        List<Map<String, Object>> old = rows(60);
        LibraryIndex.Refresh r = LibraryIndex.incremental(old);
        r.add(old.subList(0, 24));
        assertFalse(r.shouldStop(), "24 known rows are not enough");
        r.add(old.subList(24, 25));
        assertTrue(r.shouldStop());
    }

    @Test
    void aChangedOrNewRowRestartsTheRun() {
        List<Map<String, Object>> old = rows(60);
        LibraryIndex.Refresh r = LibraryIndex.incremental(old);
        List<Map<String, Object>> page = new ArrayList<>(old.subList(0, 25));
        page.set(10, row("u10", "2030-02-02T00:00:00Z"));   // updated since: not "identical lastUpdated"
        r.add(page);
        assertFalse(r.shouldStop());
        r.add(old.subList(25, 35));
        assertFalse(r.shouldStop(), "14 + 10 = 24 known rows after the changed row");
        r.add(List.of(row("brand-new", "2030-01-01T00:00:00Z")));
        r.add(old.subList(35, 59));
        assertFalse(r.shouldStop(), "24 known rows after the new row");
        r.add(old.subList(59, 60));
        assertTrue(r.shouldStop());
    }

    @Test
    void exactStringDecidesUnchangedForStopping() {
        List<Map<String, Object>> old = List.of(row("a", "2030-01-01T00:00:00.100Z"));
        LibraryIndex.Refresh r = LibraryIndex.incremental(old);
        for (int i = 0; i < 30; i++) {
            r.add(List.of(row("a", "2030-01-01T00:00:00.1Z")));
        }
        assertFalse(r.shouldStop());
    }

    @Test
    void firstRunAndFullSweepNeverStopEarly() {
        LibraryIndex.Refresh first = LibraryIndex.incremental(List.of());
        first.add(rows(100));
        assertFalse(first.shouldStop());
        LibraryIndex.Refresh full = LibraryIndex.full(rows(100));
        full.add(rows(100));
        assertFalse(full.shouldStop());
        assertEquals(100, full.fetchedCount());
    }

    @Test
    void mergePutsFetchedRowsFirstThenOldRowsNotFetched() {
        List<Map<String, Object>> old = rows(4);                 // u0 u1 u2 u3
        LibraryIndex.Refresh r = LibraryIndex.incremental(old);
        r.add(List.of(row("new", "2031-01-01T00:00:00Z"), row("u2", "2030-12-01T00:00:00Z"), old.get(0)));
        List<Map<String, Object>> merged = r.merged();
        assertEquals(List.of("new", "u2", "u0", "u1", "u3"), uuids(merged));
        assertEquals("2030-12-01T00:00:00Z", merged.get(1).get("lastUpdated"), "fetched row replaces the old one");
        assertTrue(merged.get(3) == old.get(1), "rows not fetched are kept verbatim");
    }

    @Test
    void mergeDropsEveryOldRowOfAFetchedUuidAndKeepsTheRowsWithout() {
        List<Map<String, Object>> old = new ArrayList<>(rows(3));   // u0 u1 u2, then u1 again and a row without one
        old.add(row("u1", "2029-01-01T00:00:00Z"));
        Map<String, Object> noUuid = new LinkedHashMap<>();
        noUuid.put("title", "no uuid");
        old.add(noUuid);
        LibraryIndex.Refresh r = LibraryIndex.incremental(old);
        r.add(List.of(row("u1", "2031-01-01T00:00:00Z")));
        List<Map<String, Object>> merged = r.merged();
        assertEquals(java.util.Arrays.asList("u1", "u0", "u2", null), uuids(merged));
        assertTrue(merged.get(3) == noUuid);
    }

    @Test
    void theRowsOfAWrittenIndexMergeAsInMemory() throws Exception {
        Path f = LibraryIndex.file(out, "alice");
        LibraryIndex.write(f, "alice", rows(40));
        List<Map<String, Object>> old = LibraryIndex.readThreads(f).orElseThrow();
        LibraryIndex.Refresh r = LibraryIndex.incremental(old);
        r.add(List.of(row("new", "2031-01-01T00:00:00Z"), row("u7", "2031-01-01T00:00:00Z"), row("u30", "2031-01-01T00:00:00Z")));
        List<Object> expected = new ArrayList<>(List.of("new", "u7", "u30"));
        uuids(rows(40)).stream().filter(u -> !u.equals("u7") && !u.equals("u30")).forEach(expected::add);
        assertEquals(expected, uuids(r.merged()));
    }

    @Test
    void fullSweepReplacesTheOldRows() {
        LibraryIndex.Refresh r = LibraryIndex.full(rows(4));
        r.add(List.of(row("u3", "x"), row("other", "y")));
        assertEquals(List.of("u3", "other"), uuids(r.merged()));
    }

    @Test
    void searchModeIsCarriedForwardByEntryUuidInBothModes() {
        List<Map<String, Object>> old = rows(3);
        old.get(1).put("search_mode", "RESEARCH");
        old.get(2).put("search_mode", "");                     // backfill's "nothing found" marker is kept too
        for (LibraryIndex.Refresh r : List.of(LibraryIndex.incremental(old), LibraryIndex.full(old))) {
            r.add(List.of(row("u2", "2031-01-01T00:00:00Z"), row("u1", "2031-01-01T00:00:00Z"),
                    row("u0", "2031-01-01T00:00:00Z")));
            List<Map<String, Object>> merged = r.merged();
            assertEquals("", merged.get(0).get("search_mode"));
            assertEquals("RESEARCH", merged.get(1).get("search_mode"));
            assertFalse(merged.get(2).containsKey("search_mode"));
            assertEquals(List.of("title", "entryUUID", "lastUpdated", "search_mode"),
                    List.copyOf(merged.get(1).keySet()), "search_mode goes last, as backfill appends it");
        }
    }

    @Test
    void aUuidListedTwiceKeepsItsFirstRow() {
        LibraryIndex.Refresh r = LibraryIndex.full(List.of());
        r.add(List.of(row("a", "2"), row("b", "1")));
        r.add(List.of(row("a", "0")));                         // moved across a page boundary while paging
        List<Map<String, Object>> merged = r.merged();
        assertEquals(List.of("a", "b"), uuids(merged));
        assertEquals("2", merged.get(0).get("lastUpdated"));
    }
}
