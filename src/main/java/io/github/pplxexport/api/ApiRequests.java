package io.github.pplxexport.api;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Paths and query strings of the Perplexity web API the exporter uses (reference-behaviour.md §1.0–§1.3,
 * §1.7). One place for the protocol constants.
 */
public final class ApiRequests {
    /** The pinned protocol version sent as {@code version=}. */
    public static final String API_VERSION = "2.18";
    public static final String COMMON_QUERY = "version=" + API_VERSION + "&source=default";
    public static final String SESSION_PATH = "/api/auth/session";
    public static final String GRAPHQL_PATH = "/rest/perplexity_ask/graphql";

    /** The schematized "blocks" form: exactly these 8 use cases, narrower than the ask envelope's list. */
    public static final String[] BLOCK_USE_CASES = {"workflow_steps", "unified_assets", "asset_diff_assets",
            "write_delta", "bash_delta", "run_subagent_delta", "background_agents", "markdown"};

    private ApiRequests() {
    }

    public static String threadPath(String uuid) {
        return "/rest/thread/" + encode(uuid);
    }

    /**
     * A request as the console names it: {@code GET thread 1a2b3c4d}, {@code GET thread 1a2b3c4d blocks},
     * {@code GET session}, {@code POST library page} (path and raw query as sent, without the base URL).
     */
    public static String describe(String method, String path, String query) {
        path = path == null ? "" : path;
        query = query == null ? "" : query;
        String what;
        if (path.startsWith("/rest/thread/")) {
            String uuid = path.substring("/rest/thread/".length());
            what = "thread " + (uuid.length() > 8 ? uuid.substring(0, 8) : uuid)
                    + (query.contains("with_schematized_response=true") ? " blocks" : "")
                    + (("&" + query).contains("&cursor=") ? " (next page)" : "");
        } else if (path.equals(SESSION_PATH)) {
            what = "session";
        } else if (path.equals(GRAPHQL_PATH)) {
            what = "library page";
        } else {
            what = path;
        }
        return (method == null || method.isEmpty() ? "GET" : method) + " " + what;
    }

    /** The plain fetch: {@code version=2.18&source=default[&cursor=…]}. */
    public static String plainQuery(String cursor) {
        return COMMON_QUERY + cursorParam(cursor);
    }

    /** The schematized fetch with its fixed parameters and one {@code supported_block_use_cases} per case. */
    public static String blocksQuery(String cursor) {
        StringBuilder sb = new StringBuilder("with_parent_info=true&with_schematized_response=true&")
                .append(COMMON_QUERY)
                .append("&limit=100&offset=0&from_first=false");
        for (String u : BLOCK_USE_CASES) {
            sb.append("&supported_block_use_cases=").append(u);
        }
        return sb.append(cursorParam(cursor)).toString();
    }

    private static String cursorParam(String cursor) {
        return cursor == null || cursor.isEmpty() ? "" : "&cursor=" + encode(cursor);
    }

    /** Full percent-encoding (no character left as "safe"), as the reference does for cursors. */
    public static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20").replace("*", "%2A")
                .replace("~", "%7E");
    }
}
