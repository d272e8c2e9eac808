package io.github.pplxexport.pipeline;

import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.json.J;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

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
    private static final Pattern EXPORTED_AT = Pattern.compile("(?m)^ \"exported_at\": \"[^\"]*\",?\\n");

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
        List<LiveLibrary.SampleThread> alice = LiveLibrary.sampleThreads().values().stream()
                .filter(t -> t.author().equals("alice")).toList();
        FileTrees.delete(lib.served);
        for (int i = 0; i < THREADS; i++) {
            LiveLibrary.SampleThread t = alice.get(i % alice.size());
            String uuid = String.format("%08x", 0xa0000000L + i) + t.uuid().substring(8);
            Path src = LiveLibrary.SAMPLE.resolve(t.dir());
            String name = src.getFileName().toString().replace(t.uuid8(), uuid.substring(0, 8));
            Path dst = Files.createDirectories(lib.served.resolve(t.dir()).getParent().resolve(name));
            for (String f : List.of("thread.json", "raw_entries.json", "raw_blocks.json")) {
                if (Files.exists(src.resolve(f))) {
                    Files.writeString(dst.resolve(f), Files.readString(src.resolve(f), StandardCharsets.UTF_8)
                            .replace(t.uuid(), uuid), StandardCharsets.UTF_8);
                }
            }
        }
        return lib;
    }

    /** The thread dirs' files as text, thread.json without exported_at (the index/ folder aside). */
    private static Map<String, String> archive(Path out) throws Exception {
        Map<String, String> m = new TreeMap<>();
        if (!Files.isDirectory(out)) {
            return m;
        }
        LiveLibrary.files(out).forEach((f, bytes) -> {
            if (!f.startsWith("index/")) {
                m.put(f, EXPORTED_AT.matcher(new String(bytes, StandardCharsets.UTF_8)).replaceAll(""));
            }
        });
        return m;
    }
}
