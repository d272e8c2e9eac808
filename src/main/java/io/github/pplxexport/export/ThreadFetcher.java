package io.github.pplxexport.export;

import io.github.pplxexport.api.PerplexityApi;
import io.github.pplxexport.api.ThreadPages;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fetches thread pages one request at a time for the fetch routes' paging loops; a failed request throws
 * and the route's error handler redelivers it (i.e. sends it again).
 */
public final class ThreadFetcher {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.export");

    private final PerplexityApi api;

    public ThreadFetcher(PerplexityApi api) {
        this.api = api;
    }

    public ThreadPages plain(String uuid) {
        return ThreadPages.plain(uuid);
    }

    public ThreadPages blocks(String uuid) {
        return ThreadPages.blocks(uuid);
    }

    /** Requests the next page and adds it to the collector. */
    public void nextPage(ThreadPages pages) {
        pages.accept(api.threadPage(pages.uuid(), pages.cursor(), pages.schematized()));
        if (pages.capped()) {
            LOG.warn("[export] {}: stopped after {} pages (page cap); later entries are missing", pages.uuid(), pages.pages());
        }
    }
}
