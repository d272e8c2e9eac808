package io.github.pplxexport.archive;

import io.github.pplxexport.testkit.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Archive and index files get the mode any file the user writes gets: the umask decides. A JVM cannot
 * set its own umask, so the CLI runs in a child process under {@code umask 022} and {@code umask 077}.
 */
class FileModesTest {
    @TempDir
    Path tmp;

    @Test
    void aSyncUnderUmask022WritesFilesReadableByAll() throws Exception {
        Path out = tmp.resolve("archive");
        Path log = out.resolve("index/logs/demo.log");
        ChildJvm.Result r = ChildJvm.run("022", Paths.get(""), "demo", "--out", out.toString(),
                "--log-file", log.toString());
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.stderr().contains(" [log] full debug log: " + log.toAbsolutePath() + "\n"), "the log's path is told: " + r);

        Map<String, String> modes = modes(out);
        for (String must : List.of("index/library_alice.json", "index/library_bob.json", "index/batch_state.json",
                "index/answer_variants_log.jsonl", "index/logs/demo.log",
                "alice/search/2026-02-03_How-do-HTTP-ETags-work_b2a69fad/thread.json",
                "alice/search/2026-02-03_How-do-HTTP-ETags-work_b2a69fad/conversation.md",
                "alice/search/2026-02-03_How-do-HTTP-ETags-work_b2a69fad/turns/turn_0001.md",
                // written by the products' file endpoint (temp file + rename): the umask too, no private 0600
                "bob/deep-research/2026-11-14_Bloom-filters-sizing-and-false-positive_5b409cb0/report.md",
                "bob/deep-research/2026-11-14_Bloom-filters-sizing-and-false-positive_5b409cb0/assets/files/bloom_filter_sizing_report.md",
                "bob/computer/2026-12-05_Budget-tracker-from-my-bank-CSV_451dd14f/assets/files/Spending_by_category.png",
                "bob/computer/2026-12-05_Budget-tracker-from-my-bank-CSV_451dd14f/assets/assets_manifest.json")) {
            assertTrue(modes.containsKey(must), must + " not written");
        }
        List<String> wrong = new ArrayList<>();
        modes.forEach((path, mode) -> {
            boolean dir = Files.isDirectory(out.resolve(path));
            if (!mode.equals(dir ? "rwxr-xr-x" : "rw-r--r--")) {
                wrong.add(path + " " + mode);
            }
        });
        assertEquals(List.of(), wrong, "modes under umask 022");
    }

    @Test
    void underUmask077NewFilesAndFoldersStayPrivate() throws Exception {
        Path out = tmp.resolve("archive");
        Path thread = out.resolve("alice/search/2026-02-03_How-do-HTTP-ETags-work_b2a69fad");
        FileTrees.copy(Paths.get("archive-sample/alice/search/2026-02-03_How-do-HTTP-ETags-work_b2a69fad"), thread);
        Files.delete(thread.resolve("conversation.md"));
        FileTrees.delete(thread.resolve("turns"));

        ChildJvm.Result r = ChildJvm.run("077", Paths.get(""), "re-render", "--out", out.toString(),
                "--log-file", out.resolve("logs/re-render.log").toString());
        assertEquals(0, r.exit(), r.toString());

        Map<String, String> modes = modes(thread);
        assertEquals("rw-------", modes.get("conversation.md"), modes.toString());
        assertEquals("rwx------", modes.get("turns"), modes.toString());
        assertEquals("rw-------", modes.get("turns/turn_0001.md"), modes.toString());
        assertEquals("rwx------", modes(out).get("logs"), modes(out).toString());
        assertEquals("rw-------", modes(out).get("logs/re-render.log"), modes(out).toString());
    }

    /** Relative path → permission string of everything under {@code root}. */
    private static Map<String, String> modes(Path root) throws IOException {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(p -> !p.equals(root)).toList()) {
                m.put(root.relativize(p).toString(), PosixFilePermissions.toString(Files.getPosixFilePermissions(p)));
            }
        }
        assertTrue(!m.isEmpty(), "nothing written under " + root);
        return m;
    }
}
