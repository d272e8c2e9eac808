package io.github.pplxexport.pipeline;

import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.json.J;
import io.github.pplxexport.testkit.GrownLibrary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Under a seeded mix of 429s and 503s (a fifth and a tenth of all requests, session checks and index pages
 * included), a 60-thread library reaches, within three syncs, the archive a clean sync writes: retries absorb
 * most faults, a thread whose retries ran out is recorded and healed by the next sync.
 */
class FaultConvergenceTest {
    static final String FAULTS = "rate:0.2:429:seed=7,rate:0.1:503:seed=8";
    static final int THREADS = 60;

    @TempDir
    Path tmp;

    @Test
    void aFaultyApiConvergesWithinThreeSyncsToTheCleanArchive() throws Exception {
        Map<String, String> clean;
        try (LiveLibrary lib = library(tmp.resolve("clean")).serve(100, null)) {
            assertEquals(0, lib.run("sync"));
            assertEquals(THREADS, lib.threadDirs().size());
            clean = archive(lib.out);
        }

        try (LiveLibrary lib = library(tmp.resolve("faulty")).serve(100, FAULTS)) {
            List<Integer> codes = new ArrayList<>();
            for (int sync = 1; sync <= 3 && !archive(lib.out).equals(clean); sync++) {
                codes.add(lib.run("sync"));
            }
            long faults = lib.requests().stream().filter(r -> ((Number) r.get("status")).intValue() >= 429).count();
            assertTrue(faults >= 20, "the faults did happen: " + faults + " of " + lib.requests().size());
            Map<String, String> faulty = archive(lib.out);
            assertEquals(clean.keySet(), faulty.keySet(), "the same files after syncs ending " + codes);
            clean.forEach((f, text) -> assertEquals(text, faulty.get(f), f));
            Map<String, Object> state = lib.state();
            assertEquals(THREADS, state.size());
            state.values().forEach(r -> assertEquals("ok", J.str(r, "status"), r.toString()));
        }
    }

    /** alice's four sample threads copied 15 times each, every copy with its own uuid. */
    private static LiveLibrary library(Path dir) throws Exception {
        LiveLibrary lib = LiveLibrary.of(dir);
        FileTrees.delete(lib.served);
        GrownLibrary.grow(lib.served, THREADS, Set.of("alice"), null);
        return lib;
    }

    private static Map<String, String> archive(Path out) throws Exception {
        return GrownLibrary.comparable(out);
    }
}
