package io.github.pplxexport.library;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The offline candidates of sync-deleted (reference-behaviour.md §6.4, reference-cli-and-archive.md §4.6). */
class DeletedThreadsTest {
    @TempDir
    Path out;

    private static final String STATE = """
            {
             "t-alice": {"status": "ok", "lastUpdated": "2030-01-02T00:00:00Z", "title": "Alice's thread", "exported_at": "x"},
             "t-shared": {"status": "ok", "lastUpdated": "2030-01-03T00:00:00Z", "title": "Shared space", "exported_at": "x"},
             "t-gone": {"status": "ok", "lastUpdated": "2030-01-04T00:00:00Z", "title": "Gone", "exported_at": "x"},
             "t-gone2": {"status": "ok", "lastUpdated": "2030-01-05T00:00:00Z", "title": "Also gone", "exported_at": "x"},
             "t-err": {"status": "error", "lastUpdated": "2030-01-01T00:00:00Z", "title": "Failed", "error": "x"},
             "t-del": {"status": "deleted", "lastUpdated": "2030-01-01T00:00:00Z", "title": "Known deleted", "note": "x"},
             "t-odd": "not a record"
            }""";

    private void write(String rel, String text) throws IOException {
        Path f = out.resolve(rel);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    private static String index(String account, String... uuids) {
        StringBuilder rows = new StringBuilder();
        for (String u : uuids) {
            rows.append(rows.length() == 0 ? "" : ", ").append("{\"entryUUID\": \"").append(u).append("\", \"title\": \"x\"}");
        }
        return "{\"account\": \"" + account + "\", \"count\": " + uuids.length + ", \"threads\": [" + rows + "]}";
    }

    /** Every file under out with its bytes and mtime: a dry run must leave it identical. */
    private Map<String, String> snapshot() throws IOException {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(out)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (Files.isRegularFile(p)) {
                    FileTime t = Files.getLastModifiedTime(p);
                    m.put(out.relativize(p).toString(), t.toMillis() + ":" + Files.readString(p));
                }
            }
        }
        return m;
    }

    @Test
    void candidatesAreOkThreadsMissingFromTheUnionOfAllIndexes() throws IOException {
        write("index/batch_state.json", STATE);
        write("index/library_alice.json", index("alice", "t-alice", "t-err"));
        write("index/library_bob.json", index("bob", "t-shared", "t-del"));
        Map<String, String> before = snapshot();

        DeletedThreads.Plan plan = DeletedThreads.read(out);
        assertEquals(List.of(new DeletedThreads.Candidate("t-gone", "Gone", "2030-01-04T00:00:00Z"),
                new DeletedThreads.Candidate("t-gone2", "Also gone", "2030-01-05T00:00:00Z")), plan.candidates());
        assertEquals(List.of(), plan.skipped());
        assertEquals("", plan.reason());
        assertEquals(4, plan.okThreads());
        assertEquals(4, plan.indexedThreads());
        assertEquals(List.of("library_alice.json", "library_bob.json"), plan.indexFiles());
        assertEquals(before, snapshot(), "a dry run writes nothing");
    }

    /**
     * Real uuids, as a large archive has them: the state's keys and the indexes' rows hold them packed and are
     * found through the packed table; an uppercase one stays text and is its own uuid, as in the reference.
     */
    @Test
    void uuidsAreMatchedAsTheirTextWhateverFormTheyAreKeptIn() throws IOException {
        String a = "0a1b2c3d-0000-4000-8000-00000000000a";
        String b = "0a1b2c3d-0000-4000-8000-00000000000b";
        String c = "0a1b2c3d-0000-4000-8000-00000000000c";
        String upper = "0A1B2C3D-0000-4000-8000-00000000000D";
        String lowerOfUpper = upper.toLowerCase(java.util.Locale.ROOT);
        StringBuilder state = new StringBuilder("{");
        for (String u : List.of(a, b, c, upper, lowerOfUpper)) {
            state.append(state.length() == 1 ? "" : ",").append("\n \"").append(u)
                    .append("\": {\"status\": \"ok\", \"lastUpdated\": \"2030-01-02T00:00:00Z\", \"title\": \"").append(u, 35, 36).append("\"}");
        }
        write("index/batch_state.json", state.append("\n}").toString());
        write("index/library_alice.json", index("alice", a, lowerOfUpper));
        write("index/library_bob.json", index("bob", b, "not-a-uuid"));
        DeletedThreads.Plan plan = DeletedThreads.read(out);
        assertEquals(List.of(c, upper), plan.candidates().stream().map(DeletedThreads.Candidate::uuid).toList());
        assertEquals(5, plan.okThreads());
        assertEquals(4, plan.indexedThreads());
    }

    @Test
    void oneAccountsIndexAloneWouldMakeSharedThreadsLookDeleted() {
        Map<String, Object> state = J.asMap(Json.parse(STATE));
        List<Map<String, Object>> alice = rows("t-alice");
        DeletedThreads.Plan plan = DeletedThreads.plan(state, List.of(new DeletedThreads.IndexFile("library_alice.json", alice, null)));
        assertEquals(List.of("t-shared", "t-gone", "t-gone2"),
                plan.candidates().stream().map(DeletedThreads.Candidate::uuid).toList());
    }

    @Test
    void withoutAnIndexEveryThreadIsSkippedWithTheReason() throws IOException {
        write("index/batch_state.json", STATE);
        DeletedThreads.Plan plan = DeletedThreads.read(out);
        assertTrue(plan.candidates().isEmpty());
        assertEquals(List.of("t-alice", "t-shared", "t-gone", "t-gone2"),
                plan.skipped().stream().map(DeletedThreads.Skipped::uuid).toList());
        assertTrue(plan.reason().startsWith("no index/library_*.json"), plan.reason());
        assertTrue(plan.skipped().stream().allMatch(s -> s.reason().equals(plan.reason())));
    }

    @Test
    void anUnreadableOrEmptyIndexMakesTheUnionUntrustworthy() throws IOException {
        write("index/batch_state.json", STATE);
        write("index/library_alice.json", index("alice", "t-alice", "t-shared"));
        write("index/library_bob.json", "{\"threads\": [");
        Map<String, String> before = snapshot();
        DeletedThreads.Plan plan = DeletedThreads.read(out);
        assertTrue(plan.candidates().isEmpty());
        assertEquals(4, plan.skipped().size());
        assertTrue(plan.reason().startsWith("index/library_bob.json is unreadable"), plan.reason());
        assertEquals(before, snapshot());

        DeletedThreads.Plan empty = DeletedThreads.plan(J.asMap(Json.parse(STATE)),
                List.of(new DeletedThreads.IndexFile("library_alice.json", List.of(), null)));
        assertTrue(empty.candidates().isEmpty());
        assertEquals("the library indexes list no thread", empty.reason());
    }

    @Test
    void anUnreadableStateGivesNoCandidatesAndIsNotMovedAside() throws IOException {
        write("index/batch_state.json", "{corrupt");
        write("index/library_alice.json", index("alice", "t-alice"));
        Map<String, String> before = snapshot();
        DeletedThreads.Plan plan = DeletedThreads.read(out);
        assertTrue(plan.candidates().isEmpty());
        assertTrue(plan.reason().startsWith("index/batch_state.json is unreadable"), plan.reason());
        assertEquals(1, plan.indexedThreads());
        assertEquals(before, snapshot(), "unlike BatchState.load, the dry run never renames the state");
    }

    @Test
    void anEmptyArchiveHasNothingToCheck() throws IOException {
        DeletedThreads.Plan plan = DeletedThreads.read(out);
        assertTrue(plan.candidates().isEmpty());
        assertTrue(plan.skipped().isEmpty());
        assertEquals(0, plan.okThreads());
    }

    private static List<Map<String, Object>> rows(String... uuids) {
        return Stream.of(uuids).map(u -> Map.<String, Object>of("entryUUID", u)).toList();
    }
}
