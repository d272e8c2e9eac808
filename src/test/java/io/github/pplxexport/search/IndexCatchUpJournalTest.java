package io.github.pplxexport.search;

import io.github.pplxexport.archive.ChangeJournal;
import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.archive.MarkdownWriter;
import io.github.pplxexport.render.RenderedThread;
import io.github.pplxexport.rerender.ThreadDirs;
import io.github.pplxexport.sample.SyntheticArchive;
import io.github.pplxexport.testkit.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The catch-up reads the change journal's tail, not the archive: after a change to 2 of N thread dirs (written through
 * the writer re-render and doctor use) it looks at those 2; what a writer recorded but never committed (killed) is
 * caught up; a rebuild, and a missing journal, walk every dir, which is what finds a dir deleted by hand.
 */
class IndexCatchUpJournalTest {
    private static final Duration WAIT = Duration.ofSeconds(5);

    @TempDir
    Path tmp;

    static List<Path> threadDirs(Path archive) {
        List<Path> dirs = new ArrayList<>();
        for (Iterator<Path> it = ThreadDirs.walk(archive, 0); it.hasNext(); ) {
            dirs.add(it.next());
        }
        return dirs;
    }

    static void rewrite(Path dir, String words) throws IOException {
        new MarkdownWriter().write(dir, new RenderedThread(null, "# changed\n\n## Turn 1 — x\n\n### Query\n" + words + "\n\n### Answer\nok\n", Map.of()));
    }

    @Test
    void aCatchUpReadsOnlyTheDirsWrittenSinceTheLastCommit() throws IOException {
        Path out = tmp.resolve("archive");
        SyntheticArchive.build(Path.of("archive-sample"), out, 60);
        List<Path> dirs = threadDirs(out);
        try (SearchIndex index = SearchIndex.open(out)) {
            IndexCatchUp up = new IndexCatchUp(index, 2, () -> false);
            IndexCatchUp.Result built = up.run(false, WAIT);
            assertTrue(built.rebuilt() && built.walked(), built.line());
            assertEquals(60, built.dirs());
            IndexCatchUp.Result idle = up.run(false, WAIT);
            assertFalse(idle.walked(), idle.line());
            assertEquals(0, idle.dirs(), "nothing written since: no dir looked at");

            rewrite(dirs.get(7), "quetzalcoatlus northropi");
            rewrite(dirs.get(40), "quetzalcoatlus lawsoni");
            rewrite(dirs.get(40), "quetzalcoatlus lawsoni"); // the same bytes again: not written, not journaled
            IndexCatchUp.Result two = up.run(false, WAIT);
            assertFalse(two.walked(), two.line());
            assertEquals(2, two.dirs(), two.line());
            assertEquals(2, two.indexed(), two.line());
            assertEquals(2, index.search("quetzalcoatlus", ThreadFilter.NONE, 1, 10).total());
            assertEquals(0, up.run(false, WAIT).dirs(), "the commit recorded how far it took the journal");

            // a dir journaled and indexed already (by a sync's index step): looked at, nothing to commit; a short tail
            // of such dirs is not recorded (no write lock taken for it) until it is long
            ChangeJournal.touched(dirs.get(7));
            assertEquals(1, up.run(false, WAIT).dirs());
            IndexCatchUp.Result again = up.run(false, WAIT);
            assertEquals(1, again.dirs(), again.line());
            assertEquals(0, again.indexed(), again.line());
            up.recordAt = 0;
            assertEquals(1, up.run(false, WAIT).dirs());
            assertEquals(0, up.run(false, WAIT).dirs(), "recorded");

            // a dir the tool moves away (a merge into the thread's new dir) is journaled and dropped
            ChangeJournal.touched(dirs.get(3));
            FileTrees.delete(dirs.get(3));
            IndexCatchUp.Result moved = up.run(false, WAIT);
            assertEquals(1, moved.dirs(), moved.line());
            assertEquals(1, moved.removed(), moved.line());
            assertEquals(59, index.size());

            // deleted by hand: the journal does not know; a walk (no journal, or --reindex) finds it
            FileTrees.delete(dirs.get(5));
            assertEquals(0, up.run(false, WAIT).removed());
            assertEquals(59, index.size());
            Files.delete(out.resolve(ChangeJournal.FILE));
            IndexCatchUp.Result walk = up.run(false, WAIT);
            assertTrue(walk.walked() && !walk.rebuilt(), walk.line());
            assertEquals(58, walk.dirs());
            assertEquals(0, walk.indexed(), "a walk compares stamps: nothing else changed");
            assertEquals(1, walk.removed(), walk.line());
            assertEquals(58, index.size());
            assertEquals(0, up.run(false, WAIT).dirs(), "the walk recorded the new journal's position");

            FileTrees.delete(dirs.get(6));
            IndexCatchUp.Result rebuilt = up.run(true, WAIT);
            assertTrue(rebuilt.rebuilt() && rebuilt.walked(), rebuilt.line());
            assertEquals(57, rebuilt.dirs());
            assertEquals(57, index.size());
            assertEquals(2, index.search("quetzalcoatlus", ThreadFilter.NONE, 1, 10).total());
            assertEquals(0, up.run(false, WAIT).dirs(), "after a rebuild the journal is read again");
        }
    }

    @Test
    void aLongJournalIsStartedAnewOnceAllOfItIsTaken() throws IOException {
        Path out = tmp.resolve("archive");
        SyntheticArchive.build(Path.of("archive-sample"), out, 9);
        List<Path> dirs = threadDirs(out);
        try (SearchIndex index = SearchIndex.open(out)) {
            IndexCatchUp up = new IndexCatchUp(index, 1, () -> false);
            up.run(false, WAIT);
            up.restartAt = 0; // any journal is long
            up.lookups = 0; // and any tail: the indexed stamps are read at once
            ChangeJournal journal = ChangeJournal.of(out);
            String before = index.journalPosition().generation();
            rewrite(dirs.get(1), "hatzegopteryx");
            assertEquals(1, up.run(false, WAIT).indexed());
            assertTrue(!before.equals(index.journalPosition().generation()), "a new generation");
            assertEquals(index.journalPosition(), journal.position(), "the journal is its first line again");
            rewrite(dirs.get(2), "hatzegopteryx");
            IndexCatchUp.Result r = up.run(false, WAIT);
            assertFalse(r.walked(), r.line());
            assertEquals(1, r.dirs());
            assertEquals(2, index.search("hatzegopteryx", ThreadFilter.NONE, 1, 10).total());
        }
    }

    @Test
    void aDirThatCannotBeReadIsLookedAtAgainByTheNextCatchUp() throws IOException {
        Path out = tmp.resolve("archive");
        SyntheticArchive.build(Path.of("archive-sample"), out, 9);
        Path dir = threadDirs(out).get(4);
        Path threadJson = dir.resolve("thread.json");
        String good = Files.readString(threadJson);
        try (SearchIndex index = SearchIndex.open(out)) {
            IndexCatchUp up = new IndexCatchUp(index, 1, () -> false);
            up.run(false, WAIT);
            Files.writeString(threadJson, "{\"title\": "); // what a reader might meet of a file being written by hand
            rewrite(dir, "ornithocheirus");
            IndexCatchUp.Result broken = up.run(false, WAIT);
            assertEquals(1, broken.failed(), broken.line());
            assertEquals(1, up.run(false, WAIT).failed(), "tried again");
            Files.writeString(threadJson, good); // mended (by hand: no writer journals it)
            IndexCatchUp.Result mended = up.run(false, WAIT);
            assertEquals(0, mended.failed(), mended.line());
            assertEquals(1, mended.indexed(), mended.line());
            assertEquals(1, index.search("ornithocheirus", ThreadFilter.NONE, 1, 10).total());
            assertEquals(0, up.run(false, WAIT).dirs());

            // a commit that starts the journal anew carries the dir it could not read into the new generation
            up.restartAt = 0;
            Files.writeString(threadJson, "{\"title\": ");
            rewrite(dir, "pteranodon");
            rewrite(threadDirs(out).get(5), "pteranodon");
            String generation = index.journalPosition().generation();
            IndexCatchUp.Result one = up.run(false, WAIT);
            assertEquals(1, one.indexed(), one.line());
            assertEquals(1, one.failed(), one.line());
            assertFalse(generation.equals(index.journalPosition().generation()), "a new generation");
            IndexCatchUp.Result carried = up.run(false, WAIT);
            assertEquals(1, carried.dirs(), carried.line());
            assertEquals(1, carried.failed(), carried.line());
        }
    }

    @Test
    void aReRenderKilledBeforeItsCommitIsCaughtUpFromTheJournal() throws Exception {
        Path out = tmp.resolve("archive");
        SyntheticArchive.build(Path.of("archive-sample"), out, 400); // raw files only: re-render writes every dir
        try (SearchIndex index = SearchIndex.open(out)) {
            assertEquals(400, new IndexCatchUp(index, 2, () -> false).run(false, WAIT).indexed());
        }
        ChangeJournal journal = ChangeJournal.of(out);
        ChangeJournal.Position start = journal.position();
        // re-render commits the index once, at the end of its run: killed before that, it leaves only the journal;
        // this process appends beside it all along (as a sync beside a re-render would)
        int appended = 0;
        try (ChildJvm.Running child = ChildJvm.start(tmp, "re-render", "--out", out.toString(), "--workers", "1")) {
            long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (journal.tail(start).dirs().size() - appended < 5 && System.nanoTime() < end) {
                ChangeJournal.touched(out.resolve("beside/search/appended-by-another-process-" + appended++));
                Thread.sleep(5);
            }
            child.signal("KILL");
            assertEquals(137, child.waitFor(30).exit(), "killed in the middle of its run: " + child.stderr());
        }
        List<String> lines = Files.readAllLines(journal.file());
        List<String> mine = lines.stream().filter(l -> l.startsWith("beside/search/appended-by-another-process-")).toList();
        assertEquals(appended, mine.size(), "every line of this process whole");
        assertEquals(lines.size() - 1, mine.size() + lines.stream().filter(l -> Files.isDirectory(out.resolve(l)) && l.split("/").length == 3).count(),
                "every line of the child whole, none mixed with another");
        List<String> all = journal.tail(start).dirs();
        List<String> journaled = all.stream().filter(l -> !mine.contains(l)).toList();
        assertTrue(journaled.size() >= 5 && journaled.size() < 400, journaled.size() + " dirs");
        try (SearchIndex index = SearchIndex.open(out)) {
            IndexCatchUp.Result r = new IndexCatchUp(index, 2, () -> false).run(false, WAIT);
            assertFalse(r.walked(), r.line());
            assertEquals(all.size(), r.dirs(), r.line());
            assertTrue(r.indexed() >= journaled.size() - 1, "all but the one it was writing when killed: " + r.line());
            for (String path : journaled) {
                assertEquals(ThreadText.stamp(out.resolve(path)), index.stamp(path), path + " indexed as it is now");
            }
            assertEquals(400, index.size());
        }
    }
}
