package io.github.pplxexport.export;

import io.github.pplxexport.api.ThreadPages;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;

/** The paging of the thread fetch routes: a collector per fetch, fed one answered page at a time. */
public final class ThreadPaging {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.export");

    /** The plain fetch (raw_entries.json). */
    public ThreadPages entries(String uuid) {
        return ThreadPages.plain(uuid);
    }

    /** The schematized fetch (raw_blocks.json). */
    public ThreadPages blocks(String uuid) {
        return ThreadPages.blocks(uuid);
    }

    public void accept(ThreadPages pages, Map<String, Object> page) {
        pages.accept(page);
        if (pages.capped()) {
            LOG.warn("[export] {}: stopped after {} pages (page cap); later entries are missing", pages.uuid(), pages.pages());
        }
    }
}
