package io.github.pplxexport.pipeline;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.testkit.Archives;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reference's backfills against the replay (reference-cli-and-archive.md §2.10, §2.11): each from a state an
 * older archive is in (no search_mode in the index; no assets/ and a missing raw_blocks.json), offline, then online,
 * then a second run that sends nothing and changes nothing.
 */
class BackfillTest {
    @TempDir
    Path tmp;

    private static Path index(LiveLibrary lib, String account) {
        return lib.out.resolve("index").resolve("library_" + account + ".json");
    }

    /** The index rows by uuid8 → search_mode ("" when absent). */
    private static Map<String, String> searchModes(Path index) throws Exception {
        Map<String, String> m = new TreeMap<>();
        for (Object row : J.list(Json.readObject(index), "threads")) {
            m.put(J.str(row, "entryUUID").substring(0, 8), J.str(row, "search_mode"));
        }
        return m;
    }

    /** The index with every search_mode removed, as an index written before search-mode-backfill. */
    private static void stripSearchModes(Path index) throws Exception {
        Map<String, Object> doc = Json.readObject(index);
        J.list(doc, "threads").forEach(r -> J.asMap(r).remove("search_mode"));
        Files.writeString(index, PyJson.pretty(doc));
    }

    private static void stripSearchMode(Path index, String uuid) throws Exception {
        Map<String, Object> doc = Json.readObject(index);
        J.list(doc, "threads").stream().filter(r -> J.str(r, "entryUUID").equals(uuid)).forEach(r -> J.asMap(r).remove("search_mode"));
        Files.writeString(index, PyJson.pretty(doc));
    }

    @Test
    void searchModeFromTheArchiveThenOnlineThenNothing() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve()) {
            assertEquals(0, lib.run("sync"));
            Path index = index(lib, "alice");
            stripSearchModes(index);
            LiveLibrary.SampleThread softmax = LiveLibrary.sample("11d645e5");
            Path raw = lib.out.resolve(softmax.dir()).resolve("raw_entries.json");
            byte[] rawBytes = Files.readAllBytes(raw);
            Files.delete(raw); // an archive without it: only the platform can tell

            lib.serve();
            assertEquals(0, lib.run("search-mode-backfill", "--offline"));
            assertEquals(List.of(), lib.requests(), "--offline sends nothing, not even the session check");
            Map<String, String> offline = searchModes(index);
            // f51cae28's entries carry no search_mode: nothing to write, and nothing to fetch (its raw is archived)
            assertEquals(Map.of("8220bd65", "ASI", "b2a69fad", "SEARCH", "f51cae28", "", "11d645e5", ""), offline);

            // and one deleted on the platform since: 400 ENTRY_DELETED, recorded as the batch records it
            LiveLibrary.SampleThread etags = LiveLibrary.sample("b2a69fad");
            Path etagsRaw = lib.out.resolve(etags.dir()).resolve("raw_entries.json");
            byte[] etagsBytes = Files.readAllBytes(etagsRaw);
            Files.delete(etagsRaw);
            Map<String, Object> row = J.asMap(J.list(Json.readObject(index), "threads").stream()
                    .filter(r -> J.str(r, "entryUUID").equals(etags.uuid())).findFirst().orElseThrow());
            stripSearchMode(index, etags.uuid());
            lib.serve(100, "deleted:" + etags.uuid());
            assertEquals(0, lib.run("search-mode-backfill"));
            assertEquals(List.of("/api/auth/session", "/rest/thread/" + softmax.uuid(), "/rest/thread/" + etags.uuid()),
                    lib.requests().stream().map(r -> J.str(r, "path")).toList(), "only the rows without raw_entries.json");
            assertEquals("RESEARCH", searchModes(index).get("11d645e5"));
            assertEquals("deleted", J.str(J.get(lib.state(), etags.uuid()), "status"));
            assertEquals(row.get("lastUpdated"), J.get(J.get(lib.state(), etags.uuid()), "lastUpdated"));

            Files.write(raw, rawBytes);
            Files.write(etagsRaw, etagsBytes);
            Map<String, Archives.FileState> before = Archives.snapshot(lib.out);
            lib.serve();
            assertEquals(0, lib.run("search-mode-backfill"));
            assertEquals(List.of(), lib.requests(), "a second run sends nothing");
            assertEquals(before, Archives.snapshot(lib.out), "and changes nothing");
        }
    }

    @Test
    void assetsOfAnOlderArchiveOfflineThenOnlineThenNothing() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).as("bob").serve()) {
            assertEquals(0, lib.run("sync"));
            LiveLibrary.SampleThread budget = LiveLibrary.sample("451dd14f");
            LiveLibrary.SampleThread bloom = LiveLibrary.sample("5b409cb0");
            Path budgetDir = lib.out.resolve(budget.dir());
            Path bloomDir = lib.out.resolve(bloom.dir());
            Map<String, byte[]> files = new TreeMap<>();
            for (Path f : Archives.files(budgetDir.resolve("assets"))) {
                files.put(budgetDir.relativize(f).toString(), Files.readAllBytes(f));
            }
            byte[] bloomBlocks = Files.readAllBytes(bloomDir.resolve("raw_blocks.json"));
            byte[] bloomReport = Files.readAllBytes(bloomDir.resolve("assets/files/bloom_filter_sizing_report.md"));
            // as an archive made before products existed: no assets/ at all, and one thread without its blocks
            deleteTree(budgetDir.resolve("assets"));
            deleteTree(bloomDir.resolve("assets"));
            Files.delete(bloomDir.resolve("raw_blocks.json"));

            lib.serve();
            assertEquals(0, lib.run("assets-backfill"));
            assertEquals(List.of(), lib.requests(), "offline: nothing sent");
            Map<String, Object> manifest = Json.readObject(budgetDir.resolve("assets/assets_manifest.json"));
            assertEquals(3L, ((Number) manifest.get("count")).longValue(), "every version registered from the blocks");
            assertTrue(J.list(manifest, "files").stream().flatMap(f -> J.list(f, "versions").stream())
                    .allMatch(v -> J.str(v, "downloaded_to").isEmpty()), "no file yet: " + manifest);
            assertFalse(Files.exists(bloomDir.resolve("assets/assets_manifest.json")), "no blocks, no manifest");

            lib.serve();
            assertEquals(0, lib.run("assets-backfill", "--online", "--fetch-blocks"));
            List<String> paths = lib.requests().stream().map(r -> J.str(r, "path")).toList();
            assertEquals(1, lib.threadRequests(bloom.uuid()).size(), "the missing blocks fetched once: " + paths);
            assertTrue(LiveLibrary.schematized(lib.threadRequests(bloom.uuid()).get(0)));
            assertEquals(3, paths.stream().filter(p -> p.startsWith("/rest/assets/")).count(),
                    "the three versions without a file re-signed: " + paths);
            assertArrayEquals(bloomBlocks, Files.readAllBytes(bloomDir.resolve("raw_blocks.json")), "the export's bytes");
            assertArrayEquals(bloomReport, Files.readAllBytes(bloomDir.resolve("assets/files/bloom_filter_sizing_report.md")));
            for (Map.Entry<String, byte[]> e : files.entrySet()) {
                assertArrayEquals(e.getValue(), Files.readAllBytes(budgetDir.resolve(e.getKey())), e.getKey());
            }

            Map<String, Archives.FileState> before = Archives.snapshot(lib.out);
            lib.serve();
            assertEquals(0, lib.run("assets-backfill", "--online", "--fetch-blocks"));
            assertEquals(List.of(), lib.requests(), "a second run sends nothing");
            assertEquals(before, Archives.snapshot(lib.out), "and changes nothing");
        }
    }

    private static void deleteTree(Path root) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
