package io.github.pplxexport.camel;

import io.github.pplxexport.search.IndexCatchUp;
import io.github.pplxexport.search.SearchIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** serve's index catch-up (routes/serve.camel.yaml): one at a time; a busy index is tried again next time. */
public final class ServeCatchUp {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.serve");

    private final Supplier<SearchIndex> index;
    private final BooleanSupplier stop;
    private final Duration lockWait;
    private final ReentrantLock running = new ReentrantLock();

    public ServeCatchUp(Supplier<SearchIndex> index, BooleanSupplier stop, Duration lockWait) {
        this.index = index;
        this.stop = stop;
        this.lockWait = lockWait;
    }

    /** The scheduled and the start catch-up. */
    public IndexCatchUp.Result catchUp() throws IOException {
        return run(false);
    }

    /** A catch-up, or a rebuild from the archive; null when one is running already or the index stayed busy. */
    public IndexCatchUp.Result run(boolean rebuild) throws IOException {
        if (!running.tryLock()) {
            return null;
        }
        try {
            IndexCatchUp.Result r = new IndexCatchUp(index.get(), 0, stop).run(rebuild, lockWait);
            if (r.indexed() > 0 || r.removed() > 0 || r.rebuilt() || r.failed() > 0) {
                LOG.info("[serve] {}", r.line());
            } else {
                LOG.debug("[serve] {}", r.line());
            }
            return r;
        } catch (SearchIndex.IndexBusyException e) {
            LOG.info("[serve] {}; the next catch-up tries again", e.getMessage());
            return null;
        } finally {
            running.unlock();
        }
    }
}
