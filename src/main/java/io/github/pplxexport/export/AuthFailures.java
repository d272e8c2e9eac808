package io.github.pplxexport.export;

/**
 * The stale-cookie fail-fast of a thread-by-thread run: {@link BatchRun#AUTH_FAIL_FAST} 401/403 answers in a row stop
 * it; any other outcome (an answer, another failure) starts the count again. One per run.
 */
public final class AuthFailures {
    private int inARow;

    /** The thread was answered: the count starts again. */
    public void answered() {
        inARow = 0;
    }

    /**
     * A failure with its HTTP status ({@code null} when there was none): a 401/403 counts, any other starts the count
     * again; at the limit {@code beforeStop} runs (to save what is done) and the run stops.
     *
     * @throws RunAbortedException at the {@link BatchRun#AUTH_FAIL_FAST}-th 401/403 in a row
     */
    public void failed(Integer status, String why, Runnable beforeStop) {
        if (status != null && (status == 401 || status == 403)) {
            if (++inARow >= BatchRun.AUTH_FAIL_FAST) {
                beforeStop.run();
                throw new RunAbortedException(BatchRun.AUTH_FAIL_FAST + " auth failures in a row (" + why + ")", null);
            }
        } else {
            inARow = 0;
        }
    }
}
