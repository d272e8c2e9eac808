package io.github.pplxexport.search;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The pipeline's index step: a thread dir that was just written (exported, re-rendered) goes into the archive's
 * search index. The pipeline keeps an index current once there is one ({@code serve} builds it); an archive without
 * an index is left without one, so an export or a re-render costs nothing extra until the user searches.
 *
 * <p>An exported thread is committed at once (a {@code serve} running beside the sync shows it on its next
 * refresh); a run's re-rendered threads share one writer, committed when the run is done. The index is derived
 * data: a failure here is one warning line and never fails the thread; the next catch-up repairs the index.
 */
public final class SearchIndexing implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.index");

    private final Duration lockWait;
    private final Map<Path, SearchIndex> indexes = new HashMap<>();
    private final Map<Path, SearchIndex.Writer> runWriters = new HashMap<>();

    /** @param lockWait how long a thread waits for another process's write lock before it leaves the work to a catch-up */
    public SearchIndexing(Duration lockWait) {
        this.lockWait = lockWait;
    }

    /** The archive root of a thread dir ({@code <out>/<account>/<mode>/<name>}). */
    static Path archiveOf(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        return abs.getNameCount() >= 3 ? abs.getParent().getParent().getParent() : null;
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

    /** An exported thread: indexed and committed now. Returns whether the index took it. */
    public boolean threadWritten(Path dir) {
        long t0 = System.nanoTime();
        try {
            Path archive = archiveOf(dir);
            SearchIndex idx = indexOf(archive);
            if (idx == null) {
                return false;
            }
            IndexedThread t = ThreadText.read(archive, dir.toAbsolutePath().normalize());
            try (SearchIndex.Writer w = idx.writer(lockWait, false)) {
                w.update(t);
                w.commit();
            }
            LOG.debug("[index] {} in {} ms", t.path(), (System.nanoTime() - t0) / 1_000_000);
            return true;
        } catch (IOException | RuntimeException e) {
            LOG.warn("[index] {}: {} (the next serve catches up)", dir.getFileName(), IndexCatchUp.cause(e));
            return false;
        }
    }

    /** A re-rendered thread: indexed with the run's writer, committed by {@link #runDone()}. */
    public void threadRendered(Path dir) {
        try {
            Path archive = archiveOf(dir);
            SearchIndex idx = indexOf(archive);
            if (idx == null) {
                return;
            }
            IndexedThread t = ThreadText.read(archive, dir.toAbsolutePath().normalize());
            runWriter(archive, idx).update(t);
        } catch (IOException | RuntimeException e) {
            LOG.warn("[index] {}: {} (the next serve catches up)", dir.getFileName(), IndexCatchUp.cause(e));
        }
    }

    private synchronized SearchIndex.Writer runWriter(Path archive, SearchIndex idx) throws IOException {
        SearchIndex.Writer w = runWriters.get(archive);
        if (w == null) {
            w = idx.writer(lockWait, false);
            runWriters.put(archive, w);
        }
        return w;
    }

    /** The end of a run: its writes committed, the write lock released. */
    public synchronized void runDone() {
        for (Map.Entry<Path, SearchIndex.Writer> e : runWriters.entrySet()) {
            try (SearchIndex.Writer w = e.getValue()) {
                w.commit();
            } catch (IOException | RuntimeException ex) {
                LOG.warn("[index] {}: {} (the next serve catches up)", e.getKey().resolve(SearchIndex.DIR), IndexCatchUp.cause(ex));
            }
        }
        runWriters.clear();
    }

    @Override
    public synchronized void close() {
        runDone();
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
