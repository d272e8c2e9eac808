package io.github.pplxexport.camel;

import io.github.pplxexport.export.ExportedThread;
import io.github.pplxexport.rerender.ThreadResult;
import io.github.pplxexport.search.SearchIndexing;

/**
 * The pipeline's index step (routes/search-index.camel.yaml) between the exporter's and re-render's results and
 * {@link SearchIndexing}: a thread dir that was written is indexed; one that was up to date or unchanged is not.
 * Returns nothing, so the route's body goes on as it was.
 */
public final class IndexStep {
    private final SearchIndexing indexing;

    public IndexStep(SearchIndexing indexing) {
        this.indexing = indexing;
    }

    public void exported(ExportedThread t) {
        if (t != null && t.written() && t.dir() != null) {
            indexing.threadWritten(t.dir());
        }
    }

    public void rerendered(ThreadResult r) {
        if (r != null && r.outcome() == ThreadResult.Outcome.RENDERED) {
            indexing.threadRendered(r.dir());
        }
    }

    public void runDone() {
        indexing.runDone();
    }
}
