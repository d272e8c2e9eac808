package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A minimal client that talks to the replay server the way the exporter does. */
final class TestClient {
    static final String PLAIN = "version=2.18&source=default";
    static final String SCHEMATIZED = "with_parent_info=true&with_schematized_response=true&version=2.18"
            + "&source=default&limit=100&offset=0&from_first=false"
            + "&supported_block_use_cases=workflow_steps&supported_block_use_cases=markdown";
    static final String SESSION_COOKIE = "__Secure-next-auth.session-token=s3cr3t-value";

    private final HttpClient http;
    private final URI base;
    private String cookie = SESSION_COOKIE;

    TestClient(URI base) {
        this(base, HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build());
    }

    private TestClient(URI base, HttpClient http) {
        this.base = base;
        this.http = http;
    }

    /**
     * A client that uses the replay at {@code base} as its HTTP proxy for every URL, so absolute URLs such as
     * the sample CDN's go out as absolute-form request lines; no session cookie.
     */
    static TestClient viaProxy(URI base) {
        HttpClient proxied = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
                .proxy(java.net.ProxySelector.of(new java.net.InetSocketAddress(base.getHost(), base.getPort()))).build();
        return new TestClient(base, proxied).withoutCookie();
    }

    TestClient withoutCookie() {
        cookie = null;
        return this;
    }

    /** The session cookie names this account (an author folder logs in as that author). */
    TestClient withSession(String token) {
        cookie = ReplayApi.SESSION_COOKIE + "=" + token;
        return this;
    }

    /** Sends one GET (a path, or an absolute URL) with these extra headers (name, value, name, value, ...). */
    HttpResponse<String> get(String pathAndQuery, String... headers) {
        return send(request(pathAndQuery, headers), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    /** {@link #get} for a binary answer. */
    HttpResponse<byte[]> getBytes(String pathAndQuery, String... headers) {
        return send(request(pathAndQuery, headers), HttpResponse.BodyHandlers.ofByteArray());
    }

    private HttpRequest.Builder request(String pathAndQuery, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(pathAndQuery)).GET();
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return b;
    }

    HttpResponse<String> graphql(String op, String hash, Map<String, Object> variables) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("operationName", op);
        body.put("variables", variables);
        body.put("extensions", Map.of("persistedQuery", Map.of("version", 1, "sha256Hash", hash)));
        return send(HttpRequest.newBuilder(base.resolve(ReplayApi.GRAPHQL_PATH))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(PyJson.compact(body))));
    }

    Map<String, Object> firstLibraryPage(Integer count) {
        Map<String, Object> vars = new LinkedHashMap<>();
        vars.put("sortOrder", "NEWEST");
        if (count != null) {
            vars.put("count", count);
        }
        return json(graphql(LibraryQuery.FIRST_PAGE_OP, LibraryQuery.FIRST_PAGE_HASH, vars));
    }

    Map<String, Object> nextLibraryPage(String cursor, int count) {
        Map<String, Object> vars = new LinkedHashMap<>();
        vars.put("cursor", cursor);
        vars.put("count", count);
        return json(graphql(LibraryQuery.NEXT_PAGE_OP, LibraryQuery.NEXT_PAGE_HASH, vars));
    }

    /** Follows next_cursor like the reference: cursor fully percent-encoded, stop on has_next_page false. */
    List<Map<String, Object>> threadPages(String uuid, String baseQuery) {
        List<Map<String, Object>> pages = new ArrayList<>();
        String cursor = null;
        do {
            String q = baseQuery + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8));
            HttpResponse<String> r = get(ReplayApi.THREAD_PREFIX + uuid + "?" + q);
            if (r.statusCode() != 200) {
                throw new AssertionError("page " + (pages.size() + 1) + " answered " + r.statusCode() + ": " + r.body());
            }
            Map<String, Object> page = json(r);
            pages.add(page);
            cursor = Boolean.TRUE.equals(page.get("has_next_page")) ? J.str(page, "next_cursor") : null;
        } while (cursor != null && !cursor.isEmpty() && pages.size() < 50);
        return pages;
    }

    static Map<String, Object> json(HttpResponse<String> r) {
        return J.asMap(Json.parse(r.body()));
    }

    private HttpResponse<String> send(HttpRequest.Builder b) {
        return send(b, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private <T> HttpResponse<T> send(HttpRequest.Builder b, HttpResponse.BodyHandler<T> handler) {
        if (cookie != null) {
            b.header("Cookie", cookie + "; other=1");
        }
        try {
            return http.send(b.timeout(Duration.ofSeconds(10)).build(), handler);
        } catch (IOException e) {
            throw new AssertionError("request failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
