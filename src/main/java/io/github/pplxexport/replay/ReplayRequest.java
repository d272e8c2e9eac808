package io.github.pplxexport.replay;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One HTTP request as the replay logic sees it, independent of any server.
 *
 * @param method   upper-case HTTP method
 * @param path     raw (still percent-encoded) path, e.g. {@code /rest/thread/<uuid>}
 * @param rawQuery raw query string without {@code ?}, "" when absent
 * @param headers  header name to values; names are matched case-insensitively
 * @param body      request body, empty when absent
 * @param authority {@code host[:port]} of an absolute-form request line ({@code GET http://host/path HTTP/1.1},
 *                  what a client sends to a forward proxy), null for the usual origin form
 */
public record ReplayRequest(String method, String path, String rawQuery,
                            Map<String, List<String>> headers, byte[] body, String authority) {

    public static final String COOKIE = "Cookie";

    /**
     * Header names that carry a Perplexity session or identify the API client: the exporter may send them to
     * the API only, never to a CDN. {@code Cookie} and {@code Authorization}, the web app's {@code x-app-*} /
     * {@code x-perplexity-*} headers, and the {@code sec-ch-ua*} client hints the reference adds to its API calls
     * (reference-behaviour.md §1.0). Lower case.
     */
    static final List<String> SESSION_HEADERS = List.of("cookie", "authorization");
    static final List<String> SESSION_HEADER_PREFIXES = List.of("x-app-", "x-perplexity-", "sec-ch-ua");

    /** An origin-form request (the usual one). */
    public ReplayRequest(String method, String path, String rawQuery, Map<String, List<String>> headers, byte[] body) {
        this(method, path, rawQuery, headers, body, null);
    }

    public ReplayRequest {
        method = method == null ? "GET" : method.toUpperCase(Locale.ROOT);
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
        authority = authority == null || authority.isEmpty() ? null : authority;
    }

    /** Whether the request line named an absolute URL (the client uses this server as its HTTP proxy). */
    public boolean proxied() {
        return authority != null;
    }

    /** The host of an absolute-form request line, lower case, without port; null for the origin form. */
    public String proxiedHost() {
        if (authority == null) {
            return null;
        }
        try {
            String host = java.net.URI.create("http://" + authority).getHost();
            return (host == null ? authority : host).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            return authority.toLowerCase(Locale.ROOT);
        }
    }

    /** {@code http://host/path?query} of a proxied request, null otherwise. */
    public String absoluteUrl() {
        return authority == null ? null : "http://" + authority + path + (rawQuery.isEmpty() ? "" : "?" + rawQuery);
    }

    /** The header names sent, lower case and sorted (names only: values can be secrets). */
    public List<String> headerNames() {
        return headers.keySet().stream().map(n -> n.toLowerCase(Locale.ROOT)).sorted().toList();
    }

    /** The {@link #SESSION_HEADERS session headers} among those sent (a blank Cookie line does not count). */
    public List<String> sessionHeaderNames() {
        return headerNames().stream()
                .filter(n -> SESSION_HEADERS.contains(n) || SESSION_HEADER_PREFIXES.stream().anyMatch(n::startsWith))
                .filter(n -> !n.equals("cookie") || hasCookie())
                .toList();
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
