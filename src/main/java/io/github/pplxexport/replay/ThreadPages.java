package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cuts one stored response ({@code {thread_metadata, entries, background_entries}}) into the
 * paged envelopes the thread endpoint returns.
 *
 * <p>Paging: the items {@code entries ++ background_entries} are cut into runs of
 * {@code pageSize}; a page carries its share of each list, so background entries may start
 * mid-page and span several pages (a client must concatenate both lists across pages). Every page
 * repeats {@code thread_metadata}. A thread never needs more than {@link #MAX_PAGES} pages: the
 * page grows for long threads, because the reference client stops after 10 schematized pages and
 * would otherwise lose data.
 */
final class ThreadPages {
    static final int MAX_PAGES = 10;

    private ThreadPages() {
    }

    /**
     * Page starting at item {@code offset}; {@code cursorScope} names the thread form for the next cursor.
     * An offset beyond the end gives an empty last page.
     */
    static Map<String, Object> page(Map<String, Object> stored, int pageSize, int offset, String cursorScope) {
        List<Object> entries = J.list(stored, "entries");
        List<Object> background = J.list(stored, "background_entries");
        int total = entries.size() + background.size();
        int size = effectivePageSize(pageSize, total);
        int end = Math.min(total, offset + size);

        Map<String, Object> env = new LinkedHashMap<>();
        env.put("thread_metadata", J.get(stored, "thread_metadata"));
        env.put("entries", slice(entries, offset, end));
        env.put("background_entries", slice(background, offset - entries.size(), end - entries.size()));
        boolean more = end < total;
        env.put("has_next_page", more);
        env.put("next_cursor", more ? Cursors.encode(cursorScope, end) : null);
        return env;
    }

    static int effectivePageSize(int pageSize, int total) {
        int atLeast = (total + MAX_PAGES - 1) / MAX_PAGES;
        return Math.max(Math.max(1, pageSize), atLeast);
    }

    private static List<Object> slice(List<Object> list, int from, int to) {
        int a = Math.max(0, from);
        int b = Math.min(list.size(), Math.max(0, to));
        return a >= b ? List.of() : new ArrayList<>(list.subList(a, b));
    }
}
