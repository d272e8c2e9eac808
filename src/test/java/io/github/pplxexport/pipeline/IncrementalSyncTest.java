package io.github.pplxexport.pipeline;

import io.github.pplxexport.json.J;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Incremental sync (reference-cli-and-archive.md §4, reference-behaviour.md §2.2): a second sync of an unchanged
 * library fetches no thread and touches nothing (early stop); a thread whose lastUpdated moved is exported again,
 * and only that one. The replay re-reads the served archive on every request, so bumping a thread.json there is
 * what a continued conversation looks like.
 */
class IncrementalSyncTest {
    @TempDir
    Path tmp;

    @Test
    void unchangedLibraryExportsNothingAndABumpedThreadIsTheOnlyOneExported() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve()) {
            assertEquals(0, lib.run("sync"));
            List<String> alice = LiveLibrary.sampleThreads().values().stream()
                    .filter(t -> t.author().equals("alice")).map(LiveLibrary.SampleThread::dir).sorted().toList();
            assertEquals(alice, lib.threadDirs(), "first sync exports alice's threads");
            assertEquals(4, lib.exportedUuids().size());

            // second sync, nothing changed: no thread request, no byte and no mtime changed in the thread dirs
            byte[] state = Files.readAllBytes(lib.stateFile());
            Path index = lib.out.resolve("index");
            LiveLibrary.setAllMtimes(lib.out, LiveLibrary.OLD);
            Map<String, FileTime> before = LiveLibrary.mtimes(lib.out);
            Map<String, byte[]> bytesBefore = LiveLibrary.files(lib.out);
            lib.serve();

            assertEquals(0, lib.run("sync"));

            assertEquals(List.of(), lib.allThreadRequests(), "early stop: no thread fetched");
            assertArrayEquals(state, Files.readAllBytes(lib.stateFile()), "batch_state.json unchanged");
            Map<String, FileTime> after = LiveLibrary.mtimes(lib.out);
            for (Map.Entry<String, FileTime> e : before.entrySet()) {
                if (!e.getKey().startsWith("index/")) {
                    assertEquals(e.getValue(), after.get(e.getKey()), "mtime of " + e.getKey());
                    assertArrayEquals(bytesBefore.get(e.getKey()), Files.readAllBytes(lib.out.resolve(e.getKey())));
                }
            }
            assertEquals(before.keySet(), after.keySet(), "no file added or removed");
            assertEquals(LiveLibrary.OLD, Files.getLastModifiedTime(lib.stateFile()), "state file not rewritten");
            assertTrue(Files.isDirectory(index));

            // the platform's copy of one older thread moves on (same day, so the dir name stays)
            LiveLibrary.SampleThread bumped = LiveLibrary.sample("11d645e5");
            String newStamp = bump(lib.served.resolve(bumped.dir()).resolve("thread.json"), bumped.lastUpdated());
            lib.serve();

            assertEquals(0, lib.run("sync"));

            assertEquals(List.of(bumped.uuid()), lib.exportedUuids(), "exactly the bumped thread is fetched");
            Map<String, Object> stateNow = lib.state();
            assertEquals(newStamp, J.str(stateNow.get(bumped.uuid()), "lastUpdated"), "its state has the new stamp");
            Map<String, Object> stateBefore = io.github.pplxexport.json.J.asMap(
                    io.github.pplxexport.json.Json.parse(new String(state, StandardCharsets.UTF_8)));
            for (String uuid : stateBefore.keySet()) {
                if (!uuid.equals(bumped.uuid())) {
                    assertEquals(stateBefore.get(uuid), stateNow.get(uuid), "state of " + uuid + " unchanged");
                }
            }
            Map<String, Object> threadJson = io.github.pplxexport.json.Json.readObject(
                    lib.out.resolve(bumped.dir()).resolve("thread.json"));
            assertEquals(newStamp, J.str(threadJson, "lastUpdated"), "thread.json carries the new lastUpdated");
            Map<String, FileTime> third = LiveLibrary.mtimes(lib.out);
            for (Map.Entry<String, FileTime> e : before.entrySet()) {
                if (!e.getKey().startsWith("index/") && !e.getKey().startsWith(bumped.dir() + "/")) {
                    assertEquals(e.getValue(), third.get(e.getKey()), "other threads untouched: " + e.getKey());
                }
            }
            assertNotEquals(LiveLibrary.OLD, third.get(bumped.dir() + "/thread.json"), "the bumped thread was rewritten");
        }
    }

    /** Moves lastUpdated one minute later on the same day; returns the new value. */
    static String bump(Path threadJson, String old) throws Exception {
        String text = Files.readString(threadJson, StandardCharsets.UTF_8);
        java.time.Instant t = java.time.Instant.parse(old);
        java.time.Instant later = t.plusSeconds(60);
        assertEquals(t.toString().substring(0, 10), later.toString().substring(0, 10), "same day");
        // keep the platform's shape: microseconds and Z
        String stamp = later.toString().replace("Z", "").replaceAll("\\.\\d+$", "") + old.substring(19);
        String updated = text.replace("\"lastUpdated\": \"" + old + "\"", "\"lastUpdated\": \"" + stamp + "\"");
        assertNotEquals(text, updated, "lastUpdated found in " + threadJson);
        Files.writeString(threadJson, updated, StandardCharsets.UTF_8);
        return stamp;
    }
}
