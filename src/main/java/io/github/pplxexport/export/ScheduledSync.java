package io.github.pplxexport.export;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The service mode's scheduled runs: each one an incremental sync; a failed run is logged and the service
 * waits for the next tick (an expired cookie or a Cloudflare challenge must not kill the service).
 */
public final class ScheduledSync {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.run");

    private final AtomicInteger runs = new AtomicInteger();
    private final AtomicInteger failures = new AtomicInteger();
    private final CountDownLatch limit;

    /** @param maxRuns stop signal after this many runs (0 = never; for one-shot and tests) */
    public ScheduledSync(int maxRuns) {
        this.limit = new CountDownLatch(maxRuns <= 0 ? Integer.MAX_VALUE : maxRuns);
    }

    /** An incremental sync for {@code account} (as the session check resolved it). */
    public BatchOptions options(String account) {
        LOG.info("[run] scheduled sync #{} starts", runs.get() + 1);
        return new BatchOptions(account, false, false, 0, null);
    }

    public void done(BatchSummary summary) {
        LOG.info("[run] scheduled sync #{} done: {}", runs.incrementAndGet(), summary.line());
        if (summary.fail() > 0) {
            failures.incrementAndGet();
        }
        limit.countDown();
    }

    public void failed(Exception e) {
        failures.incrementAndGet();
        LOG.error("[run] scheduled sync #{} failed: {} (next attempt at the next scheduled time)",
                runs.incrementAndGet(), e.getMessage());
        limit.countDown();
    }

    /** Waits until the run limit is reached (or forever); true when it was reached. */
    public boolean awaitLimit(long timeout, TimeUnit unit) throws InterruptedException {
        return limit.await(timeout, unit);
    }

    public int runs() {
        return runs.get();
    }

    public int failures() {
        return failures.get();
    }
}
