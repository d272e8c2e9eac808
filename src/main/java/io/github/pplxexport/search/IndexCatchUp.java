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

    /**
     * @param rebuild index every dir into a new index (also when the index is missing or of another format)
     * @param wait    how long to wait for another process's write lock
     */
    public Result run(boolean rebuild, Duration wait) throws IOException {
        long t0 = System.nanoTime();
        boolean full = rebuild || !index.current();
        Map<String, Long> stamps = full ? Map.of() : index.stamps();
        Path archive = index.archive();
        List<Path> todo = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int dirs = 0;
        for (Iterator<Path> it = ThreadDirs.walk(archive, 0); it.hasNext() && !stop.getAsBoolean(); ) {
            Path dir = it.next();
            if (!ThreadText.isThreadDir(dir)) {
                continue;
            }
            dirs++;
            String path = archive.relativize(dir).toString().replace('\\', '/');
            seen.add(path);
            Long indexed = stamps.get(path);
            if (indexed == null || indexed != ThreadText.stamp(dir)) {
                todo.add(dir);
            }
        }
        List<String> gone = new ArrayList<>();
        for (String path : stamps.keySet()) {
            if (!seen.contains(path)) {
                gone.add(path);
            }
        }
        if (!full && todo.isEmpty() && gone.isEmpty()) {
            return new Result(dirs, 0, 0, 0, false, (System.nanoTime() - t0) / 1_000_000);
        }
        AtomicInteger failed = new AtomicInteger();
        try (SearchIndex.Writer w = index.writer(wait, full)) {
            for (String path : gone) {
                w.delete(path);
            }
            ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
                Thread t = new Thread(r, "pplx-index");
                t.setDaemon(true);
                return t;
            });
            try {
                List<Future<?>> done = new ArrayList<>();
                int slice = Math.max(1, (todo.size() + workers - 1) / workers);
                for (int from = 0; from < todo.size(); from += slice) {
                    List<Path> part = todo.subList(from, Math.min(todo.size(), from + slice));
                    done.add(pool.submit(() -> {
                        for (Path dir : part) {
                            if (stop.getAsBoolean()) {
                                return null;
                            }
                            try {
                                w.update(ThreadText.read(archive, dir));
                            } catch (IOException | RuntimeException e) {
                                failed.incrementAndGet();
                                LOG.warn("[index] {}: {}", archive.relativize(dir), cause(e));
                            }
                        }
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
                throw new IOException(cause(e.getCause()), e.getCause());
            } finally {
                pool.shutdownNow();
            }
            if (stop.getAsBoolean()) {
                return new Result(dirs, 0, 0, failed.get(), full, (System.nanoTime() - t0) / 1_000_000);
            }
            w.commit();
        }
        index.refresh(Duration.ZERO);
        return new Result(dirs, todo.size() - failed.get(), gone.size(), failed.get(), full, (System.nanoTime() - t0) / 1_000_000);
    }

    static String cause(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + e.getMessage();
    }
}
