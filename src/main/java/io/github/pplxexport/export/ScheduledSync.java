package io.github.pplxexport.export;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The service mode's scheduled runs: each one an incremental sync; a failed run is logged and the service
 * waits for the next tick (an expired cookie or a Cloudflare challenge must not kill the service), with the
 * reason kept for the health check until a sync runs to its end again.
 */
public final class ScheduledSync {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.run");

    private final AtomicInteger runs = new AtomicInteger();
    private final AtomicInteger failures = new AtomicInteger();
    private final CountDownLatch limit;
    private final Failures words;
    private final RunMetrics metrics;
    private volatile String abortReason;
    private volatile BatchSummary stopped;

    /** @param maxRuns stop signal after this many runs (0 = never; for one-shot and tests) */
    public ScheduledSync(int maxRuns, Failures words, RunMetrics metrics) {
        this.limit = new CountDownLatch(maxRuns <= 0 ? Integer.MAX_VALUE : maxRuns);
        this.words = words;
        this.metrics = metrics;
    }

    /** An incremental sync for {@code account} (as the session check resolved it). */
    public BatchOptions options(String account) {
        LOG.info("[run] scheduled sync #{} starts", runs.get() + 1);
        return new BatchOptions(account, false, false, 0, null);
    }

    public void done(BatchSummary summary) {
        if (summary.stopped()) {
            // SIGTERM / Ctrl-C: the command says what was done and what is left
            stopped = summary;
            return;
        }
        LOG.info("[run] scheduled sync #{} done: {}", runs.incrementAndGet(), summary.line());
        if (summary.failures()) {
            failures.incrementAndGet();
        }
        abortReason = null;
        metrics.syncSucceeded();
        limit.countDown();
    }

    public void failed(Exception e) {
        failures.incrementAndGet();
        String reason = words.line(e);
        abortReason = "scheduled sync #" + runs.incrementAndGet() + " aborted: " + reason;
        LOG.error("[run] {} (next attempt at the next scheduled time)", abortReason);
        limit.countDown();
    }

    /** Why the last scheduled sync was aborted; empty once a later one ran to its end (or none failed). */
    public Optional<String> abortReason() {
        return Optional.ofNullable(abortReason);
    }

    /** The sync a stop (SIGTERM, Ctrl-C) interrupted, if one ran. */
    public Optional<BatchSummary> stopped() {
        return Optional.ofNullable(stopped);
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
