package io.github.pplxexport.export;

import io.github.pplxexport.library.BatchState;
import io.github.pplxexport.library.IncrementalPlanner;

/**
 * The state of one batch (or single export) run: the account, the state file, the counters and the
 * auth-failure streak. It travels with the exchange as the variable {@code run}, so every run (a scheduled
 * sync of the service mode included) starts from zero and nothing of it lives in a shared bean.
 */
public final class RunState {
    final String account;
    final BatchOptions options;
    final BatchState state;
    final long startedNanos = System.nanoTime();
    int ok;
    int skip;
    int fail;
    int authFails;
    int nStopped;
    int total;
    int position;
    int variantThreads;
    /** Asset versions dead-lettered in this run (retried by the next). */
    int assetsFailed;
    /** Threads whose new copy held less than the archived one (kept under versions/). */
    int keptPrevious;
    /** The schema drift of the threads exported in this run, as index/schema_drift.jsonl lines (the summary's). */
    final java.util.List<java.util.Map<String, Object>> drift = new java.util.ArrayList<>();
    /** Threads of the plan to export, begun so far, and begun but stopped before they were exported. */
    int exports;
    int begun;
    int interrupted;
    boolean exportedBefore;
    /** The plan item begun last (what a second attempt needs), and the items that failed with a cause worth one more. */
    IncrementalPlanner.Item current;
    final java.util.List<IncrementalPlanner.Item> failedItems = new java.util.ArrayList<>();
    /** The threads of the second pass (their failure is already counted), and the plan's size before it. */
    final java.util.Set<String> retrying = new java.util.HashSet<>();
    int planned = -1;
    /** Set by a failure that stops the run (a Cloudflare challenge, the third auth failure in a row). */
    RunAbortedException abort;
    private volatile boolean coolDown;

    RunState(String account, BatchOptions options, BatchState state) {
        this.account = account;
        this.options = options;
        this.state = state;
    }

    public String account() {
        return account;
    }

    /** The run's batch_state, as it saved it last. */
    public BatchState state() {
        return state;
    }

    /**
     * A request used up its retries (429, 5xx, network): the platform wants a break, so the next thread waits
     * at least the retry delay (reference §8.3: one throttle for the batch and its requests).
     */
    public void coolDown() {
        coolDown = true;
    }

    /** True once after {@link #coolDown()}. */
    boolean takeCoolDown() {
        boolean c = coolDown;
        coolDown = false;
        return c;
    }
}
