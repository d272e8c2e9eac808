package io.github.pplxexport.pipeline;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The replay answers like the platform where the pipeline depends on it (issue 8 item 3): the library lists a
 * timestamp for a thread whose served thread.json has none, a blocked thread as {@code BLOCKED}, and leaves out
 * deleted threads; checked through the real CLI.
 */
class ReplayRealismSyncTest {
    @TempDir
    Path tmp;

    /** Drops {@code lastUpdated} from a served thread.json, as an archive written without it. */
    private static void dropLastUpdated(Path threadJson) throws Exception {
        Map<String, Object> t = new LinkedHashMap<>(Json.readObject(threadJson));
        assertNotNull(t.remove("lastUpdated"));
        Files.writeString(threadJson, PyJson.pretty(t), StandardCharsets.UTF_8);
    }

    private static Map<String, Object> indexRow(LiveLibrary lib, String account, String uuid) throws Exception {
        for (Object row : J.list(Json.readObject(lib.out.resolve("index/library_" + account + ".json")), "threads")) {
            if (uuid.equals(J.str(row, "entryUUID"))) {
                return J.asMap(row);
            }
        }
        return null;
    }

    @Test
    void threadWithoutLastUpdatedIsExportedOnceWithItsNewestEntryStampAtFullPrecision() throws Exception {
        LiveLibrary.SampleThread etags = LiveLibrary.sample("b2a69fad");
        // the newest entries[].updated_us of that thread's raw_entries.json, in microseconds
        String newestEntry = "2026-02-03T09:21:40.430277Z";
        try (LiveLibrary lib = LiveLibrary.of(tmp)) {
            dropLastUpdated(lib.served.resolve(etags.dir()).resolve("thread.json"));
            lib.serve();
            assertEquals(0, lib.run("sync"));
            assertEquals(newestEntry, J.str(indexRow(lib, "alice", etags.uuid()), "lastUpdated"));
            assertEquals(newestEntry, J.str(lib.state().get(etags.uuid()), "lastUpdated"));
            assertEquals(newestEntry, J.str(Json.readObject(lib.out.resolve(etags.dir()).resolve("thread.json")),
                    "lastUpdated"), "thread.json keeps the full-precision stamp");

            lib.serve();
            assertEquals(0, lib.run("sync"));
            assertEquals(List.of(), lib.allThreadRequests(), "the second sync exports nothing");
        }
    }

    @Test
    void blockedThreadIsIndexedAsBlocked() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).as("bob").serve()) {
            assertEquals(0, lib.run("index"));
            assertEquals("BLOCKED", J.str(indexRow(lib, "bob", LiveLibrary.sample("d688737e").uuid()), "status"));
            assertEquals("COMPLETED", J.str(indexRow(lib, "bob", LiveLibrary.sample("dbe66582").uuid()), "status"));
        }
    }

    @Test
    void deletedAndUnlistedThreadsAreNotInTheIndex() throws Exception {
        String deleted = LiveLibrary.sample("b2a69fad").uuid();
        String unlisted = LiveLibrary.sample("11d645e5").uuid();
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve(100, "deleted:" + deleted + ",unlisted:" + unlisted)) {
            assertEquals(0, lib.run("index", "--full"));
            assertEquals(null, indexRow(lib, "alice", deleted));
            assertEquals(null, indexRow(lib, "alice", unlisted));
            assertFalse(J.list(Json.readObject(lib.out.resolve("index/library_alice.json")), "threads").isEmpty());
        }
    }
}
