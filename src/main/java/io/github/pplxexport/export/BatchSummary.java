package io.github.pplxexport.export;

import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;

/**
 * Counts of a finished batch run. For a run stopped by a signal, {@code planned} is the number of threads the plan
 * had to export and {@code left} those not done (the next run exports them); both are -1 for a run that ended
 * normally. {@code assetsFailed}: asset versions dead-lettered by this run (not downloaded after their retries;
 * the next run tries them again). {@code keptPrevious}: threads whose new copy held less than the archived one (a
 * warning each; the archived copy kept under versions/).
 */
public record BatchSummary(int ok, int skip, int fail, int total, int variantThreads, int planned, int left, int assetsFailed,
                           int keptPrevious) {
    public BatchSummary(int ok, int skip, int fail, int total, int variantThreads, int planned, int left, int assetsFailed) {
        this(ok, skip, fail, total, variantThreads, planned, left, assetsFailed, 0);
    }

    /**
     * Something is left for the next run or to look at (exit 1): a thread failed, an asset version could not be
     * downloaded, or a thread came back with less than its archived copy (kept under versions/).
     */
    public boolean failures() {
        return fail > 0 || assetsFailed > 0 || keptPrevious > 0;
    }

    public String line() {
        return Labels.messages().format(Label.BATCH_DONE, ok, skip, fail, total);
    }

    /** Stopped by SIGTERM or Ctrl-C before the plan was done. */
    public boolean stopped() {
        return left >= 0;
    }

    /**
     * What a stopped run did and what is left: {@code 12 of 40 exported, 28 left}, with the threads that failed
     * and those found up to date or gone when there are any ({@code 12 of 40 exported, 1 failed, 2 skipped, 25 left}).
     */
    public String progress() {
        int skipped = planned - left - ok - fail;
        return ok + " of " + planned + " exported" + (fail > 0 ? ", " + fail + " failed" : "")
                + (skipped > 0 ? ", " + skipped + " skipped" : "") + ", " + left + " left";
    }
}
