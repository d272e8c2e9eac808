package io.github.pplxexport.library;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.PyJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The library listing through GraphQL persisted queries (reference-behaviour.md §1.1,
 * reference-cli-and-archive.md §2.3 and §10): request bodies for the first and later pages, one
 * response page → index rows, and the stop rules of the paging loop. No HTTP here; a paging loop
 * reads:
 *
 * <pre>{@code
 * String cursor = null;
 * for (int pages = 1; ; pages++) {
 *     Page page = LibraryListing.parsePage(post(LibraryListing.requestJson(cursor)));
 *     refresh.add(page.rows());
 *     Optional<String> next = listing.nextCursor(page, pages);
 *     if (next.isEmpty() || refresh.shouldStop()) break;
 *     cursor = next.get();
 * }
 * }</pre>
 */
public final class LibraryListing {
    private static final Logger LOG = LoggerFactory.getLogger(LibraryListing.class);

    /** Path on the API host; the body carries no query text, only the persisted-query hash. */
    public static final String PATH = "/rest/perplexity_ask/graphql";
    public static final String FIRST_PAGE_OPERATION = "LibraryThreadsRelayQuery";
    public static final String FIRST_PAGE_HASH =
            "a5229c390a6a00f81764187a21885cff655670029355c663fe393cc6e98f9ebe";
    public static final String NEXT_PAGE_OPERATION = "LibraryRecentThreadsPaginationQuery";
    public static final String NEXT_PAGE_HASH =
            "4f6dfcb8e9d3c065aca20ca1e82ca7fe464aaffc1faefade295bb7e333199629";
    public static final int PAGE_SIZE = 25;
    /** The reference's cap: 50 pages × 25 = 1,250 threads (reference-behaviour.md Appendix C.6). */
    public static final int DEFAULT_MAX_PAGES = 50;

    /** Rows of one page plus where the next page starts; {@code nextCursor} is null when paging must stop. */
    public record Page(List<Map<String, Object>> rows, String nextCursor) {
        public Page {
            rows = List.copyOf(rows);
        }
    }

    private final int maxPages;

    public LibraryListing(int maxPages) {
        if (maxPages < 1) {
            throw new IllegalArgumentException("maxPages must be at least 1, got " + maxPages);
        }
        this.maxPages = maxPages;
    }

    public static LibraryListing withDefaultCap() {
        return new LibraryListing(DEFAULT_MAX_PAGES);
    }

    public int maxPages() {
        return maxPages;
    }

    /**
     * The cursor of the page after {@code page}, or empty when the page's own stop rules say so or
     * {@code pagesFetched} has reached the cap (logged, because the library is then incomplete).
     */
    public Optional<String> nextCursor(Page page, int pagesFetched) {
        if (page.nextCursor() == null) {
            return Optional.empty();
        }
        if (pagesFetched >= maxPages) {
            LOG.warn("[index] stopped at the page cap ({} pages = {} threads); older threads are not listed",
                    maxPages, maxPages * PAGE_SIZE);
            return Optional.empty();
        }
        return Optional.of(page.nextCursor());
    }

    /**
     * The request body: the first page ({@code cursor == null}) uses {@link #FIRST_PAGE_OPERATION},
     * later pages {@link #NEXT_PAGE_OPERATION} with {@code cursor}; both send {@code count} 25.
     * The variable names are cursor/count, not after/first.
     */
    public static Map<String, Object> requestBody(String cursor) {
        boolean first = cursor == null;
        Map<String, Object> variables = new LinkedHashMap<>();
        variables.put("includeSearchPreview", false);
        variables.put("searchTerm", null);
        variables.put("sortOrder", "NEWEST");
        variables.put("statuses", null);
        variables.put("threadTypes", null);
        variables.put("sources", null);
        variables.put("includeTemporary", null);
        if (!first) {
            variables.put("cursor", cursor);
        }
        variables.put("count", (long) PAGE_SIZE);

        Map<String, Object> persisted = new LinkedHashMap<>();
        persisted.put("version", 1L);
        persisted.put("sha256Hash", first ? FIRST_PAGE_HASH : NEXT_PAGE_HASH);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("operationName", first ? FIRST_PAGE_OPERATION : NEXT_PAGE_OPERATION);
        body.put("variables", variables);
        body.put("extensions", Map.of("persistedQuery", persisted));
        return body;
    }

    /** {@link #requestBody} as the JSON text sent on the wire. */
    public static String requestJson(String cursor) {
        return PyJson.compact(requestBody(cursor));
    }

    /**
     * One response page → rows. Paging stops (null next cursor) when {@code threads} is missing or
     * {@code edges} is empty, when {@code hasNextPage} is false, or when it is true but
     * {@code endCursor} is empty (re-sending an empty cursor would repeat the same page).
     *
     * @throws LibraryListingException when the response carries GraphQL {@code errors} and no
     *     threads: an error must not read as an empty library (a full sweep would then wipe the index)
     */
    public static Page parsePage(Object response) {
        Object threads = J.get(J.map(J.map(J.map(response, "data"), "viewer"), "recentGroup"), "threads");
        List<Object> errors = J.list(response, "errors");
        if (!J.isMap(threads) && !errors.isEmpty()) {
            throw LibraryListingException.fromErrors(errors);
        }
        List<Object> edges = J.list(threads, "edges");
        List<Map<String, Object>> rows = new ArrayList<>(edges.size());
        for (Object edge : edges) {
            Map<String, Object> node = J.asMap(J.get(edge, "node"));
            if (node != null) {
                rows.add(row(node));
            }
        }
        Map<String, Object> pageInfo = J.map(threads, "pageInfo");
        String endCursor = J.str(pageInfo, "endCursor");
        boolean more = !edges.isEmpty() && Boolean.TRUE.equals(pageInfo.get("hasNextPage")) && !endCursor.isEmpty();
        return new Page(rows, more ? endCursor : null);
    }

    /**
     * Node → index row, keys in the order of the reference's library file:
     * {@code title, entryUUID, href, mode, displayModel, lastUpdated, status, space}. Values are
     * taken verbatim (a missing field is null); {@code lastUpdated} keeps full precision.
     */
    public static Map<String, Object> row(Map<String, Object> node) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("title", node.get("name"));
        row.put("entryUUID", node.get("entryId"));
        row.put("href", node.get("slug"));
        row.put("mode", node.get("mode"));
        Object dm = node.get("displayModel");
        row.put("displayModel", dm instanceof Map ? J.get(dm, "modelID") : dm);
        row.put("lastUpdated", node.get("updatedAt"));
        row.put("status", node.get("status"));
        Object space = node.get("space");
        if (J.isMap(space) && J.truthy(space)) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("uuid", J.get(space, "spaceUuid"));
            s.put("title", J.get(space, "title"));
            s.put("slug", J.get(space, "slug"));
            row.put("space", s);
        } else {
            row.put("space", null);
        }
        return row;
    }
}
