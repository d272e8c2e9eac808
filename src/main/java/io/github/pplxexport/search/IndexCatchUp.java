package io.github.pplxexport.search;

import io.github.pplxexport.archive.ChangeJournal;
import io.github.pplxexport.rerender.ThreadDirs;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * Brings the index level with the archive. Usually from the change journal ({@link ChangeJournal}): only the thread
 * dirs written since the index's last commit are looked at; each whose stamp differs from the indexed one is read and
 * indexed again, and each that is no thread dir any more is removed. When the journal cannot say (a rebuild, a first
 * build, an index of an older version, a journal deleted or started anew) every thread dir of the archive is walked
 * and compared instead, on all cores: which is also what finds changes made behind the tool's back. One commit at the
 * end, which records how far into the journal the index now is. A thread dir that cannot be read is one line naming
 * it, and the rest goes on.
 */
public final class IndexCatchUp {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.index");
    /** A tail that changed nothing is recorded in a commit once it is this long (~800 lines). */
    static final long RECORD_AT = 64 * 1024;
    /** A tail of more dirs than this reads the indexed stamps all at once rather than one by one. */
    static final int LOOKUPS = 2_000;
    /** A journal longer than this is started anew by a catch-up that has taken all of it (~4,000 lines). */
    static final long RESTART_AT = 256 * 1024;

    private final SearchIndex index;
    private final int workers;
    private final BooleanSupplier stop;
    /** The running (or last) pass, for {@link #dirsSoFar}. */
    private volatile Pass running;
    long restartAt = RESTART_AT;
    long recordAt = RECORD_AT;
    int lookups = LOOKUPS;

    /**
     * @param workers threads reading thread dirs (0: one per core)
     * @param stop    true once the process is asked to stop: no further dir is read and nothing is committed
     */
    public IndexCatchUp(SearchIndex index, int workers, BooleanSupplier stop) {
        this.index = index;
        this.workers = workers > 0 ? workers : Runtime.getRuntime().availableProcessors();
        this.stop = stop;
    }

    /**
     * What a catch-up did.
     *
     * @param dirs   the thread dirs it looked at: every one of the archive when it {@code walked}, else the journal's
     * @param walked whether it walked the whole archive (else it read the change journal's tail)
     */
    public record Result(int dirs, int indexed, int removed, int failed, boolean rebuilt, boolean walked, long millis) {
        public String line() {
            return String.format(java.util.Locale.ROOT, "%s: %,d thread dirs%s, %,d indexed, %,d removed, %d failed, %.1f s",
                    rebuilt ? "search index rebuilt" : "search index caught up", dirs, walked ? "" : " (from the change journal)",
                    indexed, removed, failed, millis / 1000.0);
        }
    }

    /** How many thread dirs the running (or last) pass has walked so far: how far a build is. */
    public int dirsSoFar() {
        Pass p = running;
        return p == null ? 0 : p.dirs.get();
    }

    /**
     * @param rebuild index every dir into a new index (also when the index is missing or of another format)
     * @param wait    how long to wait for another process's write lock
     */
    public Result run(boolean rebuild, Duration wait) throws IOException {
        long t0 = System.nanoTime();
        ChangeJournal journal = ChangeJournal.of(index.archive());
        boolean full = rebuild || !index.current();
        ChangeJournal.Position recorded = full ? null : index.journalPosition();
        ChangeJournal.Tail tail = full ? null : journal.tail(recorded);
        // a rebuild starts a new generation: until it commits, the old commit's position is void (a rebuild killed
        // half-way leaves an index the next catch-up walks); a walk takes the journal's end before it looks at a dir,
        // so what is written meanwhile is in the next tail
        ChangeJournal.Position end = tail != null ? tail.end() : full ? journal.restart() : journal.position();
        if (tail != null) {
            index.refresh(Duration.ZERO); // the indexed stamps as of the commit the position came from, or later
        }
        Pass pass = tail != null
                // a long tail (a first sync beside an index) takes the indexed stamps in one read, as a walk does
                ? new Pass(tail.dirs().stream().map(index.archive()::resolve).iterator(), Kind.JOURNAL,
                        tail.dirs().size() > lookups ? index.stamps() : null, wait)
                : new Pass(ThreadDirs.walk(index.archive(), 0), full ? Kind.REBUILD : Kind.WALK, full ? null : index.stamps(), wait);
        running = pass;
        try {
            if (full) {
                pass.writer(); // a rebuild writes a new index even for an archive without threads
            }
            ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
                Thread t = new Thread(r, "pplx-index");
                t.setDaemon(true);
                return t;
            });
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int i = 0; i < workers; i++) {
                    done.add(pool.submit(() -> {
                        pass.work();
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted");
            } catch (java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof IOException io) {
                    throw io; // e.g. the index stayed busy: the caller tries again later
                }
                throw new IOException(cause(e.getCause()), e.getCause());
            } finally {
                pool.shutdownNow();
            }
            if (pass.kind == Kind.WALK) {
                for (String path : pass.stamps.keySet()) {
                    if (!pass.seen.contains(path)) {
                        pass.gone.add(path);
                    }
                }
            }
            if (stop.getAsBoolean()) {
                return new Result(pass.dirs.get(), 0, 0, pass.failed.get(), full, tail == null, millis(t0));
            }
            // a tail that changed nothing (its dirs indexed already, by the writers' index step) is recorded only once
            // it is long: no write lock, no commit, no writer to load at a start
            boolean unchanged = pass.w == null && pass.gone.isEmpty();
            if (unchanged && (end.equals(recorded) || tail != null && end.offset() - recorded.offset() < recordAt)) {
                journal.append(pass.failedDirs); // a dir that could not be read is looked at again next time
                return new Result(pass.dirs.get(), 0, 0, pass.failed.get(), false, tail == null, millis(t0));
            }
            SearchIndex.Writer w = pass.writer();
            for (String path : pass.gone) {
                w.delete(path);
            }
            // everything the journal holds is in this commit but the dirs that could not be read: those go after the
            // position it records (into a new generation when the journal is long and nothing came since)
            ChangeJournal.Position fresh = end.offset() > restartAt ? journal.restartIfAt(end, pass.failedDirs) : null;
            if (fresh != null) {
                end = fresh;
            } else {
                journal.append(pass.failedDirs);
            }
            w.journal(end);
            w.commit();
        } finally {
            if (pass.w != null) {
                pass.w.close(); // without the commit above (stopped, failed): nothing of this pass is kept
            }
        }
        index.refresh(Duration.ZERO);
        return new Result(pass.dirs.get(), pass.indexed.get(), pass.gone.size(), pass.failed.get(), full, tail == null, millis(t0));
    }

    private static long millis(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    /**
     * One catch-up's shared work: every worker takes the next dir (of the walk, or of the journal's tail: so the walk,
     * the stamps and the reading all run on every core, and every worker is busy until the last dir), indexes it when
     * its stamp changed, and at its end writes out a buffer of the index in its own thread rather than leaving them all
     * to the commit. The writer, and with it the write lock, is taken at the first change: a catch-up that finds
     * nothing to do takes no lock.
     */
    private final class Pass {
        final Path archive = index.archive();
        final Iterator<Path> source;
        final Kind kind;
        /** The indexed stamps, read at once (a walk's, a long tail's); null: looked up dir by dir (or a rebuild's). */
        final Map<String, Long> stamps;
        /** A walk's: the dirs it saw (the other indexed ones are gone). */
        final Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
        final Set<String> gone = java.util.concurrent.ConcurrentHashMap.newKeySet();
        final Duration wait;
        final AtomicInteger dirs = new AtomicInteger();
        final AtomicInteger indexed = new AtomicInteger();
        final AtomicInteger failed = new AtomicInteger();
        final Set<String> failedDirs = java.util.concurrent.ConcurrentHashMap.newKeySet();
        volatile SearchIndex.Writer w;

        /** @param source the dirs to look at: the archive's walk, or the journal's tail */
        Pass(Iterator<Path> source, Kind kind, Map<String, Long> stamps, Duration wait) {
            this.source = source;
            this.kind = kind;
            this.stamps = stamps;
            this.wait = wait;
        }

        synchronized SearchIndex.Writer writer() throws IOException {
            if (w == null) {
                w = index.writer(wait, kind == Kind.REBUILD);
            }
            return w;
        }

        private Path next() {
            synchronized (source) {
                return source.hasNext() ? source.next() : null;
            }
        }

        /** The indexed stamp of a dir, null when the index does not hold it. */
        private Long indexedStamp(String path) throws IOException {
            return stamps != null ? stamps.get(path) : index.stamp(path);
        }

        void work() throws IOException {
            for (Path dir = next(); dir != null && !stop.getAsBoolean(); dir = next()) {
                String path = archive.relativize(dir).toString().replace('\\', '/');
                if (!ThreadText.isThreadDir(dir)) {
                    if (kind == Kind.JOURNAL) {
                        dirs.incrementAndGet(); // a journaled dir that is gone (moved, merged, deleted)
                        if (indexedStamp(path) != null) {
                            gone.add(path);
                        }
                    }
                    continue;
                }
                dirs.incrementAndGet();
                if (kind != Kind.REBUILD) {
                    // a rebuild takes each stamp when it reads the dir
                    seen.add(path);
                    Long before = indexedStamp(path);
                    if (before != null && before == ThreadText.stamp(dir)) {
                        continue;
                    }
                }
                IndexedThread t;
                try {
                    t = ThreadText.read(archive, dir);
                } catch (IOException | RuntimeException e) {
                    failed.incrementAndGet();
                    failedDirs.add(path);
                    LOG.warn("[index] {}: {}", path, cause(e));
                    continue;
                }
                SearchIndex.Writer writer = writer(); // an index that stays busy ends the pass
                try {
                    writer.update(t);
                    indexed.incrementAndGet();
                } catch (IOException | RuntimeException e) {
                    failed.incrementAndGet();
                    failedDirs.add(path);
                    LOG.warn("[index] {}: {}", path, cause(e));
                }
            }
            SearchIndex.Writer open = w;
            if (open != null && !stop.getAsBoolean()) {
                open.flushBuffer();
            }
        }
    }

    /** Where a pass's dirs come from: every dir read into a new index, every dir compared, or the journal's tail. */
    private enum Kind { REBUILD, WALK, JOURNAL }

    static String cause(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + e.getMessage();
    }
}
