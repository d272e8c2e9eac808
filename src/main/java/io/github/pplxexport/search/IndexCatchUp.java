package io.github.pplxexport.search;

import io.github.pplxexport.rerender.ThreadDirs;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
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
 * Brings the index level with the archive: every thread dir whose stamp differs from the indexed one (new,
 * changed, or all of them for a rebuild) is read and indexed again, on all cores, and the dirs that are gone are
 * removed; one commit at the end. A thread dir that cannot be read is one line naming it, and the rest goes on.
 */
public final class IndexCatchUp {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.index");

    private final SearchIndex index;
    private final int workers;
    private final BooleanSupplier stop;
    /** The running (or last) pass, for {@link #dirsSoFar}. */
    private volatile Pass running;

    /**
     * @param workers threads reading thread dirs (0: one per core)
     * @param stop    true once the process is asked to stop: no further dir is read and nothing is committed
     */
    public IndexCatchUp(SearchIndex index, int workers, BooleanSupplier stop) {
        this.index = index;
        this.workers = workers > 0 ? workers : Runtime.getRuntime().availableProcessors();
        this.stop = stop;
    }

    /** What a catch-up did. */
    public record Result(int dirs, int indexed, int removed, int failed, boolean rebuilt, long millis) {
        public String line() {
            return String.format(java.util.Locale.ROOT, "%s: %,d thread dirs, %,d indexed, %,d removed, %d failed, %.1f s",
                    rebuilt ? "search index rebuilt" : "search index caught up", dirs, indexed, removed, failed, millis / 1000.0);
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
        boolean full = rebuild || !index.current();
        Pass pass = new Pass(index.archive(), full ? Map.of() : index.stamps(), full, wait);
        running = pass;
        List<String> gone = new ArrayList<>();
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
            for (String path : pass.stamps.keySet()) {
                if (!pass.seen.contains(path)) {
                    gone.add(path);
                }
            }
            if (stop.getAsBoolean()) {
                return new Result(pass.dirs.get(), 0, 0, pass.failed.get(), full, (System.nanoTime() - t0) / 1_000_000);
            }
            if (pass.w == null && gone.isEmpty()) {
                return new Result(pass.dirs.get(), 0, 0, pass.failed.get(), false, (System.nanoTime() - t0) / 1_000_000);
            }
            SearchIndex.Writer w = pass.writer();
            for (String path : gone) {
                w.delete(path);
            }
            w.commit();
        } finally {
            if (pass.w != null) {
                pass.w.close(); // without the commit above (stopped, failed): nothing of this pass is kept
            }
        }
        index.refresh(Duration.ZERO);
        return new Result(pass.dirs.get(), pass.indexed.get(), gone.size(), pass.failed.get(), full,
                (System.nanoTime() - t0) / 1_000_000);
    }

    /**
     * One catch-up's shared work: every worker takes the next dir of the walk (so the walk, the stamps and the reading
     * all run on every core, and every worker is busy until the last dir), indexes it when its stamp changed, and at
     * its end writes out a buffer of the index in its own thread rather than leaving them all to the commit. The
     * writer, and with it the write lock, is taken at the first change: a catch-up that finds nothing to do takes
     * no lock.
     */
    private final class Pass {
        final Path archive;
        final Map<String, Long> stamps;
        final boolean full;
        final Duration wait;
        final Iterator<Path> walk;
        final Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
        final AtomicInteger dirs = new AtomicInteger();
        final AtomicInteger indexed = new AtomicInteger();
        final AtomicInteger failed = new AtomicInteger();
        volatile SearchIndex.Writer w;

        Pass(Path archive, Map<String, Long> stamps, boolean full, Duration wait) {
            this.archive = archive;
            this.stamps = stamps;
            this.full = full;
            this.wait = wait;
            this.walk = ThreadDirs.walk(archive, 0);
        }

        synchronized SearchIndex.Writer writer() throws IOException {
            if (w == null) {
                w = index.writer(wait, full);
            }
            return w;
        }

        private Path next() {
            synchronized (walk) {
                return walk.hasNext() ? walk.next() : null;
            }
        }

        void work() throws IOException {
            for (Path dir = next(); dir != null && !stop.getAsBoolean(); dir = next()) {
                if (!ThreadText.isThreadDir(dir)) {
                    continue;
                }
                dirs.incrementAndGet();
                if (!full) {
                    // a rebuild takes each stamp when it reads the dir
                    String path = archive.relativize(dir).toString().replace('\\', '/');
                    seen.add(path);
                    Long before = stamps.get(path);
                    if (before != null && before == ThreadText.stamp(dir)) {
                        continue;
                    }
                }
                IndexedThread t;
                try {
                    t = ThreadText.read(archive, dir);
                } catch (IOException | RuntimeException e) {
                    failed.incrementAndGet();
                    LOG.warn("[index] {}: {}", archive.relativize(dir), cause(e));
                    continue;
                }
                SearchIndex.Writer writer = writer(); // an index that stays busy ends the pass
                try {
                    writer.update(t);
                    indexed.incrementAndGet();
                } catch (IOException | RuntimeException e) {
                    failed.incrementAndGet();
                    LOG.warn("[index] {}: {}", archive.relativize(dir), cause(e));
                }
            }
            SearchIndex.Writer open = w;
            if (open != null && !stop.getAsBoolean()) {
                open.flushBuffer();
            }
        }
    }

    static String cause(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + e.getMessage();
    }
}
