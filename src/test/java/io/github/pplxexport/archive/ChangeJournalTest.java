package io.github.pplxexport.archive;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChangeJournalTest {
    @TempDir
    Path archive;

    @Test
    void anArchiveWithoutSearchIndexGetsNoJournal() {
        ChangeJournal.touched(archive.resolve("alice/search/2026-01-01_a_11111111"));
        assertFalse(Files.exists(archive.resolve(ChangeJournal.FILE)));
    }

    @Test
    void theTailHoldsTheDirsWrittenSinceAPositionOnceEachAndOnlyWholeLines() throws IOException {
        Files.createDirectories(archive.resolve(ChangeJournal.INDEX_DIR));
        ChangeJournal journal = ChangeJournal.of(archive);
        ChangeJournal.Position start = journal.position();
        ChangeJournal.touched(archive.resolve("alice/search/2026-01-01_a_11111111"));
        ChangeJournal.touched(archive.resolve("bob/study/2026-01-02_b_22222222"));
        ChangeJournal.touched(archive.resolve("alice/search/2026-01-01_a_11111111"));
        ChangeJournal.Tail tail = journal.tail(start);
        assertEquals(List.of("alice/search/2026-01-01_a_11111111", "bob/study/2026-01-02_b_22222222"), tail.dirs());
        assertEquals(Files.size(journal.file()), tail.end().offset());
        assertEquals(List.of(), journal.tail(tail.end()).dirs(), "nothing since");

        // a line being written (no newline yet) and lines that could leave the archive are not taken
        Files.writeString(journal.file(), "../../etc/x\n/abs/a/b\nalice/search\nalice/search/2026-01-03_c_333", StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
        ChangeJournal.Tail more = journal.tail(tail.end());
        assertEquals(List.of(), more.dirs());
        assertEquals(Files.size(journal.file()) - "alice/search/2026-01-03_c_333".length(), more.end().offset());
        Files.writeString(journal.file(), "33333\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertEquals(List.of("alice/search/2026-01-03_c_33333333"), journal.tail(more.end()).dirs());
    }

    @Test
    void aNewGenerationOrAShorterJournalCannotSay() throws IOException {
        Files.createDirectories(archive.resolve(ChangeJournal.INDEX_DIR));
        ChangeJournal journal = ChangeJournal.of(archive);
        ChangeJournal.touched(archive.resolve("alice/search/2026-01-01_a_11111111"));
        ChangeJournal.Position end = journal.position();
        assertNull(journal.tail(new ChangeJournal.Position(end.generation(), end.offset() + 1)), "past its end");
        assertNull(journal.tail(new ChangeJournal.Position("another", end.offset())), "another generation");
        assertNull(journal.tail(ChangeJournal.Position.parse(end.value().replace(":", ""))), "malformed");

        // something was appended after end: not started anew
        ChangeJournal.touched(archive.resolve("bob/study/2026-01-02_b_22222222"));
        assertNull(journal.restartIfAt(end, List.of()));
        ChangeJournal.Position now = journal.position();
        ChangeJournal.Position fresh = journal.restartIfAt(now, List.of("carol/search/2026-01-03_c_33333333"));
        assertNotNull(fresh);
        assertNotEquals(now.generation(), fresh.generation());
        assertNull(journal.tail(now), "the old generation's positions say nothing any more");
        assertEquals(List.of("carol/search/2026-01-03_c_33333333"), journal.tail(fresh).dirs(), "cut back to its first line and what it carries");
        ChangeJournal.Position empty = journal.restartIfAt(journal.position(), List.of());
        assertEquals(Files.size(journal.file()), empty.offset(), "cut back to its first line");
        assertEquals(List.of(), journal.tail(empty).dirs());

        Files.delete(journal.file());
        assertNull(journal.tail(empty), "no journal");
        ChangeJournal.touched(archive.resolve("bob/study/2026-01-02_b_22222222"));
        assertNull(journal.tail(empty), "a journal started again by an append is another generation");
    }

    @Test
    void appendsOfManyThreadsNeverInterleave() throws Exception {
        Files.createDirectories(archive.resolve(ChangeJournal.INDEX_DIR));
        ChangeJournal journal = ChangeJournal.of(archive);
        ChangeJournal.Position start = journal.position();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int thread = t;
            done.add(pool.submit(() -> {
                for (int i = 0; i < 250; i++) {
                    ChangeJournal.touched(archive.resolve("acct" + thread + "/search/2026-01-01_thread-" + i + "_" + "x".repeat(40)));
                }
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        pool.shutdown();
        List<String> lines = Files.readAllLines(journal.file());
        assertEquals(1 + 1000, lines.size());
        Set<String> distinct = new HashSet<>(lines.subList(1, lines.size()));
        assertEquals(1000, distinct.size());
        assertTrue(distinct.stream().allMatch(ChangeJournal::isThreadPath), "every line whole");
        assertEquals(1000, journal.tail(start).dirs().size());
    }
}
