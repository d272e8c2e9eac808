package io.github.pplxexport.library;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BatchStateTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2036-01-21T12:45:36.5Z"), ZoneOffset.UTC);

    @TempDir
    Path out;

    private Path file() {
        return BatchState.file(out);
    }

    @Test
    void missingFileIsAnEmptyState() {
        BatchState s = BatchState.load(file(), CLOCK);
        assertEquals(0, s.size());
        assertEquals("{}", s.toJson());
        assertEquals(out.resolve("index/batch_state.json"), s.file());
    }

    @Test
    void theFourRecordShapesInTheReferenceKeyOrder() throws Exception {
        BatchState s = BatchState.load(file(), CLOCK);
        s.markOk("u-ok", "2030-01-01T00:00:00.000000Z", "茶");
        s.markError("u-err", "2030-01-02T00:00:00Z", "T", "boom\nline2");
        s.markExpired("u-exp", null, "E", BatchState.NOTE_ENTRY_EXPIRED);
        s.markDeleted("u-del", "2030-01-03T00:00:00Z", "D", BatchState.NOTE_ENTRY_DELETED);
        s.save();
        String expected = "{\n"
                + " \"u-ok\": {\n"
                + "  \"status\": \"ok\",\n"
                + "  \"lastUpdated\": \"2030-01-01T00:00:00.000000Z\",\n"
                + "  \"title\": \"茶\",\n"
                + "  \"exported_at\": \"2036-01-21T12:45:36Z\"\n"
                + " },\n"
                + " \"u-err\": {\n"
                + "  \"status\": \"error\",\n"
                + "  \"lastUpdated\": \"2030-01-02T00:00:00Z\",\n"
                + "  \"title\": \"T\",\n"
                + "  \"error\": \"boom\\nline2\",\n"
                + "  \"failed_at\": \"2036-01-21T12:45:36Z\"\n"
                + " },\n"
                + " \"u-exp\": {\n"
                + "  \"status\": \"expired\",\n"
                + "  \"lastUpdated\": null,\n"
                + "  \"title\": \"E\",\n"
                + "  \"note\": \"ENTRY_EXPIRED（平台已清除，不可恢复）\",\n"
                + "  \"expired_at\": \"2036-01-21T12:45:36Z\"\n"
                + " },\n"
                + " \"u-del\": {\n"
                + "  \"status\": \"deleted\",\n"
                + "  \"lastUpdated\": \"2030-01-03T00:00:00Z\",\n"
                + "  \"title\": \"D\",\n"
                + "  \"note\": \"ENTRY_DELETED（用户/远端已删除，不可恢复）\",\n"
                + "  \"deleted_at\": \"2036-01-21T12:45:36Z\"\n"
                + " }\n"
                + "}";
        assertEquals(expected, Files.readString(file(), StandardCharsets.UTF_8));
    }

    @Test
    void titleAndErrorAreCutLikePythonSlices() {
        BatchState s = BatchState.load(file(), CLOCK);
        s.markError("u", "t", "😀".repeat(81), "e".repeat(301));
        assertEquals("😀".repeat(80), s.get("u").get("title"));
        assertEquals(300, ((String) s.get("u").get("error")).length());
        s.markOk("v", "t", null);
        assertEquals("", s.get("v").get("title"));
        assertThrows(IllegalArgumentException.class, () -> s.markOk("", "t", "x"));
    }

    @Test
    void remarkingReplacesTheRecordButKeepsItsPlace() {
        BatchState s = BatchState.load(file(), CLOCK);
        s.markOk("a", "1", "A");
        s.markError("b", "1", "B", "x");
        s.markOk("c", "1", "C");
        s.markOk("b", "2", "B");
        assertEquals(List.of("a", "b", "c"), List.copyOf(s.records().keySet()));
        assertEquals("ok", s.status("b"));
        assertFalse(s.get("b").containsKey("error"));
        assertFalse(s.get("b").containsKey("failed_at"));
    }

    @Test
    void aSaveCopiesTheRecordsItDidNotMarkByteForByte() throws Exception {
        Files.createDirectories(file().getParent());
        // "-0" parses as 0: only a copy of the record's bytes keeps it (a serialised record would say 0)
        String kept = "{\n \"0f3a9c1e-77b2-4d10-9e4f-a1b2c3d4e5f6\": {\n  \"status\": \"ok\",\n  \"n\": -0\n },\n"
                + " \"1f3a9c1e-77b2-4d10-9e4f-a1b2c3d4e5f6\": {\n  \"status\": \"error\"\n }";
        Files.writeString(file(), kept + "\n}");
        BatchState s = BatchState.load(file(), CLOCK);
        s.markOk("2f3a9c1e-77b2-4d10-9e4f-a1b2c3d4e5f6", "2026-12-05T18:19:55Z", "new");
        s.save();
        String saved = Files.readString(file());
        assertTrue(saved.startsWith(kept + ",\n \"2f3a9c1e-77b2-4d10-9e4f-a1b2c3d4e5f6\": {"), saved);
        s.markOk("0f3a9c1e-77b2-4d10-9e4f-a1b2c3d4e5f6", "2026-12-05T18:19:55Z", "marked");
        s.save();
        assertFalse(Files.readString(file()).contains("\"n\": -0"), "a marked record is written anew");
    }

    @Test
    void roundTripKeepsUnknownRecordsVerbatim() throws Exception {
        Files.createDirectories(file().getParent());
        String text = "{\n \"x\": {\n  \"status\": \"ok\",\n  \"lastUpdated\": \"1\",\n  \"extra\": [\n   1,\n   2.5\n  ]\n },\n"
                + " \"weird\": \"not an object\"\n}";
        Files.writeString(file(), text);
        BatchState s = BatchState.load(file(), CLOCK);
        assertEquals("ok", s.status("x"));
        assertNull(s.get("weird"));
        assertTrue(s.contains("weird"));
        s.save();
        assertEquals(text, Files.readString(file()));
    }

    @Test
    void corruptFileIsRenamedNotBlanked() throws Exception {
        Files.createDirectories(file().getParent());
        Files.writeString(file(), "{\"a\": {\"status\": \"ok\"");     // truncated by a crash
        BatchState s = BatchState.load(file(), CLOCK);
        assertEquals(0, s.size());
        Path corrupt = out.resolve("index/batch_state.json.corrupt-" + CLOCK.instant().getEpochSecond());
        assertEquals("{\"a\": {\"status\": \"ok\"", Files.readString(corrupt));
        assertFalse(Files.exists(file()));

        // a second corruption in the same second does not overwrite the first one
        Files.writeString(file(), "[1, 2]");                          // valid JSON, wrong shape
        BatchState.load(file(), CLOCK);
        assertTrue(Files.exists(corrupt));
        assertEquals("[1, 2]", Files.readString(corrupt.resolveSibling(corrupt.getFileName() + "-2")));
    }

    @Test
    void failedRenameWarnsAndStillStartsEmpty() throws Exception {
        Files.createDirectories(file().getParent());
        Files.writeString(file(), "not json");
        try (LogCapture log = LogCapture.of(BatchState.class)) {
            BatchState s = BatchState.load(file(), CLOCK, (from, to) -> {
                throw new java.nio.file.AccessDeniedException(to.toString());
            });
            assertEquals(0, s.size());
            assertEquals("not json", Files.readString(file()), "left in place when it cannot be moved");
            assertTrue(log.text().contains("could not be moved aside"), log.text());
        }
    }

    @Test
    void corruptRenameIsLogged() throws Exception {
        Files.createDirectories(file().getParent());
        Files.writeString(file(), "");
        try (LogCapture log = LogCapture.of(BatchState.class)) {
            BatchState.load(file(), CLOCK);
            assertTrue(log.text().contains("batch_state.json.corrupt-" + CLOCK.instant().getEpochSecond()), log.text());
        }
    }

    @Test
    void saveIsAtomicAndLeavesNoTmp() throws Exception {
        BatchState s = BatchState.load(file(), CLOCK);
        s.markOk("a", "1", "A");
        s.save();
        assertFalse(Files.exists(out.resolve("index/batch_state.json.tmp")));
        assertFalse(Files.readString(file()).endsWith("\n"));
        BatchState again = BatchState.load(file(), CLOCK);
        assertEquals(Map.of("status", "ok", "lastUpdated", "1", "title", "A", "exported_at", "2036-01-21T12:45:36Z"),
                again.get("a"));
    }
}
