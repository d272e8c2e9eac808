package io.github.pplxexport.search;

import io.github.pplxexport.archive.ChangeJournal;
import io.github.pplxexport.archive.FileTrees;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The index over a copy of the sample library: what users type finds the thread they mean, first. */
class SearchIndexTest {
    static final String ETAGS = "b2a69fad-", WESTLAKE = "f51cae28-", SOFTMAX = "11d645e5-", RUST = "8137cd4b-",
            COFFEE = "d688737e-", COUNCIL = "dbe66582-", BUDGET = "451dd14f-", BLOOM = "5b409cb0-";

    @TempDir
    static Path tmp;
    static Path archive;
    static SearchIndex index;

    @BeforeAll
    static void build() throws IOException {
        archive = tmp.resolve("archive");
        FileTrees.copy(Path.of("archive-sample"), archive);
        index = SearchIndex.open(archive);
        IndexCatchUp.Result r = new IndexCatchUp(index, 2, () -> false).run(false, Duration.ofSeconds(5));
        assertTrue(r.rebuilt(), "a missing index is built in full");
        assertEquals(9, r.indexed(), r.line());
    }

    @AfterAll
    static void close() throws IOException {
        index.close();
    }

    static String first(String q) throws IOException {
        ThreadList l = index.search(q, ThreadFilter.NONE, 1, 10);
        assertFalse(l.hits().isEmpty(), "no hit for " + q);
        return l.hits().get(0).thread().uuid();
    }

    @Test
    void chineseAsTyped() throws IOException {
        assertTrue(first("西湖").startsWith(WESTLAKE));
        assertTrue(first("杭州西湖周边徒步").startsWith(WESTLAKE));
        assertTrue(first("咖啡豆").startsWith(COFFEE));
        // one character: the index keeps single CJK characters too
        assertFalse(index.search("湖", ThreadFilter.NONE, 1, 10).hits().isEmpty());
        // bigrams must stand together: the characters of 西湖 apart are no match for it
        assertEquals(0, index.search("湖西", ThreadFilter.NONE, 1, 10).total());
    }

    @Test
    void mixedChineseAndEnglish() throws IOException {
        assertTrue(first("Rust 所有权").startsWith(RUST));
        assertTrue(first("Rust所有权").startsWith(RUST), "no space between the scripts, as people type it");
    }

    @Test
    void englishPhrasesAndWords() throws IOException {
        assertTrue(first("\"log-sum-exp trick\"").startsWith(SOFTMAX));
        assertTrue(first("etags").startsWith(ETAGS));
        assertTrue(first("bloom filter false positive").startsWith(BLOOM));
        assertEquals(0, index.search("\"trick log-sum-exp\"", ThreadFilter.NONE, 1, 10).total(), "a phrase keeps its order");
    }

    @Test
    void fieldPrefixesAndFacets() throws IOException {
        ThreadList council = index.search("mode:council", ThreadFilter.NONE, 1, 10);
        assertEquals(1, council.total());
        assertTrue(council.hits().get(0).thread().uuid().startsWith(COUNCIL));
        ThreadList bob = index.search("account:Bob", ThreadFilter.NONE, 1, 10);
        assertEquals(5, bob.total());
        assertEquals(1, index.search("space:\"Web platform notes\"", ThreadFilter.NONE, 1, 10).total());
        assertEquals(1, index.search("space:web-platform-notes-k3v9qa", ThreadFilter.NONE, 1, 10).total());
        ThreadList csv = index.search("csv", ThreadFilter.NONE, 1, 10);
        Map<String, List<ThreadList.Facet>> f = csv.facets();
        assertEquals("computer", f.get("mode").get(0).value());
        ThreadList csvAlice = index.search("csv", new ThreadFilter(null, "alice", null, 0, 0), 1, 10);
        assertTrue(csvAlice.total() < csv.total());
        assertTrue(csvAlice.hits().stream().allMatch(h -> h.thread().account().equals("alice")));
    }

    @Test
    void snippetsAreMarkedAndEscaped() throws IOException {
        ThreadList l = index.search("overflows", ThreadFilter.NONE, 1, 10);
        ThreadList.Hit h = l.hits().get(0);
        assertNotNull(h.snippet());
        assertTrue(h.snippet().contains("<mark>overflows</mark>"), h.snippet());
        ThreadList cjk = index.search("西湖", ThreadFilter.NONE, 1, 10);
        assertTrue(cjk.hits().get(0).titleHtml().contains("<mark>"), cjk.hits().get(0).titleHtml());
    }

    @Test
    void sourcesAndStepsAreSearched() throws IOException {
        assertTrue(first("notes.example.org/ml/log-sum-exp").startsWith(SOFTMAX), "a source URL");
        assertTrue(first("\"scipy.special.logsumexp\"").startsWith(SOFTMAX), "a source title");
        assertTrue(first("clean_books.py").startsWith("8220bd65-"), "a workflow step's command");
    }

    @Test
    void libraryNewestFirstWithMarks() throws IOException {
        ThreadList all = index.list(ThreadFilter.NONE, 1, 50);
        assertEquals(9, all.total());
        List<ThreadSummary> t = all.hits().stream().map(ThreadList.Hit::thread).toList();
        for (int i = 1; i < t.size(); i++) {
            assertTrue(t.get(i - 1).updated() >= t.get(i).updated());
        }
        ThreadSummary budget = t.stream().filter(s -> s.uuid().startsWith(BUDGET)).findFirst().orElseThrow();
        assertEquals(3, budget.assets());
        assertTrue(t.stream().filter(s -> s.uuid().startsWith(BLOOM)).findFirst().orElseThrow().report());
        assertTrue(t.stream().filter(s -> s.uuid().startsWith(COFFEE)).findFirst().orElseThrow().interruptions() > 0);
        assertTrue(t.stream().filter(s -> s.uuid().startsWith(ETAGS)).findFirst().orElseThrow().variants() > 0);
        ThreadList page2 = index.list(ThreadFilter.NONE, 2, 4);
        assertEquals(4, page2.hits().size());
        assertEquals(t.get(4), page2.hits().get(0).thread());
        assertEquals(2, index.list(new ThreadFilter("deep-research", null, null, 0, 0), 1, 50).total());
        long may = ThreadText.epochMillis("2026-05-01T00:00:00Z");
        long sep = ThreadText.epochMillis("2026-09-05T00:00:00Z");
        ThreadList range = index.list(new ThreadFilter(null, null, null, may, sep), 1, 50);
        assertEquals(4, range.total(), "05-22, 07-09, 08-12 and 09-05 (the last day is included)");
    }

    @Test
    void catchUpIndexesOnlyWhatChangedAndDropsWhatIsGone() throws IOException {
        Path other = tmp.resolve("other");
        FileTrees.copy(Path.of("archive-sample"), other);
        try (SearchIndex idx = SearchIndex.open(other)) {
            IndexCatchUp up = new IndexCatchUp(idx, 1, () -> false);
            assertEquals(9, up.run(false, Duration.ofSeconds(5)).indexed());
            assertEquals(0, up.run(false, Duration.ofSeconds(5)).indexed(), "nothing changed");
            Path etags = Files.list(other.resolve("alice/search")).filter(p -> p.toString().endsWith("b2a69fad")).findFirst().orElseThrow();
            Path conv = etags.resolve("conversation.md");
            Files.writeString(conv, Files.readString(conv) + "\nzanzibar quokka\n");
            ChangeJournal.touched(etags); // as every writer of the tool records the dir it writes
            FileTrees.delete(other.resolve("bob/study")); // by hand: only a walk of the archive sees it
            IndexCatchUp.Result r = up.run(false, Duration.ofSeconds(5));
            assertEquals(1, r.indexed(), r.line());
            assertEquals(0, r.removed(), r.line());
            Files.delete(other.resolve(ChangeJournal.FILE)); // no journal: the next catch-up walks
            r = up.run(false, Duration.ofSeconds(5));
            assertTrue(r.walked(), r.line());
            assertEquals(0, r.indexed(), r.line());
            assertEquals(1, r.removed(), r.line());
            assertEquals(1, idx.search("quokka", ThreadFilter.NONE, 1, 10).total());
            assertEquals(8, idx.size());
        }
    }

    @Test
    void aSecondWriterWaitsThenGivesUp() throws IOException {
        try (SearchIndex.Writer held = index.writer(Duration.ofSeconds(1), false)) {
            assertThrows(SearchIndex.IndexBusyException.class, () -> index.writer(Duration.ofMillis(100), false));
            held.commit();
        }
        try (SearchIndex.Writer again = index.writer(Duration.ofSeconds(1), false)) {
            again.commit();
        }
    }
}
