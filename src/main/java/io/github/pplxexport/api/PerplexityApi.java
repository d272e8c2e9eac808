package io.github.pplxexport.api;

import io.github.pplxexport.library.LibraryListing;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;

/**
 * One request to the Perplexity web API per call (JDK HttpClient), classified into JSON or an
 * {@link ApiException}. Retries, backoff and pacing are not here: the routes' error handler redelivers a
 * failed call (which re-sends it), so the policy stays in configuration. The session cookie goes only
 * to the API host; it is never logged.
 */
public final class PerplexityApi {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.api");

    /** Desktop browser UA; config {@code user_agent} replaces it verbatim. */
    public static final String DEFAULT_USER_AGENT = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) "
            + "AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

    private final URI base;
    private final Cookies cookies;
    private final String userAgent;
    private final HttpClient http;
    private final Duration threadTimeout;
    private final Duration otherTimeout;

    public PerplexityApi(String baseUrl, Cookies cookies, String userAgent, Duration threadTimeout, Duration otherTimeout) {
        String b = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.base = URI.create(b);
        this.cookies = cookies;
        this.userAgent = userAgent == null || userAgent.isBlank() ? DEFAULT_USER_AGENT : userAgent;
        this.threadTimeout = threadTimeout;
        this.otherTimeout = otherTimeout;
        this.http = HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(30))
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    public String baseUrl() {
        return base.toString();
    }

    /** One page of a thread: plain ({@code schematized=false}) or blocks form. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> threadPage(String uuid, String cursor, boolean schematized) {
        String query = schematized ? ApiRequests.blocksQuery(cursor) : ApiRequests.plainQuery(cursor);
        Object o = get(ApiRequests.threadPath(uuid), query, threadTimeout, "GET thread " + uuid);
        return asObject(o, "thread " + uuid);
    }

    /** One page of the GraphQL library listing ({@code cursor} null for the first page). */
    public Map<String, Object> libraryPage(String cursor) {
        HttpRequest.Builder b = request(ApiRequests.GRAPHQL_PATH, "", otherTimeout.multipliedBy(2))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(LibraryListing.requestJson(cursor)));
        return asObject(send(b.build(), "POST graphql"), "graphql");
    }

    /** {@code GET /api/auth/session}: {@code {user:{email,…}}}. */
    public Map<String, Object> session() {
        return asObject(get(ApiRequests.SESSION_PATH, "", otherTimeout, "GET session"), "session");
    }

    private Object get(String path, String query, Duration timeout, String what) {
        return send(request(path, query, timeout).GET().build(), what);
    }

    private HttpRequest.Builder request(String path, String query, Duration timeout) {
        URI uri = URI.create(base + path + (query.isEmpty() ? "" : "?" + query));
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(timeout)
                .header("User-Agent", userAgent)
                .header("Accept", "application/json");
        if (cookies != null && sameHost(uri)) {
            cookies.headerFor(uri.getHost()).ifPresent(c -> b.header("Cookie", c));
        }
        return b;
    }

    private boolean sameHost(URI uri) {
        return uri.getHost() != null && uri.getHost().equalsIgnoreCase(base.getHost())
                && uri.getPort() == base.getPort() && uri.getScheme().equals(base.getScheme());
    }

    private Object send(HttpRequest req, String what) {
        LOG.debug("{} {}", req.method(), req.uri().getRawPath());
        HttpResponse<byte[]> resp;
        try {
            resp = http.send(req, HttpResponse.BodyHandlers.ofByteArray());
        } catch (HttpTimeoutException e) {
            throw new ApiException.Network(what + ": timed out", e);
        } catch (IOException e) {
            throw new ApiException.Network(what + ": network error " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + e.getMessage()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException.Network(what + ": interrupted", e);
        }
        String contentType = resp.headers().firstValue("Content-Type").orElse("");
        return ResponseClassifier.classify(what, resp.statusCode(), contentType, resp.body());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asObject(Object o, String what) {
        if (o instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw new ApiException(what + ": expected a JSON object", 200);
    }
}
