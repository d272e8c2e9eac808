package io.github.pplxexport.rerender;

import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;

import java.util.Locale;

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
    private int keptPrevious;

    public synchronized void add(ThreadResult r) {
        switch (r.outcome()) {
            case RENDERED -> rendered++;
            case UNCHANGED -> unchanged++;
            case LISTED -> listed++;
            case SKIPPED -> skipped++;
            case FAILED -> failed++;
        }
        if (r.keptPrevious()) {
            keptPrevious++;
        }
        if (r.threadJsonWritten()) {
            threadJsonWritten++;
        }
    }

    public synchronized int failed() {
        return failed;
    }

    /** Threads whose archived Markdown held more than the new one and was kept under versions/ (exit 1). */
    public synchronized int keptPrevious() {
        return keptPrevious;
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

    /** What a stopped run did: {@code 312 thread dir(s) done (rendered=10 unchanged=300 skip=2 fail=0), the others untouched}. */
    public synchronized String progress() {
        return String.format(Locale.ROOT, "%d thread dir(s) done (rendered=%d unchanged=%d skip=%d fail=%d), the others untouched",
                total(), rendered, unchanged, skipped, failed);
    }

    /** The end-of-run line. */
    @Override
    public synchronized String toString() {
        if (listed > 0) {
            return Labels.messages().format(Label.RE_RENDER_LISTED, listed, skipped);
        }
        return Labels.messages().format(Label.RE_RENDER_DONE, rendered, unchanged, skipped, failed, threadJsonWritten, total());
    }
}
