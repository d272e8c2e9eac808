package io.github.pplxexport.cli;

import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import io.github.pplxexport.testkit.ChildJvm;
import io.github.pplxexport.testkit.Cjk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --lang en} as a user runs it (the CLI in its own JVM): the console lines and the Markdown labels are
 * English, the only Chinese left is the user's own (titles, folder names); without it, the reference's wording.
 */
class LanguageTest {
    static final Path SAMPLE = Paths.get("archive-sample");
    static final String BOOKS = "alice/computer/2026-07-09_Clean-up-my-reading-list-books-csv_8220bd65";

    @TempDir
    Path tmp;

    private static boolean has(ChildJvm.Result r, String part) {
        return r.errLines().stream().anyMatch(l -> l.contains(part));
    }

    @Test
    void reRenderInEnglishThenInTheDefaultChinese() throws Exception {
        Path out = tmp.resolve("out");
        FileTrees.copy(SAMPLE, out);
        Files.createDirectories(out.resolve("alice/search/my-notes"));   // no raw_entries.json: skipped, named

        ChildJvm.Result en = ChildJvm.run(tmp, "--lang", "en", "re-render", "--out", out.toString());

        assertEquals(0, en.exit(), en.toString());
        assertTrue(has(en, "[re-render] skip alice/search/my-notes: no raw_entries.json"), en.toString());
        assertTrue(en.errLines().get(en.errLines().size() - 1)
                .endsWith("[re-render] done. rendered=9 unchanged=0 skip=1 fail=0 thread.json=0 / total 10"), en.toString());
        assertEquals(List.of(), Cjk.runs(en.stderr() + en.stdout()), "no Chinese on the console: " + en);
        String md = Files.readString(out.resolve(BOOKS).resolve("conversation.md"));
        assertTrue(md.startsWith("# Clean up my reading list (books.csv)\n\n> Mode: computer | Author: alice | Turns: "), md);

        ChildJvm.Result zh = ChildJvm.run(tmp, "re-render", "--out", out.toString(), "-v");

        assertEquals(0, zh.exit(), zh.toString());
        assertTrue(has(zh, "[re-render] 完成。rendered=9 unchanged=0 skip=1 fail=0 thread.json=0 / 共 10"), zh.toString());
        assertTrue(has(zh, "[re-render] rendered " + BOOKS), "-v names each rendered dir: " + zh);
        assertTrue(has(zh, "[re-render] skip alice/search/my-notes: no raw_entries.json"), zh.toString());
        assertArrayEquals(Files.readAllBytes(SAMPLE.resolve(BOOKS).resolve("conversation.md")),
                Files.readAllBytes(out.resolve(BOOKS).resolve("conversation.md")), "the default is the reference's bytes");
    }

    @Test
    void aSyncAndItsStatusInEnglish() throws Exception {
        Path out = tmp.resolve("out");
        Path cookies = DemoCommand.writeCookies(tmp, "alice");
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(SAMPLE).withPort(0))) {
            List<String> args = new ArrayList<>(List.of("--lang", "en", "--base-url", server.baseUri().toString(),
                    "--cookies", cookies.toString(), "--out", out.toString()));
            for (Map.Entry<String, String> p : DemoCommand.cdnThroughReplay(server.port()).entrySet()) {
                args.addAll(List.of("-D", p.getKey() + "=" + p.getValue()));
            }
            args.addAll(List.of("sync", "--no-pacing"));

            ChildJvm.Result sync = ChildJvm.run(tmp, args.toArray(String[]::new));

            int n = StopTest.aliceThreads();
            assertEquals(0, sync.exit(), sync.toString());
            for (String line : List.of("[auth] cookies from ", " in the index", "[batch] pause 0.0s", "[batch 1/" + n + "] exporting: ", "[batch] done. ok=" + n
                    + " skip=0 fail=0 / total " + n)) {
                assertTrue(has(sync, line), "'" + line + "' in:\n" + sync);
            }
            String users = Cjk.userText(SAMPLE.resolve("alice"));
            assertEquals(List.of(), Cjk.notFrom(sync.stderr() + sync.stdout(), users), "only the user's Chinese: " + sync);
            assertTrue(Files.readString(out.resolve(BOOKS).resolve("turns/turn_0001.md")).contains("## Work process"),
                    "the export's Markdown is English too");
        }

        ChildJvm.Result status = ChildJvm.run(tmp, "-D", "pplx.lang=en", "status", "--out", out.toString());

        assertEquals(0, status.exit(), status.toString());
        assertTrue(status.stdout().startsWith("[status] alice: " + StopTest.aliceThreads() + " in the index (newest "), status.toString());
        assertEquals(List.of(), Cjk.runs(status.stdout()), status.toString());
    }

    @Test
    void anUnknownLanguageIsAUsageError() {
        assertEquals(PplxExportCli.EXIT_USAGE, PplxExportCli.execute("--lang", "fr", "status", "--out", tmp.toString()));
        assertEquals(PplxExportCli.EXIT_USAGE, PplxExportCli.execute("re-render", "--out", tmp.toString(), "-D", "pplx.lang=de"));
    }
}
