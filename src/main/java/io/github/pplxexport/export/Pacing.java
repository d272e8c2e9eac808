package io.github.pplxexport.export;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

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

    /**
     * Waits {@code millis}, or less once {@code stopping} says so (SIGTERM, Ctrl-C): the pause of a run between two
     * threads or candidates, waited in the bean so that a stop ends it at once (Camel's delay would hold the
     * graceful shutdown until it is over).
     */
    public static void await(long millis, BooleanSupplier stopping) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        for (long left = end - System.nanoTime(); left > 0 && !stopping.getAsBoolean(); left = end - System.nanoTime()) {
            TimeUnit.NANOSECONDS.sleep(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
        }
    }
}
