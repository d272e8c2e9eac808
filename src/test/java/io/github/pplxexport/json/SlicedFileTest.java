package io.github.pplxexport.json;

import io.github.pplxexport.archive.AtomicFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SlicedFileTest {
    private static final SlicedObject.Keys KEYS = SlicedObject.Keys.of(
            List.of("entryUUID", "lastUpdated", "mode", "n", "space"), List.of("mode"));

    @TempDir
    Path dir;

    @Test
    void uuidsAndStampsPackOnlyWhenTheyComeBackExact() {
        String u = "0f3a9c1e-77b2-4d10-9e4f-a1b2c3d4e5f6";
        assertTrue(CompactText.isUuid(u));
        assertEquals(u, CompactText.uuid(CompactText.uuidHigh(u), CompactText.uuidLow(u)));
        assertFalse(CompactText.isUuid(u.toUpperCase()), "upper case would come back lower");
        assertFalse(CompactText.isUuid("0f3a9c1e-77b2-4d10-9e4f-a1b2c3d4e5f"));
        for (String s : List.of("2026-12-05T18:19:55.310992Z", "2026-01-02T03:04:05Z", "0999-12-31T23:59:59.007Z",
                "2026-12-05T00:00:00.000000Z")) {
            assertEquals(s, CompactText.stamp(CompactText.stamp(s)), s);
        }
        for (String s : List.of("2026-12-05T18:19:55+00:00", "2026-12-05 18:19:55Z", "2026-12-05T18:19:55.31Z",
                "2026-1a-05T18:19:55Z", "2026-12-05T18:19:55.310992", "")) {
            assertEquals(CompactText.NO_STAMP, CompactText.stamp(s), s);
        }
    }

    @Test
    void rowsAnswerEveryKeyAsTheParsedFileDoes() throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>();
        rows.add(row("0f3a9c1e-77b2-4d10-9e4f-a1b2c3d4e5f6", "2026-12-05T18:19:55.310992Z", "SEARCH", "周末 \"徒步\"\n路线"));
        Map<String, Object> odd = row("NOT-A-UUID", "yesterday", null, "t");
        odd.put("n", 12);
        odd.put("space", Map.of("title", "work"));
        odd.remove("mode");
        rows.add(odd);
        Path f = write("index.json", Map.of("threads", rows));
        List<Map<String, Object>> read = SlicedFile.objectsOfList(f, "threads", KEYS);
        List<Object> parsed = J.list(Json.readObject(f), "threads");
        assertEquals(parsed.size(), read.size());
        for (int i = 0; i < read.size(); i++) {
            Map<?, ?> expected = (Map<?, ?>) parsed.get(i);
            Map<String, Object> got = read.get(i);
            assertEquals(expected, got, "row " + i);
            for (String k : List.of("entryUUID", "lastUpdated", "mode", "n", "space", "title", "missing")) {
                assertEquals(expected.get(k), got.get(k), k);
                assertEquals(expected.containsKey(k), got.containsKey(k), k);
            }
        }
        assertNull(read.get(0).get("n"));
        assertTrue(read.get(1).containsKey("lastUpdated"));
    }

    @Test
    void anObjectIsWrittenBackAsItsBytesAndAnotherWritersAsPythonWouldWriteIt() throws Exception {
        List<Map<String, Object>> rows = List.of(row("0f3a9c1e-77b2-4d10-9e4f-a1b2c3d4e5f6", "2026-12-05T18:19:55Z", "SEARCH",
                "控制\u001f字符"));
        Path canonical = write("a.json", Map.of("threads", rows));
        Map<String, Object> r = SlicedFile.objectsOfList(canonical, "threads", KEYS).get(0);
        assertEquals(PyJson.prettyAt(new LinkedHashMap<>(r), 2), written(r, 2));
        assertTrue(SlicedObject.canonical(((SlicedObject) r).bytes(), 2));

        // ensure_ascii and another indent: not copied; the same Python bytes as a parsed map gives
        Path ascii = dir.resolve("b.json");
        Files.writeString(ascii, "{\"threads\": [{\"title\": \"\\u63a7\\u5236\", \"entryUUID\": \"x\"}]}", StandardCharsets.UTF_8);
        Map<String, Object> a = SlicedFile.objectsOfList(ascii, "threads", KEYS).get(0);
        assertFalse(SlicedObject.canonical(((SlicedObject) a).bytes(), 2));
        assertEquals("{\n   \"title\": \"控制\",\n   \"entryUUID\": \"x\"\n  }", written(a, 2));
    }

    @Test
    void aRowReadsItsOwnFileAfterANewOneWasRenamedOverIt() throws Exception {
        Path f = write("index.json", Map.of("threads", List.of(row("0f3a9c1e-77b2-4d10-9e4f-a1b2c3d4e5f6", "2026-12-05T18:19:55Z",
                "SEARCH", "old title"))));
        Map<String, Object> r = SlicedFile.objectsOfList(f, "threads", KEYS).get(0);
        Path next = write("next.json", Map.of("threads", List.of(row("x", "y", "z", "a much longer new title, other offsets"))));
        Files.move(next, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        assertEquals("old title", r.get("title"));
    }

    @Test
    void membersKeepFileOrderAndAKeyGivenTwiceKeepsItsFirstPlaceAndLastValue() throws Exception {
        String a = "0f3a9c1e-77b2-4d10-9e4f-a1b2c3d4e5f6";
        String b = "1f3a9c1e-77b2-4d10-9e4f-a1b2c3d4e5f6";
        Path f = dir.resolve("state.json");
        Files.writeString(f, "{\n \"" + a + "\": {\"status\": \"error\", \"lastUpdated\": \"2026-12-05T18:19:55Z\"},\n"
                + " \"plain\": \"not an object\",\n \"" + b + "\": {\"status\": \"ok\"},\n \"nothing\": null,\n"
                + " \"" + a + "\": {\"status\": \"ok\", \"title\": \"again\"}\n}", StandardCharsets.UTF_8);
        Map<String, Object> m = SlicedFile.members(f, SlicedObject.Keys.of(List.of("status", "lastUpdated"), List.of("status")));
        Map<String, Object> parsed = Json.readObject(f);
        assertEquals(List.copyOf(parsed.keySet()), List.copyOf(m.keySet()));
        assertEquals(parsed, m);
        assertEquals("again", J.str(m.get(a), "title"));
        assertEquals("not an object", m.get("plain"));
        assertTrue(m.containsKey("nothing"));
        assertNull(m.get("nothing"));
        assertFalse(m.containsKey("2f3a9c1e-77b2-4d10-9e4f-a1b2c3d4e5f6"));
        assertEquals(4, m.size());
    }

    @Test
    void membersWrittenBackWithChangesAreWhatPythonWritesOfTheMergedMap() throws Exception {
        Map<String, Object> state = new LinkedHashMap<>();
        for (int i = 0; i < 50; i++) {
            state.put(String.format("%08x-77b2-4d10-9e4f-a1b2c3d4e5f6", i), Map.of("status", "ok", "title", "标题 " + i));
        }
        state.put("plain", "a string member");
        state.put("0000002a-77b2-4d10-9e4f-a1b2c3d4e5f6", Map.of("status", "ok", "title", "after the plain one"));
        Path canonical = write("state.json", state);
        Path ascii = dir.resolve("ascii.json");
        Files.writeString(ascii, Json.MAPPER.writeValueAsString(state), StandardCharsets.UTF_8); // compact, ASCII escapes
        SlicedObject.Keys keys = SlicedObject.Keys.of(List.of("status"), List.of("status"));
        for (Path f : List.of(canonical, ascii)) {
            Map<String, Object> read = SlicedFile.members(f, keys);
            assertEquals(PyJson.pretty(state), written(read, Map.of()), "unchanged: " + f);
            Map<String, Object> changes = new LinkedHashMap<>();
            changes.put("00000007-77b2-4d10-9e4f-a1b2c3d4e5f6", Map.of("status", "error", "error", "x"));
            changes.put("new-one", Map.of("status", "ok"));
            changes.put("00000000-77b2-4d10-9e4f-a1b2c3d4e5f6", Map.of("status", "deleted"));
            Map<String, Object> merged = new LinkedHashMap<>(state);
            merged.putAll(changes);
            assertEquals(PyJson.pretty(merged), written(read, changes), "changed: " + f);
            assertEquals(PyJson.pretty(merged), written(read, changes), "a second save: " + f);
        }
    }

    private static String written(Map<String, Object> read, Map<String, Object> changes) {
        return AtomicFiles.text(out -> SlicedFile.writeMembers(out, read, changes));
    }

    @Test
    void aFinderGivesTheFirstRowOfAUuidWithoutMakingStrings() throws Exception {
        String a = "0f3a9c1e-77b2-4d10-9e4f-a1b2c3d4e5f6";
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            rows.add(row(String.format("%08x-77b2-4d10-9e4f-a1b2c3d4e5f6", i), "2026-12-05T18:19:55Z", "SEARCH", "t" + i));
        }
        rows.add(row(a.toUpperCase(), "s", "SEARCH", "upper"));
        rows.add(row("00000007-77b2-4d10-9e4f-a1b2c3d4e5f6", "s", "SEARCH", "listed twice"));
        rows.add(row("", "s", "SEARCH", "no uuid"));
        Path f = write("index.json", Map.of("threads", rows));
        for (List<Map<String, Object>> list : List.of(SlicedFile.objectsOfList(f, "threads", KEYS), rows)) {
            RowFinder finder = RowFinder.of(list, "entryUUID");
            assertEquals(2001, finder.distinct());
            assertEquals(7, finder.first("00000007-77b2-4d10-9e4f-a1b2c3d4e5f6"));
            assertEquals(1999, finder.first("000007cf-77b2-4d10-9e4f-a1b2c3d4e5f6"));
            assertEquals(2000, finder.first(a.toUpperCase()));
            assertEquals(-1, finder.first(a));
            assertEquals(-1, finder.first(""));
        }
    }

    @Test
    void aFileThatIsNotOneObjectIsAJsonException() throws Exception {
        for (String text : List.of("[1, 2]", "{\"threads\": []} extra", "{\"threads\": [{\"a\": 1}", "")) {
            Path f = dir.resolve("bad.json");
            Files.writeString(f, text, StandardCharsets.UTF_8);
            assertThrows(JsonException.class, () -> SlicedFile.objectsOfList(f, "threads", KEYS), text);
            assertThrows(JsonException.class, () -> SlicedFile.members(f, KEYS), text);
        }
    }

    private static Map<String, Object> row(String uuid, String lastUpdated, String mode, String title) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("title", title);
        r.put("entryUUID", uuid);
        r.put("mode", mode);
        r.put("lastUpdated", lastUpdated);
        return r;
    }

    private Path write(String name, Object doc) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, PyJson.pretty(doc), StandardCharsets.UTF_8);
        return f;
    }

    private static String written(Object value, int level) {
        return AtomicFiles.text(out -> SlicedFile.writePretty(out, value, level));
    }
}
