package io.github.pplxexport.replay;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One HTTP request as the replay logic sees it, independent of any server.
 *
 * @param method   upper-case HTTP method
 * @param path     raw (still percent-encoded) path, e.g. {@code /rest/thread/<uuid>}
 * @param rawQuery raw query string without {@code ?}, "" when absent
 * @param headers  header name to values; names are matched case-insensitively
 * @param body     request body, empty when absent
 */
public record ReplayRequest(String method, String path, String rawQuery,
                            Map<String, List<String>> headers, byte[] body) {

    public static final String COOKIE = "Cookie";

    public ReplayRequest {
        method = method == null ? "GET" : method.toUpperCase(java.util.Locale.ROOT);
        path = path == null || path.isEmpty() ? "/" : path;
        rawQuery = rawQuery == null ? "" : rawQuery;
        TreeMap<String, List<String>> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (headers != null) {
            headers.forEach((k, v) -> {
                if (k != null) {
                    h.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v == null ? List.of() : v);
                }
            });
        }
        headers = h;
        body = body == null ? new byte[0] : body;
    }

    /** A request without headers or body, handy for GETs in tests. */
    public static ReplayRequest get(String pathAndQuery) {
        int q = pathAndQuery.indexOf('?');
        return q < 0
                ? new ReplayRequest("GET", pathAndQuery, "", Map.of(), null)
                : new ReplayRequest("GET", pathAndQuery.substring(0, q), pathAndQuery.substring(q + 1), Map.of(), null);
    }

    /** First value of a header, or null. */
    public String header(String name) {
        List<String> v = headers.get(name);
        return v == null || v.isEmpty() ? null : v.get(0);
    }

    public boolean hasCookie() {
        List<String> v = headers.get(COOKIE);
        return v != null && v.stream().anyMatch(s -> !s.isBlank());
    }

    /** Names of the cookies sent (never their values: those are secrets). */
    public List<String> cookieNames() {
        List<String> names = new ArrayList<>();
        for (String line : headers.getOrDefault(COOKIE, List.of())) {
            for (String pair : line.split(";")) {
                int eq = pair.indexOf('=');
                String name = (eq < 0 ? pair : pair.substring(0, eq)).strip();
                if (!name.isEmpty()) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    /** The value of one cookie, or null. Used only to tell which simulated account is calling. */
    public String cookie(String name) {
        for (String line : headers.getOrDefault(COOKIE, List.of())) {
            for (String pair : line.split(";")) {
                int eq = pair.indexOf('=');
                if (eq > 0 && pair.substring(0, eq).strip().equals(name)) {
                    return pair.substring(eq + 1).strip();
                }
            }
        }
        return null;
    }

    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    public Map<String, List<String>> query() {
        return QueryString.parse(rawQuery);
    }
}
