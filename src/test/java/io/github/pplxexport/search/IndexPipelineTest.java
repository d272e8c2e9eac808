package io.github.pplxexport.search;

import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.cli.PplxExportCli;
import io.github.pplxexport.testkit.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pipeline keeps an archive's index current: the real export route (the demo's sync through the replay API)
 * and the real re-render route index what they write; a writer killed with SIGKILL leaves an index that opens,
 * takes the write lock again and catches up.
 */
class IndexPipelineTest {
    @TempDir
    Path tmp;

    static Path dirEndingWith(Path archive, String suffix) throws IOException {
        try (Stream<Path> s = Files.find(archive, 3, (p, a) -> a.isDirectory() && p.getFileName().toString().endsWith(suffix))) {
            return s.findFirst().orElseThrow();
        }
    }

    @Test
    void exportAndReRenderIndexWhatTheyWrite() throws Exception {
        Path out = tmp.resolve("archive");
        Files.createDirectories(out.resolve(SearchIndex.DIR)); // an archive whose user has searched it once
        assertEquals(0, PplxExportCli.execute("demo", "--out", out.toString()));
        try (SearchIndex index = SearchIndex.open(out)) {
            assertEquals(9, index.size(), "every exported thread was indexed by export-thread's step");
            assertTrue(index.current());
            assertEquals(1, index.search("西湖", ThreadFilter.NONE, 1, 10).total());
            // and every thread dir the export wrote is in the change journal, for the catch-up of a serve beside it
            List<String> journaled = Files.readAllLines(out.resolve(io.github.pplxexport.archive.ChangeJournal.FILE));
            assertTrue(journaled.containsAll(index.stamps().keySet()), journaled.toString());

            // re-render: a thread whose raw answer changed is rendered again and indexed again
            Path etags = dirEndingWith(out, "_b2a69fad");
            Path raw = etags.resolve("raw_entries.json");
            Files.writeString(raw, Files.readString(raw, StandardCharsets.UTF_8)
                    .replace("opaque version identifier", "opaque zanzibarquokka identifier"), StandardCharsets.UTF_8);
            assertEquals(0, PplxExportCli.execute("re-render", "--out", out.toString()));
            index.refresh(Duration.ZERO);
            assertEquals(1, index.search("zanzibarquokka", ThreadFilter.NONE, 1, 10).total());
            Map<String, Long> stamps = index.stamps();
            assertEquals(ThreadText.stamp(etags), stamps.get(out.relativize(etags).toString()), "indexed as it is now");
        }
    }

    @Test
    void anArchiveWithoutIndexGetsNone() throws Exception {
        Path out = tmp.resolve("plain");
        FileTrees.copy(Path.of("archive-sample"), out);
        FileTrees.delete(dirEndingWith(out, "_b2a69fad").resolve("turns"));
        assertEquals(0, PplxExportCli.execute("re-render", "--out", out.toString()));
        assertTrue(Files.notExists(out.resolve(SearchIndex.DIR)), "the pipeline builds no index of its own");
    }

    @Test
    void aWriterKilledWithSigkillLeavesAnIndexThatOpensAndCatchesUp() throws Exception {
        Path out = tmp.resolve("big");
        io.github.pplxexport.sample.SyntheticArchive.build(Path.of("archive-sample"), out, 400);
        // a committed index of the first state
        try (SearchIndex index = SearchIndex.open(out)) {
            assertEquals(400, new IndexCatchUp(index, 2, () -> false).run(false, Duration.ofSeconds(5)).indexed());
        }
        // changes the index has not seen yet
        for (int i = 0; i < 5; i++) {
            Path conv = dirEndingWith(out, "-" + (i * 9)).resolve("conversation.md");
            Files.writeString(conv, "# changed\n\n## Turn 1 — x\n\n### Query\nquetzalcoatlus " + i + "\n\n### Answer\nok\n",
                    StandardCharsets.UTF_8);
        }
        // a rebuild in another process, killed in the middle of its work, while it holds the write lock
        try (ChildJvm.Running child = ChildJvm.start(tmp, "serve", "--out", out.toString(), "--reindex", "--index-only");
             SearchIndex index = SearchIndex.open(out)) {
            long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            boolean busy = false;
            while (!busy && System.nanoTime() < end) {
                try (SearchIndex.Writer w = index.writer(Duration.ZERO, false)) {
                    Thread.sleep(20);
                } catch (SearchIndex.IndexBusyException e) {
                    busy = true;
                }
            }
            assertTrue(busy, "the child took the write lock: " + child.stderr());
            child.signal("KILL");
            assertEquals(137, child.waitFor(30).exit());
        }
        try (SearchIndex index = SearchIndex.open(out)) {
            assertTrue(index.current(), "the last commit opens");
            assertEquals(400, index.size());
            IndexCatchUp.Result r = new IndexCatchUp(index, 2, () -> false).run(false, Duration.ofSeconds(5));
            // killed before its commit, the child left the old commit and the catch-up indexes the five; killed after
            // it, the five are in already: either way the lock is free and the index is level with the archive
            assertTrue(r.indexed() == 5 || r.indexed() == 0, r.line());
            assertEquals(400, index.size());
            assertEquals(5, index.search("quetzalcoatlus", ThreadFilter.NONE, 1, 10).total());
        }
    }
}
