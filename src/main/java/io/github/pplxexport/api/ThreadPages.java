package io.github.pplxexport.api;

import io.github.pplxexport.json.J;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the cursor pages of one thread fetch (reference-behaviour.md §1.2–§1.3): thread_metadata from
 * the first page, entries and background_entries of every page concatenated, paging keys dropped. Paging
 * continues while {@code has_next_page} is true and {@code next_cursor} non-empty, up to a page cap.
 */
public final class ThreadPages {
    /** The reference's caps: 20 pages for the plain form, 10 for the schematized one. */
    public static final int PLAIN_MAX_PAGES = 20;
    public static final int BLOCKS_MAX_PAGES = 10;

    private final String uuid;
    private final boolean schematized;
    private final int maxPages;
    private Object metadata;
    private final List<Object> entries = new ArrayList<>();
    private final List<Object> background = new ArrayList<>();
    private String cursor;
    private int pages;
    private boolean done;
    private boolean capped;

    public ThreadPages(String uuid, boolean schematized, int maxPages) {
        this.uuid = uuid;
        this.schematized = schematized;
        this.maxPages = maxPages;
    }

    public static ThreadPages plain(String uuid) {
        return new ThreadPages(uuid, false, PLAIN_MAX_PAGES);
    }

    public static ThreadPages blocks(String uuid) {
        return new ThreadPages(uuid, true, BLOCKS_MAX_PAGES);
    }

    public String uuid() {
        return uuid;
    }

    public boolean schematized() {
        return schematized;
    }

    /** The next request's raw query: the plain or the schematized one, {@code &cursor=…} after the first page. */
    public String query() {
        return schematized ? ApiRequests.blocksQuery(cursor) : ApiRequests.plainQuery(cursor);
    }

    /** The cursor for the next request (null for the first page). */
    public String cursor() {
        return cursor;
    }

    public boolean hasNext() {
        return !done;
    }

    public int pages() {
        return pages;
    }

    /** True when the page cap stopped paging although the API announced more pages. */
    public boolean capped() {
        return capped;
    }

    public void accept(Map<String, Object> page) {
        if (pages == 0) {
            metadata = page.get("thread_metadata");
        }
        pages++;
        entries.addAll(J.list(page, "entries"));
        background.addAll(J.list(page, "background_entries"));
        String next = J.str(page, "next_cursor");
        boolean more = Boolean.TRUE.equals(page.get("has_next_page")) && !next.isEmpty();
        if (more && pages >= maxPages) {
            capped = true;
            more = false;
        }
        cursor = more ? next : null;
        done = !more;
    }

    /** {@code {thread_metadata, entries, background_entries}}: the shape of raw_entries.json / raw_blocks.json. */
    public Map<String, Object> result() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("thread_metadata", metadata);
        m.put("entries", entries);
        m.put("background_entries", background);
        return m;
    }
}
