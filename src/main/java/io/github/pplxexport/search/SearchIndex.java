package io.github.pplxexport.search;

import io.github.pplxexport.archive.ChangeJournal;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.queryparser.classic.MultiFieldQueryParser;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MultiCollector;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.SimpleCollector;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollector;
import org.apache.lucene.search.TopScoreDocCollector;
import org.apache.lucene.search.uhighlight.DefaultPassageFormatter;
import org.apache.lucene.search.uhighlight.UnifiedHighlighter;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.util.BytesRef;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The archive's full-text index in {@code <out>/index/search/}: one Lucene document per thread dir, keyed by its
 * path. It is derived data, always rebuildable from the archive ({@link IndexCatchUp}).
 *
 * <p>Several processes share it (a sync writes while a serve reads, a re-render while a serve catches up): Lucene's
 * native write lock admits one writer at a time, so a writer is opened for one unit of work (a thread, a run) and
 * closed, and whoever wants to write waits for the lock a while. Every change is a Lucene commit (atomic, fsynced),
 * so a {@code kill -9} leaves the last commit, which opens; the dirs changed since are in the change journal
 * ({@link ChangeJournal}), and the commit's user data records how far into it the index is.
 * Readers see other processes' commits on {@link #refresh()}.
 */
public final class SearchIndex implements Closeable {
    /** The documents' layout; an index of another format is rebuilt from the archive. */
    static final String FORMAT = "1";
    static final String FORMAT_KEY = "pplx.format";
    /** How far into the change journal the commit has taken the archive ({@link ChangeJournal.Position#value()}). */
    static final String JOURNAL_KEY = "pplx.journal";
    public static final String DIR = ChangeJournal.INDEX_DIR;
    /** How far into each field a snippet is looked for. */
    private static final int SNIPPET_CHARS = 30_000;
    private static final long DAY_MS = 86_400_000L;

    private static final FieldType TEXT = new FieldType();

    static {
        TEXT.setTokenized(true);
        TEXT.setStored(true);
        // offsets in the postings: the snippets are cut without analysing the text again
        TEXT.setIndexOptions(IndexOptions.DOCS_AND_FREQS_AND_POSITIONS_AND_OFFSETS);
        TEXT.freeze();
    }

    private final Path archive;
    private final Path location;
    private final Directory directory;
    private final Object refreshLock = new Object();
    private volatile SearcherManager searchers;
    private volatile long lastRefresh;

    private SearchIndex(Path archive) throws IOException {
        this.archive = archive;
        this.location = archive.resolve(DIR);
        Files.createDirectories(location);
        this.directory = FSDirectory.open(location);
    }

    /** The index of an archive (created on the first write). */
    public static SearchIndex open(Path archive) throws IOException {
        return new SearchIndex(archive.toAbsolutePath().normalize());
    }

    public Path archive() {
        return archive;
    }

    public Path location() {
        return location;
    }

    /** True when a commit of this format is there (else a full rebuild is due). */
    public boolean current() throws IOException {
        if (!DirectoryReader.indexExists(directory)) {
            return false;
        }
        return FORMAT.equals(SegmentInfos.readLatestCommit(directory).getUserData().get(FORMAT_KEY));
    }

    /** How far into the change journal the last commit has taken the archive; null when it does not say (or no commit). */
    public ChangeJournal.Position journalPosition() throws IOException {
        if (!DirectoryReader.indexExists(directory)) {
            return null;
        }
        return ChangeJournal.Position.parse(SegmentInfos.readLatestCommit(directory).getUserData().get(JOURNAL_KEY));
    }

    // ---------------------------------------------------------------- writing

    /**
     * A writer for one unit of work, once the write lock is free (another process's writer may hold it for a while).
     *
     * @param create start from an empty index (a rebuild): the old documents go at the commit
     * @throws IndexBusyException the lock stayed taken for {@code wait}
     */
    public Writer writer(Duration wait, boolean create) throws IOException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            IndexWriterConfig config = new IndexWriterConfig(ArchiveAnalyzers.index())
                    .setOpenMode(create ? IndexWriterConfig.OpenMode.CREATE : IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                    .setCommitOnClose(true)
                    .setRAMBufferSizeMB(create ? 64 : 16);
            if (create) {
                // a rebuild writes a few large segments once and merges none of them (a merge would copy the whole
                // index again); later writes add small segments, which the default policy merges among themselves
                config.setMergePolicy(org.apache.lucene.index.NoMergePolicy.INSTANCE).setUseCompoundFile(false);
            }
            try {
                return new Writer(new IndexWriter(directory, config));
            } catch (LockObtainFailedException e) {
                if (System.nanoTime() > deadline) {
                    throw new IndexBusyException(location);
                }
                try {
                    Thread.sleep(25);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IndexBusyException(location);
                }
            }
        }
    }

    /** The write lock stayed taken: another process is writing the index. */
    public static final class IndexBusyException extends IOException {
        IndexBusyException(Path location) {
            super("the search index " + location + " is being written by another process");
        }
    }

    /** Writes of one unit of work; nothing is visible until {@link #commit()}, and a close without one drops them. */
    public final class Writer implements Closeable {
        private final IndexWriter w;
        private volatile boolean dirty;

        private Writer(IndexWriter w) {
            this.w = w;
            // the last commit's data (how far into the change journal it is) goes on into this writer's commits
            Map<String, String> data = new HashMap<>();
            w.getLiveCommitData().forEach(e -> data.put(e.getKey(), e.getValue()));
            data.put(FORMAT_KEY, FORMAT);
            w.setLiveCommitData(data.entrySet());
        }

        /** The commit records that the archive's changes up to {@code p} are in the index. */
        public void journal(ChangeJournal.Position p) {
            dirty = true;
            Map<String, String> data = new HashMap<>();
            w.getLiveCommitData().forEach(e -> data.put(e.getKey(), e.getValue()));
            data.put(JOURNAL_KEY, p.value());
            w.setLiveCommitData(data.entrySet());
        }

        public void update(IndexedThread t) throws IOException {
            dirty = true;
            w.updateDocument(new Term(IndexFields.PATH, t.path()), document(t));
        }

        public void delete(String path) throws IOException {
            dirty = true;
            w.deleteDocuments(new Term(IndexFields.PATH, path));
        }

        /** Writes one buffer of added documents out as a segment now, in this thread (not yet committed). */
        void flushBuffer() throws IOException {
            w.flushNextBuffer();
        }

        /** Makes the changes durable and visible to every reader that refreshes. */
        public void commit() throws IOException {
            dirty = false;
            w.commit();
        }

        /** Committed work: waits for the merges it started and commits them too. Uncommitted work is dropped. */
        @Override
        public void close() throws IOException {
            if (dirty) {
                w.rollback();
            } else {
                w.close();
            }
        }
    }

    static Document document(IndexedThread t) {
        Document d = new Document();
        d.add(new StringField(IndexFields.PATH, t.path(), Field.Store.YES));
        d.add(new SortedDocValuesField(IndexFields.PATH, new BytesRef(t.path())));
        d.add(new NumericDocValuesField(IndexFields.STAMP, t.stamp()));
        d.add(new StringField(IndexFields.UUID, t.uuid(), Field.Store.YES));
        d.add(new Field(IndexFields.TITLE, t.title(), TEXT));
        d.add(new StringField(IndexFields.MODE, fold(t.mode()), Field.Store.YES));
        d.add(new SortedDocValuesField(IndexFields.FACET_MODE, new BytesRef(t.mode())));
        d.add(new StringField(IndexFields.ACCOUNT, fold(t.account()), Field.Store.NO));
        d.add(new StoredField(IndexFields.ACCOUNT_NAME, t.account()));
        d.add(new SortedDocValuesField(IndexFields.FACET_ACCOUNT, new BytesRef(t.account())));
        if (!t.spaceSlug().isEmpty() || !t.spaceTitle().isEmpty()) {
            // found by slug or by title (space:web-notes-k3v9qa, space:"Web notes")
            d.add(new StringField(IndexFields.SPACE, fold(t.spaceSlug()), Field.Store.NO));
            d.add(new StringField(IndexFields.SPACE, fold(t.spaceTitle()), Field.Store.NO));
            d.add(new SortedDocValuesField(IndexFields.FACET_SPACE, new BytesRef(spaceName(t.spaceTitle(), t.spaceSlug()))));
        }
        d.add(new StoredField(IndexFields.SPACE_SLUG, t.spaceSlug()));
        d.add(new StoredField(IndexFields.SPACE_TITLE, t.spaceTitle()));
        d.add(new LongPoint(IndexFields.UPDATED, t.updated()));
        d.add(new NumericDocValuesField(IndexFields.UPDATED, t.updated()));
        d.add(new StoredField(IndexFields.UPDATED, t.updated()));
        d.add(new StoredField(IndexFields.TURNS, t.turns()));
        d.add(new StoredField(IndexFields.INTERRUPTIONS, t.interruptions()));
        d.add(new StoredField(IndexFields.VARIANTS, t.variants()));
        d.add(new StoredField(IndexFields.REPORT, t.report() ? 1 : 0));
        d.add(new StoredField(IndexFields.ASSETS, t.assets()));
        d.add(new StoredField(IndexFields.LOCKED, t.lockedReason()));
        d.add(new StoredField(IndexFields.REMOTE_DELETED, t.remoteDeleted()));
        if (!t.prompt().isEmpty()) {
            d.add(new StringField(IndexFields.PROMPT, t.prompt(), Field.Store.YES));
        }
        for (String r : t.refs()) {
            d.add(new StringField(IndexFields.REFS, r, Field.Store.YES));
        }
        for (String r : t.runs()) {
            d.add(new StringField(IndexFields.RUNS, r, Field.Store.YES));
        }
        d.add(new StoredField(IndexFields.CREATED, t.created()));
        d.add(new NumericDocValuesField(IndexFields.CREATED, t.created()));
        d.add(new Field(IndexFields.QUESTION, t.question(), TEXT));
        d.add(new Field(IndexFields.ANSWER, t.answer(), TEXT));
        d.add(new Field(IndexFields.STEPS, t.steps(), TEXT));
        d.add(new Field(IndexFields.SOURCES, t.sources(), TEXT));
        return d;
    }

    static String fold(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    /** A space's name on the page and in its facet: its title, else its slug. */
    public static String spaceName(String title, String slug) {
        return title.isEmpty() ? slug : title;
    }

    // ---------------------------------------------------------------- reading

    /**
     * Sees the commits made since the last refresh, by this process or another; at most every {@code minGap}
     * (a refresh lists the index dir).
     */
    public void refresh(Duration minGap) throws IOException {
        SearcherManager m = searchers();
        if (m == null) {
            return;
        }
        long now = System.nanoTime();
        if (now - lastRefresh < minGap.toNanos()) {
            return;
        }
        lastRefresh = now;
        m.maybeRefresh();
    }

    /** Null while no commit exists. */
    private SearcherManager searchers() throws IOException {
        SearcherManager m = searchers;
        if (m == null) {
            synchronized (refreshLock) {
                if (searchers == null && DirectoryReader.indexExists(directory)) {
                    searchers = new SearcherManager(directory, null);
                    lastRefresh = System.nanoTime();
                }
                m = searchers;
            }
        }
        return m;
    }

    private interface Read<T> {
        T apply(IndexSearcher s) throws IOException;
    }

    private <T> T read(Read<T> read, T empty) throws IOException {
        SearcherManager m = searchers();
        if (m == null) {
            return empty;
        }
        IndexSearcher s = m.acquire();
        try {
            return read.apply(s);
        } finally {
            m.release(s);
        }
    }

    /** Documents in the index. */
    public int size() throws IOException {
        return read(s -> s.getIndexReader().numDocs(), 0);
    }

    /** Path → stamp of every indexed thread dir (what a catch-up compares with the archive). */
    public Map<String, Long> stamps() throws IOException {
        return read(s -> {
            Map<String, Long> out = new HashMap<>();
            for (LeafReaderContext leaf : s.getIndexReader().leaves()) {
                SortedDocValues paths = leaf.reader().getSortedDocValues(IndexFields.PATH);
                NumericDocValues stamps = leaf.reader().getNumericDocValues(IndexFields.STAMP);
                if (paths == null || stamps == null) {
                    continue;
                }
                var live = leaf.reader().getLiveDocs();
                for (int doc = paths.nextDoc(); doc != SortedDocValues.NO_MORE_DOCS; doc = paths.nextDoc()) {
                    if ((live == null || live.get(doc)) && stamps.advanceExact(doc)) {
                        out.put(paths.lookupOrd(paths.ordValue()).utf8ToString(), stamps.longValue());
                    }
                }
            }
            return out;
        }, Map.of());
    }

    /** The indexed stamp of one thread dir; null when the index does not hold it. */
    public Long stamp(String path) throws IOException {
        return read(s -> {
            TopDocs hit = s.search(new TermQuery(new Term(IndexFields.PATH, path)), 1);
            if (hit.scoreDocs.length == 0) {
                return null;
            }
            int doc = hit.scoreDocs[0].doc;
            List<LeafReaderContext> leaves = s.getIndexReader().leaves();
            LeafReaderContext leaf = leaves.get(org.apache.lucene.index.ReaderUtil.subIndex(doc, leaves));
            NumericDocValues stamps = leaf.reader().getNumericDocValues(IndexFields.STAMP);
            return stamps != null && stamps.advanceExact(doc - leaf.docBase) ? stamps.longValue() : null;
        }, null);
    }

    /** The library: threads that pass the filter, newest first, one page (from 1). */
    public ThreadList list(ThreadFilter filter, int page, int pageSize) throws IOException {
        Query q = filtered(new MatchAllDocsQuery(), filter);
        return read(s -> {
            TopFieldCollector top = TopFieldCollector.create(NEWEST, page * pageSize, Integer.MAX_VALUE);
            FacetCounts facets = new FacetCounts();
            s.search(q, MultiCollector.wrap(top, facets));
            TopDocs docs = top.topDocs((page - 1) * pageSize, pageSize);
            List<ThreadList.Hit> hits = new ArrayList<>();
            StoredFields stored = s.storedFields();
            for (ScoreDoc sd : docs.scoreDocs) {
                hits.add(new ThreadList.Hit(summary(stored.document(sd.doc, SUMMARY_FIELDS)), null, null));
            }
            return new ThreadList(docs.totalHits.value, page, pageSize, hits, facets.result());
        }, new ThreadList(0, page, pageSize, List.of(), Map.of()));
    }

    /**
     * Full-text search: best first, one page (from 1), each hit with its marked title and best passage.
     *
     * @param text what the user typed: words, {@code "phrases"}, {@code mode:} {@code account:} {@code space:} and
     *             the text fields as prefixes, AND between words; text that is not valid syntax is searched as words
     */
    public ThreadList search(String text, ThreadFilter filter, int page, int pageSize) throws IOException {
        Query parsed = parse(text);
        Query q = filtered(parsed, filter);
        return read(s -> {
            TopScoreDocCollector top = TopScoreDocCollector.create(page * pageSize, Integer.MAX_VALUE);
            FacetCounts facets = new FacetCounts();
            s.search(q, MultiCollector.wrap(top, facets));
            TopDocs docs = top.topDocs((page - 1) * pageSize, pageSize);
            UnifiedHighlighter highlighter = new UnifiedHighlighter.Builder(s, ArchiveAnalyzers.index())
                    .withFormatter(new DefaultPassageFormatter("<mark>", "</mark>", " … ", true))
                    .withMaxLength(SNIPPET_CHARS)
                    // passages are lines (Markdown paragraphs, list items), cut near 200 characters: found by scanning
                    // for line ends, where a sentence iterator over long answers costs most of a search
                    .withBreakIterator(() -> org.apache.lucene.search.uhighlight.LengthGoalBreakIterator.createClosestToLength(
                            new org.apache.lucene.search.uhighlight.CustomSeparatorBreakIterator('\n'), 200, 0.5f))
                    .withMaxNoHighlightPassages(0)
                    .build();
            String[] fields = IndexFields.TEXT;
            int[] passages = new int[fields.length];
            java.util.Arrays.fill(passages, 1);
            Map<String, String[]> marked = highlighter.highlightFields(fields, parsed, docs, passages);
            List<ThreadList.Hit> hits = new ArrayList<>();
            StoredFields stored = s.storedFields();
            for (int i = 0; i < docs.scoreDocs.length; i++) {
                ThreadSummary t = summary(stored.document(docs.scoreDocs[i].doc, SUMMARY_FIELDS));
                String snippet = null;
                for (int f = 1; f < fields.length && snippet == null; f++) {
                    snippet = marked.get(fields[f])[i];
                }
                hits.add(new ThreadList.Hit(t, marked.get(fields[0])[i], snippet));
            }
            return new ThreadList(docs.totalHits.value, page, pageSize, hits, facets.result());
        }, new ThreadList(0, page, pageSize, List.of(), Map.of()));
    }

    /** Every indexed dir of a thread uuid (a thread archived under two accounts has two), newest first. */
    public List<ThreadSummary> byUuid(String uuid) throws IOException {
        return newest(new TermQuery(new Term(IndexFields.UUID, uuid)));
    }

    /** Every indexed dir whose thread uuid starts with {@code prefix} (the 8 characters of a thread dir's name), newest first. */
    public List<ThreadSummary> byUuidPrefix(String prefix) throws IOException {
        return newest(new org.apache.lucene.search.PrefixQuery(new Term(IndexFields.UUID, prefix)));
    }

    /** The summaries of the (at most 50) dirs {@code q} matches, newest first. */
    private List<ThreadSummary> newest(Query q) throws IOException {
        return read(s -> {
            TopDocs docs = s.search(q, 50, NEWEST);
            List<ThreadSummary> out = new ArrayList<>();
            StoredFields stored = s.storedFields();
            for (ScoreDoc sd : docs.scoreDocs) {
                out.add(summary(stored.document(sd.doc, SUMMARY_FIELDS)));
            }
            return out;
        }, List.of());
    }

    /**
     * The threads related to the thread dir {@code path} (reference-cli-and-archive.md §2.17, kinds as in
     * {@link RelatedThread}), at most {@code max} of each kind and direction.
     */
    public List<RelatedThread> related(String path, int max) throws IOException {
        return read(s -> {
            TopDocs self = s.search(new TermQuery(new Term(IndexFields.PATH, path)), 1);
            if (self.scoreDocs.length == 0) {
                return List.<RelatedThread>of();
            }
            Document d = s.storedFields().document(self.scoreDocs[0].doc);
            String uuid = d.get(IndexFields.UUID);
            List<RelatedThread> out = new ArrayList<>();
            String prompt = d.get(IndexFields.PROMPT);
            if (prompt != null) {
                related(s, out, RelatedThread.Kind.SAME_PROMPT, false, new TermQuery(new Term(IndexFields.PROMPT, prompt)), FIRST_CREATED, uuid, max, "");
            }
            for (String ref : d.getValues(IndexFields.REFS)) {
                related(s, out, RelatedThread.Kind.REFERENCES, false, new TermQuery(new Term(IndexFields.UUID, ref)), NEWEST, uuid, 1, ref);
            }
            if (!uuid.isEmpty()) {
                related(s, out, RelatedThread.Kind.REFERENCES, true, new TermQuery(new Term(IndexFields.REFS, uuid)), NEWEST, uuid, max, uuid);
            }
            String slug = d.get(IndexFields.SPACE_SLUG);
            if (slug != null && !slug.isEmpty()) {
                related(s, out, RelatedThread.Kind.SAME_SPACE, false, new TermQuery(new Term(IndexFields.SPACE, fold(slug))), NEWEST, uuid, max,
                        "space:" + slug);
            }
            for (String run : d.getValues(IndexFields.RUNS)) {
                related(s, out, RelatedThread.Kind.SUBAGENT_OF, false, new TermQuery(new Term(IndexFields.RUNS, run)), NEWEST, uuid, max, run);
            }
            return out;
        }, List.of());
    }

    private static void related(IndexSearcher s, List<RelatedThread> out, RelatedThread.Kind kind, boolean incoming, Query q,
                                Sort sort, String selfUuid, int max, String evidence) throws IOException {
        TopDocs docs = s.search(q, max + 1, sort);
        StoredFields stored = s.storedFields();
        int n = 0;
        for (ScoreDoc sd : docs.scoreDocs) {
            ThreadSummary t = summary(stored.document(sd.doc, SUMMARY_FIELDS));
            boolean seen = out.stream().anyMatch(r -> r.kind() == kind && r.thread().path().equals(t.path()));
            if (t.uuid().equals(selfUuid) || seen || n >= max) {
                continue;
            }
            out.add(new RelatedThread(kind, incoming, t, evidence));
            n++;
        }
    }

    /** The parsed query of what a user typed (also what related-thread lookups and tests use). */
    static Query parse(String text) {
        MultiFieldQueryParser p = parser();
        try {
            return p.parse(text);
        } catch (ParseException | RuntimeException e) {
            try {
                return parser().parse(QueryParser.escape(text));
            } catch (ParseException e2) {
                return new MatchAllDocsQuery();
            }
        }
    }

    private static MultiFieldQueryParser parser() {
        Map<String, Float> boosts = new LinkedHashMap<>();
        for (int i = 0; i < IndexFields.TEXT.length; i++) {
            boosts.put(IndexFields.TEXT[i], IndexFields.BOOST[i]);
        }
        MultiFieldQueryParser p = new MultiFieldQueryParser(IndexFields.TEXT, ArchiveAnalyzers.query(), boosts);
        p.setDefaultOperator(QueryParser.Operator.AND);
        // a word that yields several terms (a CJK run's bigrams, "e-mail") must match as written
        p.setSplitOnWhitespace(true);
        p.setAutoGeneratePhraseQueries(true);
        p.setAllowLeadingWildcard(false);
        return p;
    }

    static Query filtered(Query q, ThreadFilter f) {
        if (f == null || f.isEmpty()) {
            return q;
        }
        BooleanQuery.Builder b = new BooleanQuery.Builder().add(q, BooleanClause.Occur.MUST);
        term(b, IndexFields.MODE, f.mode());
        term(b, IndexFields.ACCOUNT, f.account());
        term(b, IndexFields.SPACE, f.space());
        if (f.from() != 0 || f.to() != 0) {
            long to = f.to() == 0 ? Long.MAX_VALUE : f.to() + DAY_MS - 1;
            b.add(LongPoint.newRangeQuery(IndexFields.UPDATED, f.from() == 0 ? Long.MIN_VALUE : f.from(), to),
                    BooleanClause.Occur.FILTER);
        }
        return b.build();
    }

    private static void term(BooleanQuery.Builder b, String field, String value) {
        if (!ThreadFilter.blank(value)) {
            b.add(new TermQuery(new Term(field, fold(value.strip()))), BooleanClause.Occur.FILTER);
        }
    }

    /** Newest first (the library's order), ties by path. */
    private static final Sort NEWEST = new Sort(new SortField(IndexFields.UPDATED, SortField.Type.LONG, true),
            new SortField(IndexFields.PATH, SortField.Type.STRING));
    /** Created first (a prompt's reruns in the order they were asked), ties by path. */
    private static final Sort FIRST_CREATED = new Sort(new SortField(IndexFields.CREATED, SortField.Type.LONG),
            new SortField(IndexFields.PATH, SortField.Type.STRING));

    private static final java.util.Set<String> SUMMARY_FIELDS = java.util.Set.of(IndexFields.PATH, IndexFields.UUID,
            IndexFields.TITLE, IndexFields.MODE, IndexFields.ACCOUNT_NAME, IndexFields.SPACE_SLUG, IndexFields.SPACE_TITLE,
            IndexFields.UPDATED, IndexFields.TURNS, IndexFields.INTERRUPTIONS, IndexFields.VARIANTS, IndexFields.REPORT,
            IndexFields.ASSETS, IndexFields.LOCKED, IndexFields.REMOTE_DELETED);

    private static ThreadSummary summary(Document d) {
        return new ThreadSummary(d.get(IndexFields.PATH), d.get(IndexFields.UUID), d.get(IndexFields.TITLE),
                d.get(IndexFields.MODE), d.get(IndexFields.ACCOUNT_NAME), str(d, IndexFields.SPACE_SLUG),
                str(d, IndexFields.SPACE_TITLE), num(d, IndexFields.UPDATED), (int) num(d, IndexFields.TURNS),
                (int) num(d, IndexFields.INTERRUPTIONS), (int) num(d, IndexFields.VARIANTS), num(d, IndexFields.REPORT) != 0,
                (int) num(d, IndexFields.ASSETS), str(d, IndexFields.LOCKED), str(d, IndexFields.REMOTE_DELETED));
    }

    private static String str(Document d, String field) {
        String v = d.get(field);
        return v == null ? "" : v;
    }

    private static long num(Document d, String field) {
        var f = d.getField(field);
        return f == null || f.numericValue() == null ? 0 : f.numericValue().longValue();
    }

    /** Counts the facet values of every matching document (a few doc-value reads per hit). */
    private static final class FacetCounts extends SimpleCollector {
        private static final String[] FIELDS = {IndexFields.FACET_MODE, IndexFields.FACET_ACCOUNT, IndexFields.FACET_SPACE};
        private static final String[] NAMES = {"mode", "account", "space"};
        private final List<Map<String, Integer>> counts = List.of(new HashMap<>(), new HashMap<>(), new HashMap<>());
        private final SortedDocValues[] values = new SortedDocValues[FIELDS.length];
        private final List<Map<Integer, Integer>> leafCounts = new ArrayList<>();

        @Override
        protected void doSetNextReader(LeafReaderContext context) throws IOException {
            flushLeaf();
            for (int i = 0; i < FIELDS.length; i++) {
                values[i] = context.reader().getSortedDocValues(FIELDS[i]);
                leafCounts.add(new HashMap<>());
            }
        }

        @Override
        public void collect(int doc) throws IOException {
            for (int i = 0; i < FIELDS.length; i++) {
                SortedDocValues v = values[i];
                if (v != null && v.advanceExact(doc)) {
                    leafCounts.get(i).merge(v.ordValue(), 1, Integer::sum);
                }
            }
        }

        /** Ordinals are per segment: they become strings when the segment is done. */
        private void flushLeaf() throws IOException {
            if (leafCounts.isEmpty()) {
                return;
            }
            for (int i = 0; i < FIELDS.length; i++) {
                Map<Integer, Integer> c = leafCounts.get(i);
                for (Map.Entry<Integer, Integer> e : c.entrySet()) {
                    counts.get(i).merge(values[i].lookupOrd(e.getKey()).utf8ToString(), e.getValue(), Integer::sum);
                }
            }
            leafCounts.clear();
        }

        Map<String, List<ThreadList.Facet>> result() throws IOException {
            flushLeaf();
            Map<String, List<ThreadList.Facet>> out = new LinkedHashMap<>();
            for (int i = 0; i < FIELDS.length; i++) {
                List<ThreadList.Facet> list = new ArrayList<>();
                counts.get(i).forEach((k, v) -> list.add(new ThreadList.Facet(k, v)));
                list.sort((a, b) -> a.count() != b.count() ? Integer.compare(b.count(), a.count()) : a.value().compareTo(b.value()));
                out.put(NAMES[i], list);
            }
            return out;
        }

        @Override
        public ScoreMode scoreMode() {
            return ScoreMode.COMPLETE_NO_SCORES;
        }
    }

    @Override
    public void close() throws IOException {
        SearcherManager m = searchers;
        if (m != null) {
            m.close();
        }
        directory.close();
    }
}
