package io.github.pplxexport.pipeline;

import io.github.pplxexport.cli.PplxExportCli;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.library.BatchState;
import io.github.pplxexport.testkit.Archives;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * sync-deleted against the replay: alice's ETags thread is deleted on the platform ({@code deleted:}: left out of
 * the library, 400 ENTRY_DELETED) and her softmax thread merely left the listing ({@code unlisted:}). The dry run
 * lists both and neither sends a request nor touches a file; {@code --online} marks exactly the deleted one and
 * changes nothing but its thread.json (one key added) and the state; a second run does not ask about it again.
 */
class SyncDeletedTest {
    private static final Pattern STAMP = Pattern.compile(",\\n \"remote_deleted\": \"(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ)\"\\n}$");

    @TempDir
    Path tmp;

    /** Runs the CLI and returns what it printed on stdout. */
    private static String stdout(LiveLibrary lib, int exit, String... args) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            assertEquals(exit, lib.run(args), String.join(" ", args));
        } finally {
            System.setOut(saved);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theDryRunListsAndWritesNothingAndOnlineMarksExactlyTheDeletedOne() throws Exception {
        LiveLibrary.SampleThread deleted = LiveLibrary.sample("b2a69fad");
        LiveLibrary.SampleThread unlisted = LiveLibrary.sample("11d645e5");
        String faults = "deleted:" + deleted.uuid() + ",unlisted:" + unlisted.uuid();
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve()) {
            assertEquals(0, lib.run("sync"));
            lib.serve(100, faults);
            assertEquals(0, lib.run("index", "--full"));
            Map<String, Archives.FileState> before = Archives.snapshot(lib.out);

            lib.serve(100, faults);
            String dry = stdout(lib, 0, "sync-deleted");
            assertEquals(List.of(), lib.requests(), "the dry run sends nothing");
            assertEquals(before, Archives.snapshot(lib.out), "and writes nothing (bytes and mtimes)");
            assertTrue(dry.contains("2 deletion candidate(s), 2 to check as alice"), dry);
            assertTrue(dry.contains("  " + deleted.uuid() + "  How do HTTP ETags work?") && dry.contains("  " + unlisted.uuid()), dry);
            assertTrue(dry.contains("dry run: nothing was asked and nothing written"), dry);

            assertEquals(0, lib.run("sync-deleted", "--online"));
            assertEquals(Set.of("/api/auth/session", "/rest/thread/" + deleted.uuid(), "/rest/thread/" + unlisted.uuid()),
                    new TreeSet<>(lib.requests().stream().map(r -> J.str(r, "path")).toList()), "one GET per candidate");
            assertEquals(3, lib.requests().size());

            Map<String, Archives.FileState> after = Archives.snapshot(lib.out);
            String threadJson = deleted.dir() + "/thread.json";
            Map<String, Archives.FileState> changed = new LinkedHashMap<>();
            after.forEach((k, v) -> {
                if (!v.equals(before.get(k))) {
                    changed.put(k, v);
                }
            });
            assertEquals(before.keySet(), after.keySet(), "no file added or removed");
            assertEquals(new TreeSet<>(List.of(threadJson, "index/batch_state.json")), new TreeSet<>(changed.keySet()),
                    "only the deleted thread's thread.json and the state changed");
            String was = new String(before.get(threadJson).bytes(), StandardCharsets.UTF_8);
            String now = new String(after.get(threadJson).bytes(), StandardCharsets.UTF_8);
            Matcher stamp = STAMP.matcher(now);
            assertTrue(stamp.find(), now);
            assertEquals(was, now.substring(0, stamp.start()) + "\n}", "one key added at the end, the rest byte for byte");

            Map<String, Object> state = new LinkedHashMap<>(lib.state());
            Map<String, Object> record = J.map(state, deleted.uuid());
            assertEquals("deleted", record.get("status"));
            assertEquals(BatchState.NOTE_ENTRY_DELETED, record.get("note"));
            assertEquals("ok", J.str(J.get(state, unlisted.uuid()), "status"), "still there: a false positive, left alone");
            Map<String, Object> stateBefore = J.asMap(Json.parse(new String(before.get("index/batch_state.json").bytes(),
                    StandardCharsets.UTF_8)));
            stateBefore.remove(deleted.uuid());
            state.remove(deleted.uuid());
            assertEquals(stateBefore, state, "every other record as it was");

            // again: the deleted one is no candidate any more, its stamp stays as it was
            lib.serve(100, faults);
            assertEquals(0, lib.run("sync-deleted", "--online"));
            assertEquals(List.of("/api/auth/session", "/rest/thread/" + unlisted.uuid()),
                    lib.requests().stream().map(r -> J.str(r, "path")).toList());
            assertEquals(after.get(threadJson), Archives.snapshot(lib.out).get(threadJson), "stamped once, never again");
        }
    }

    /** {@code sync --check-deleted --refresh-spaces} (reference §2.4): the batch, then the online check, then the spaces. */
    @Test
    void syncCheckDeletedChecksTheCandidatesAfterTheBatch() throws Exception {
        LiveLibrary.SampleThread deleted = LiveLibrary.sample("b2a69fad");
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve()) {
            assertEquals(0, lib.run("sync"));
            lib.serve(100, "deleted:" + deleted.uuid());
            assertEquals(0, lib.run("sync", "--full", "--check-deleted", "--refresh-spaces")); // --full: the index drops it
            assertEquals("deleted", J.str(J.get(lib.state(), deleted.uuid()), "status"));
            assertTrue(lib.threadRequests(deleted.uuid()).size() == 1, "asked once, after the batch");
            assertTrue(java.nio.file.Files.isDirectory(lib.out.resolve("spaces")), "the space pages written");
        }
    }
}
