package io.github.pplxexport.rerender;

/**
 * Totals of a re-render run, folded from the per-thread results as they complete (the run is parallel
 * and streamed, so no list of results is kept).
 */
public final class ReRenderSummary {
    private int rendered;
    private int unchanged;
    private int listed;
    private int skipped;
    private int failed;
    private int threadJsonWritten;

    public synchronized void add(ThreadResult r) {
        switch (r.outcome()) {
            case RENDERED -> rendered++;
            case UNCHANGED -> unchanged++;
            case LISTED -> listed++;
            case SKIPPED -> skipped++;
            case FAILED -> failed++;
        }
        if (r.threadJsonWritten()) {
            threadJsonWritten++;
        }
    }

    public synchronized int failed() {
        return failed;
    }

    public synchronized int total() {
        return rendered + unchanged + listed + skipped + failed;
    }

    public synchronized int rendered() {
        return rendered;
    }

    public synchronized int unchanged() {
        return unchanged;
    }

    public synchronized int skipped() {
        return skipped;
    }

    public synchronized int listed() {
        return listed;
    }

    /** The end-of-run line. */
    @Override
    public synchronized String toString() {
        if (listed > 0) {
            return String.format("[re-render] 完成（dry-run）。threads=%d skip=%d", listed, skipped);
        }
        return String.format("[re-render] 完成。rendered=%d unchanged=%d skip=%d fail=%d thread.json=%d / 共 %d",
                rendered, unchanged, skipped, failed, threadJsonWritten, total());
    }
}
