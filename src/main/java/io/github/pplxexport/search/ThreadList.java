package io.github.pplxexport.search;

import java.util.List;
import java.util.Map;

/**
 * One page of threads: the library's (newest first) or a search's (best first, each with its snippet).
 *
 * @param total  threads that match
 * @param facets per facet (mode, account, space) the values among the matches and their counts, most first
 */
public record ThreadList(long total, int page, int pageSize, List<Hit> hits, Map<String, List<Facet>> facets) {

    public int pages() {
        return (int) Math.max(1, (total + pageSize - 1) / pageSize);
    }

    /**
     * @param titleHtml the title with the matched words marked ({@code <mark>}), HTML-escaped; null in the library
     * @param snippet   the best passage with the matches marked, HTML-escaped; null in the library
     */
    public record Hit(ThreadSummary thread, String titleHtml, String snippet) {
    }

    public record Facet(String value, int count) {
    }
}
