package io.github.pplxexport.search;

import io.github.pplxexport.archive.ChangeJournal;
import io.github.pplxexport.archive.ThreadDirName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The pipeline's index step: a thread dir that was just written (exported, re-rendered) goes into the archive's
 * search index. The pipeline keeps an index current once there is one ({@code serve} builds it); an archive without
 * an index is left without one, so an export or a re-render costs nothing extra until the user searches.
 *
 * <p>The step only reads the thread dir and adds it to the archive's writer (opened at the first thread, which takes
 * Lucene's write lock); the commit, which writes and fsyncs a segment, comes later and off the pipeline's path: an
 * exported thread is committed {@code commitDelay} after it was added (with whatever else was added meanwhile) by a
 * background thread, which then closes the writer, so the lock is held about that long and a {@code serve} beside
 * the sync shows the thread on its next refresh after that. A re-render's threads are committed at the end of its run
 * ({@link #runDone()}), and everything still pending when the pipeline stops ({@link #close()}). A {@code kill -9}
 * loses what was not committed yet (at most {@code commitDelay} of exports, or the running re-render's threads): the
 * index keeps its last commit, and the next catch-up finds those dirs in the change journal ({@link ChangeJournal}),
 * where the writers put them before their files and this step once more (after them, before the commit).
 *
 * <p>The index is derived data: a failure here is one warning line and never fails the thread; the next catch-up
 * repairs the index.
 */
public final class SearchIndexing implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.index");

    private final Duration lockWait;
    private final Duration commitDelay;
    private final Map<Path, SearchIndex> indexes = new HashMap<>();
    /** The open writer of each archive with uncommitted threads (one per process: Lucene's lock is per directory). */
    private final Map<Path, SearchIndex.Writer> writers = new HashMap<>();
    private ScheduledExecutorService committer;
    private ScheduledFuture<?> pendingCommit;

    /**
     * @param lockWait    how long a thread waits for another process's write lock before it leaves the work to a catch-up
     * @param commitDelay how long after an exported thread was added its commit comes (more threads may join it)
     */
    public SearchIndexing(Duration lockWait, Duration commitDelay) {
        this.lockWait = lockWait;
        this.commitDelay = commitDelay;
    }

    /** The archive's index, when it has one. */
    private synchronized SearchIndex indexOf(Path archive) throws IOException {
        SearchIndex idx = indexes.get(archive);
        if (idx == null) {
            if (archive == null || !Files.isDirectory(archive.resolve(SearchIndex.DIR))) {
                return null;
            }
            idx = SearchIndex.open(archive);
            indexes.put(archive, idx);
        }
        return idx;
    }

    /** An exported thread: added now, committed within {@code commitDelay}. Returns whether the index took it. */
    public boolean threadWritten(Path dir) {
        if (add(dir)) {
            scheduleCommit();
            return true;
        }
        return false;
    }

    /** A re-rendered thread: added to the run's writer, committed by {@link #runDone()}. */
    public void threadRendered(Path dir) {
        add(dir);
    }

    private boolean add(Path dir) {
        long t0 = System.nanoTime();
        try {
            Path archive = ThreadDirName.archiveOf(dir);
            SearchIndex idx = indexOf(archive);
            if (idx == null) {
                return false;
            }
            // recorded after its files too (a catch-up may have taken the line written before them half-way), and
            // before the commit: a kill before it leaves the dir to the next catch-up
            ChangeJournal.touched(dir);
            IndexedThread t = ThreadText.read(archive, dir.toAbsolutePath().normalize());
            synchronized (this) {
                writer(archive, idx).update(t);
            }
            LOG.debug("[index] {} added in {} ms", t.path(), (System.nanoTime() - t0) / 1_000_000);
            return true;
        } catch (IOException | RuntimeException e) {
            LOG.warn("[index] {}: {} (the next serve catches up)", dir.getFileName(), IndexCatchUp.cause(e));
            return false;
        }
    }

    private SearchIndex.Writer writer(Path archive, SearchIndex idx) throws IOException {
        SearchIndex.Writer w = writers.get(archive);
        if (w == null) {
            w = idx.writer(lockWait, false);
            writers.put(archive, w);
        }
        return w;
    }

    private synchronized void scheduleCommit() {
        if (pendingCommit != null) {
            return; // the commit already due takes this thread too
        }
        if (committer == null || committer.isShutdown()) {
            committer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "pplx-index-commit");
                t.setDaemon(true);
                return t;
            });
        }
        pendingCommit = committer.schedule(() -> commitAll(true), commitDelay.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The end of a run: its writes committed, the write lock released. */
    public void runDone() {
        commitAll(false);
    }

    /**
     * Commits every open writer and closes it (which waits for the merges it started and releases the write lock).
     * The writers are taken out first, so a thread added meanwhile goes into a new writer rather than waiting for
     * the commit.
     */
    private void commitAll(boolean due) {
        Map<Path, SearchIndex.Writer> taken;
        synchronized (this) {
            if (due) {
                pendingCommit = null; // a thread added from now on is for the next commit
            }
            taken = new HashMap<>(writers);
            writers.clear();
        }
        for (Map.Entry<Path, SearchIndex.Writer> e : taken.entrySet()) {
            try (SearchIndex.Writer w = e.getValue()) {
                w.commit();
            } catch (IOException | RuntimeException ex) {
                LOG.warn("[index] {}: {} (the next serve catches up)", e.getKey().resolve(SearchIndex.DIR), IndexCatchUp.cause(ex));
            }
        }
    }

    /** The pipeline stops: what is pending is committed now (after a commit that is running, if one is). */
    @Override
    public void close() {
        ScheduledExecutorService c;
        synchronized (this) {
            c = committer;
            committer = null;
            if (pendingCommit != null) {
                pendingCommit.cancel(false); // done below, now; one that has begun runs to its end
                pendingCommit = null;
            }
        }
        if (c != null) {
            c.shutdown();
            try {
                c.awaitTermination(lockWait.toMillis() + commitDelay.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        commitAll(false);
        synchronized (this) {
            for (SearchIndex idx : indexes.values()) {
                try {
                    idx.close();
                } catch (IOException e) {
                    LOG.debug("[index] close", e);
                }
            }
            indexes.clear();
        }
    }
}
