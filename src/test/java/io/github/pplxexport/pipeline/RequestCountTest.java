package io.github.pplxexport.pipeline;

import io.github.pplxexport.json.J;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What one thread costs in requests (reference-behaviour.md §2.4: one request for a search thread, two for the
 * other modes; the "uncertain" search thread still gets its blocks) and that cursor pages are followed to the
 * end (§1.2), counted from the replay server's request log.
 */
class RequestCountTest {
    @TempDir
    Path tmp;

    @Test
    void searchWithDisplayModelCostsOnePlainRequestEveryOtherModeTwo() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve(100, null)) {
            Map<String, LiveLibrary.SampleThread> threads = LiveLibrary.sampleThreads();
            assertEquals(9, threads.size(), "the sample's nine threads");
            for (LiveLibrary.SampleThread t : threads.values()) {
                assertEquals(0, lib.run("export", t.uuid()), "export " + t.dir());
                List<Map<String, Object>> reqs = lib.threadRequests(t.uuid());
                List<Map<String, Object>> plain = reqs.stream().filter(r -> !LiveLibrary.schematized(r)).toList();
                List<Map<String, Object>> blocks = reqs.stream().filter(LiveLibrary::schematized).toList();
                reqs.forEach(r -> assertEquals(200L, ((Number) r.get("status")).longValue(), "answered: " + r));
                assertEquals(1, plain.size(), t.dir() + ": one plain request (one page of 100): " + reqs);
                assertFalse(LiveLibrary.hasCursor(plain.get(0)), "first page without cursor: " + plain.get(0));
                Path dir = lib.out.resolve(t.dir());
                assertTrue(Files.isRegularFile(dir.resolve("raw_entries.json")), "raw_entries.json of " + t.dir());
                if (t.uuid8().equals("b2a69fad")) {
                    assertEquals(0, blocks.size(), "search thread with a display_model: no blocks fetch: " + reqs);
                    assertFalse(Files.exists(dir.resolve("raw_blocks.json")), "no raw_blocks.json for plain search");
                } else {
                    assertEquals(1, blocks.size(), t.dir() + ": one schematized request: " + reqs);
                    assertTrue(Files.isRegularFile(dir.resolve("raw_blocks.json")), "raw_blocks.json of " + t.dir());
                }
            }
            // the sample's only thread without any mode signal is a search thread that still needs its blocks
            LiveLibrary.SampleThread uncertain = threads.get("f51cae28");
            assertEquals("search", uncertain.mode());
            assertArrayEquals(Files.readAllBytes(LiveLibrary.SAMPLE.resolve(uncertain.dir()).resolve("raw_blocks.json")),
                    Files.readAllBytes(lib.out.resolve(uncertain.dir()).resolve("raw_blocks.json")),
                    "the uncertain thread's raw_blocks.json is the served one");
            // exactly one session probe per run and one CDN request per asset file, nothing else was asked for
            List<Map<String, Object>> cdn = lib.cdnRequests();
            long other = lib.requests().stream()
                    .filter(r -> !J.str(r, "path").startsWith("/rest/thread/")).count();
            assertEquals(9 + 4, other, "one session probe per export, one CDN request per asset: " + lib.requests());
            assertTrue(lib.requests().stream().filter(r -> !J.str(r, "path").startsWith("/rest/thread/"))
                    .filter(r -> !cdn.contains(r)).allMatch(r -> J.str(r, "path").equals("/api/auth/session")));
            assertEquals(Map.of("451dd14f", 3L, "5b409cb0", 1L), cdn.stream().collect(java.util.stream.Collectors
                    .groupingBy(r -> J.str(r, "path").substring(1, 9), java.util.stream.Collectors.counting())),
                    "the computer thread's three files and the report, each fetched once: " + cdn);
        }
    }

    @Test
    void threadSpreadOverThreeCursorPagesIsArchivedWhole() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).as("bob").serve(5, null)) {
            LiveLibrary.SampleThread study = LiveLibrary.sample("8137cd4b");
            assertEquals("study", study.mode());

            assertEquals(0, lib.run("export", study.uuid()));

            List<Map<String, Object>> plain = lib.threadRequests(study.uuid()).stream()
                    .filter(r -> !LiveLibrary.schematized(r)).toList();
            assertEquals(3, plain.size(), "13 entries, 5 a page: 3 plain pages: " + plain);
            assertFalse(LiveLibrary.hasCursor(plain.get(0)), "page 1 has no cursor: " + plain.get(0));
            assertTrue(LiveLibrary.hasCursor(plain.get(1)), "page 2 follows a cursor: " + plain.get(1));
            assertTrue(LiveLibrary.hasCursor(plain.get(2)), "page 3 follows a cursor: " + plain.get(2));
            assertFalse(J.str(plain.get(1), "query").equals(J.str(plain.get(2), "query")), "a new cursor for page 3");
            plain.forEach(r -> assertEquals(200L, ((Number) r.get("status")).longValue(), "answered: " + r));

            Path sample = LiveLibrary.SAMPLE.resolve(study.dir());
            Path dir = lib.out.resolve(study.dir());
            byte[] raw = Files.readAllBytes(dir.resolve("raw_entries.json"));
            Map<String, Object> entries = io.github.pplxexport.json.Json.readObject(dir.resolve("raw_entries.json"));
            assertEquals(13, J.list(entries, "entries").size(), "all 13 entries");
            assertArrayEquals(Files.readAllBytes(sample.resolve("raw_entries.json")), raw,
                    "raw_entries.json equals the sample's byte for byte");
            assertArrayEquals(Files.readAllBytes(sample.resolve("raw_blocks.json")),
                    Files.readAllBytes(dir.resolve("raw_blocks.json")), "raw_blocks.json too (its pages joined)");
            assertTrue(Files.isRegularFile(dir.resolve("turns/turn_0013.md")), "the 13th turn is rendered");
            assertFalse(Files.exists(dir.resolve("turns/turn_0014.md")));
            assertArrayEquals(Files.readAllBytes(sample.resolve("conversation.md")),
                    Files.readAllBytes(dir.resolve("conversation.md")), "conversation.md as in the sample");
        }
    }
}
