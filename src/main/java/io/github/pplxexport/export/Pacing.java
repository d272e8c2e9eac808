package io.github.pplxexport.export;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Politeness towards the platform (reference-behaviour.md §7.2): a random pause between exported threads
 * (default 10–20 s); fixed pauses between pages and before the blocks fetch live in the routes' properties.
 * Tests and the demo run with zero.
 */
public final class Pacing {
    private final long minMillis;
    private final long maxMillis;

    public Pacing(long minMillis, long maxMillis) {
        this.minMillis = Math.max(0, minMillis);
        this.maxMillis = Math.max(this.minMillis, maxMillis);
    }

    /** Uniform in [min, max] milliseconds. */
    public long betweenThreads() {
        return minMillis == maxMillis ? minMillis : ThreadLocalRandom.current().nextLong(minMillis, maxMillis + 1);
    }
}
