package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * The GraphQL library listing: the two persisted (APQ) queries the client uses, answered from the
 * archive, newest first; deleted and unlisted threads (faults) are left out, as the platform's library
 * drops a deleted thread. A request whose operation/hash pair is not one of those two gets Apollo's
 * {@code PERSISTED_QUERY_NOT_FOUND} error (HTTP 200, as Apollo servers answer it), which is what a
 * rotated hash looks like to the client.
 */
final class LibraryQuery {
    static final String FIRST_PAGE_OP = "LibraryThreadsRelayQuery";
    static final String FIRST_PAGE_HASH = "a5229c390a6a00f81764187a21885cff655670029355c663fe393cc6e98f9ebe";
    static final String NEXT_PAGE_OP = "LibraryRecentThreadsPaginationQuery";
    static final String NEXT_PAGE_HASH = "4f6dfcb8e9d3c065aca20ca1e82ca7fe464aaffc1faefade295bb7e333199629";
    static final int DEFAULT_COUNT = 25;
    static final int MAX_COUNT = 100;
    private static final String CURSOR_SCOPE = "library";

    private LibraryQuery() {
    }

    /** True when the body names one of the two known operations with its own hash. */
    static boolean isKnown(Map<String, Object> body) {
        String op = J.str(body, "operationName");
        String hash = J.str(J.map(J.map(body, "extensions"), "persistedQuery"), "sha256Hash");
        return (op.equals(FIRST_PAGE_OP) && hash.equals(FIRST_PAGE_HASH))
                || (op.equals(NEXT_PAGE_OP) && hash.equals(NEXT_PAGE_HASH));
    }

    /** {@code library}: the caller's listed threads, newest first (asked only for a known query). */
    static ReplayResponse answer(Map<String, Object> body, Supplier<List<ThreadRecord>> library) {
        if (!isKnown(body)) {
            return ReplayResponse.json(200, graphqlError("PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND"));
        }
        Map<String, Object> vars = J.map(body, "variables");
        int count = (int) Math.min(MAX_COUNT, Math.max(1, J.toLong(J.get(vars, "count"), DEFAULT_COUNT)));
        int offset = 0;
        String cursor = J.str(vars, "cursor");
        if (J.str(body, "operationName").equals(NEXT_PAGE_OP) && !cursor.isEmpty()) {
            OptionalInt decoded = Cursors.decode(CURSOR_SCOPE, cursor);
            if (decoded.isEmpty()) {
                return ReplayResponse.json(200, graphqlError("Invalid cursor", "BAD_USER_INPUT"));
            }
            offset = decoded.getAsInt();
        }

        List<ThreadRecord> listed = library.get();
        List<ThreadRecord> rows = listed.subList(Math.min(offset, listed.size()),
                Math.min(listed.size(), offset + count));
        List<Object> edges = new ArrayList<>();
        for (ThreadRecord t : rows) {
            edges.add(Map.of("node", node(t)));
        }
        int end = offset + rows.size();
        Map<String, Object> pageInfo = new LinkedHashMap<>();
        pageInfo.put("hasNextPage", end < listed.size());
        pageInfo.put("endCursor", rows.isEmpty() ? null : Cursors.encode(CURSOR_SCOPE, end));

        Map<String, Object> threads = new LinkedHashMap<>();
        threads.put("edges", edges);
        threads.put("pageInfo", pageInfo);
        return ReplayResponse.json(200,
                Map.of("data", Map.of("viewer", Map.of("recentGroup", Map.of("threads", threads)))));
    }

    /** One library row; field names per reference-behaviour §1.1. */
    static Map<String, Object> node(ThreadRecord t) {
        Map<String, Object> n = new LinkedHashMap<>();
        n.put("name", t.title());
        n.put("entryId", t.webUuid());
        n.put("slug", t.webUuid());
        // the reference lists deep research, council and study as SEARCH too; only computer differs
        n.put("mode", t.computer() ? "COMPUTER" : "SEARCH");
        String model = t.displayModel();
        n.put("displayModel", model == null ? null : Map.of("modelID", model));
        n.put("updatedAt", t.updatedAt());
        n.put("status", t.status());
        n.put("space", t.space() == null ? null : space(t.space()));
        return n;
    }

    private static Map<String, Object> space(Map<String, Object> s) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("spaceUuid", J.get(s, "uuid"));
        out.put("title", J.get(s, "title"));
        out.put("slug", J.get(s, "slug"));
        return out;
    }

    private static Map<String, Object> graphqlError(String message, String code) {
        Map<String, Object> err = new LinkedHashMap<>();
        err.put("message", message);
        err.put("extensions", Map.of("code", code));
        return Map.of("errors", List.of(err));
    }
}
