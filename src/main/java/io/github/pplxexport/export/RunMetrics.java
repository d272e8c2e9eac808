package io.github.pplxexport.export;

/**
 * What runs report to the service mode's metrics ({@code /observe/metrics}); the implementation with the meter
 * registry lives with the Camel wiring, so the bookkeeping here stays free of it.
 */
public interface RunMetrics {
    String EXPORTED = "exported";
    String SKIPPED = "skipped";
    String FAILED = "failed";

    /** Counts nothing. */
    RunMetrics NONE = new RunMetrics() {
        @Override
        public void threads(String outcome, int count) {
        }

        @Override
        public void syncSucceeded() {
        }
    };

    /** {@code count} threads with this outcome: {@link #EXPORTED}, {@link #SKIPPED} (up to date, early-stopped, gone) or {@link #FAILED}. */
    void threads(String outcome, int count);

    /** A scheduled sync ran to its end (threads may have failed; it was not aborted or stopped). */
    void syncSucceeded();

    /** An exported thread's payload drifted ({@code kind}: a schema-drift kind id, e.g. {@code unknown_step_type}). */
    default void schemaDrift(String kind) {
    }
}
