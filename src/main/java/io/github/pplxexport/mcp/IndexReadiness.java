package io.github.pplxexport.mcp;

import io.github.pplxexport.search.IndexCatchUp;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Whether the search index can answer yet: an archive without an index has one built in the background at the start
 * (as {@code serve} does); a read before it is done waits for it a while (a small archive's build is seconds), then
 * says how far the build is instead of failing for lack of an index.
 */
public final class IndexReadiness {
    private final CountDownLatch done = new CountDownLatch(1);
    private final long waitMillis;
    private final long started = System.nanoTime();
    private volatile IndexCatchUp building;

    public IndexReadiness(long waitMillis) {
        this.waitMillis = waitMillis;
    }

    /** The index is there (a current one from the start, or the build finished, or failed: reads then find what is there). */
    public void ready() {
        done.countDown();
    }

    /** The build under way, for its progress. */
    public void building(IndexCatchUp catchUp) {
        this.building = catchUp;
    }

    public boolean isReady() {
        return done.getCount() == 0;
    }

    /** Returns once the index is ready, or throws a {@link ToolException} saying how far its build is. */
    void await() {
        try {
            if (done.await(waitMillis, TimeUnit.MILLISECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        IndexCatchUp b = building;
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
        throw new ToolException("The search index of this archive is still being built (" + (b == null ? 0 : b.dirsSoFar())
                + " thread folders read in " + seconds + " s); try again in a minute.");
    }
}
