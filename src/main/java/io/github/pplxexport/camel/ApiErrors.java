package io.github.pplxexport.camel;

import com.fasterxml.jackson.core.JacksonException;
import io.github.pplxexport.api.ApiException;
import io.github.pplxexport.api.ApiRequests;
import io.github.pplxexport.api.ResponseClassifier;
import io.github.pplxexport.asset.AssetBodyException;
import io.github.pplxexport.export.Failures;
import org.apache.camel.CamelExchangeException;
import org.apache.camel.RuntimeCamelException;
import org.apache.camel.http.base.HttpOperationFailedException;

import java.io.IOException;
import java.net.URI;
import java.util.Map;

/**
 * Reads the failures of the pipeline for the failure policy and its bookkeeping (bean {@code apiError}): the
 * HTTP status and error code of a camel-http failure ({@code ${bean:apiError?method=code(${exception})}} in
 * {@code routes/error-handling.camel.yaml}), and one line saying what went wrong. It decides nothing.
 */
public final class ApiErrors implements Failures {

    @Override
    public Integer status(Exception failure) {
        Exception e = root(failure);
        if (e instanceof HttpOperationFailedException h) {
            return h.getStatusCode();
        }
        if (e instanceof AssetBodyException b) {
            return b.status();
        }
        return e instanceof ApiException a ? a.status() : null;
    }

    @Override
    public String code(Exception failure) {
        Exception e = root(failure);
        if (e instanceof HttpOperationFailedException h) {
            return ResponseClassifier.errorCode(h.getStatusCode(), contentType(h), h.getResponseBody());
        }
        if (e instanceof AssetBodyException b) {
            return b.code();
        }
        return e instanceof ApiException a ? a.code() : "";
    }

    @Override
    public boolean mayPassLater(Exception failure) {
        Exception e = root(failure);
        if (e instanceof ApiException a) {   // an HTML page where JSON was due (a front's error page), not a challenge
            return !ApiException.CLOUDFLARE.equals(a.code());
        }
        Integer status = status(e);
        if (status != null) {
            return status == 404 || status == 429 || status >= 500;
        }
        return noAnswer(e) != null || e instanceof JacksonException;
    }

    @Override
    public String line(Exception failure) {
        Exception e = root(failure);
        if (e instanceof HttpOperationFailedException h) {
            return request(h) + ": " + ResponseClassifier.describe(h.getStatusCode(), contentType(h), h.getResponseBody());
        }
        if (e instanceof JacksonException j) {
            return "response is not valid JSON (" + firstLine(j.getOriginalMessage()) + ")";
        }
        if (e instanceof IOException) {
            // a network failure or a local file error: the class says which (SocketTimeoutException, AccessDeniedException…)
            return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + firstLine(e.getMessage()));
        }
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return firstLine(m);
    }

    /**
     * The failure itself, out of Camel's wrappers (a bean called from an expression, an exchange that failed
     * in a sub-route), so a Cloudflare page thrown by a bean reads as what it is.
     */
    static Exception root(Exception e) {
        Exception x = e;
        while ((x instanceof RuntimeCamelException || x instanceof CamelExchangeException)
                && x.getCause() instanceof Exception cause && cause != x) {
            x = cause;
        }
        return x;
    }

    /**
     * What a retry announcement calls the failure: {@code HTTP 429}, {@code network error (connection refused)},
     * {@code HTTP 200 error page} (a CDN answer that is not the file).
     */
    String reason(Exception failure) {
        Exception e = root(failure);
        if (e instanceof HttpOperationFailedException h) {
            return "HTTP " + h.getStatusCode();
        }
        if (e instanceof AssetBodyException b) {
            return "HTTP " + b.status() + " " + b.shortReason();
        }
        String why = noAnswer(e);
        return "network error (" + (why != null ? why : e.getClass().getSimpleName()) + ")";
    }

    /**
     * Why a request got no answer, in words: {@code connection refused}, {@code timed out}, {@code unknown host
     * www.example.invalid}, {@code connection reset}…; null when the failure is not a network one.
     */
    public static String noAnswer(Exception failure) {
        Exception e = root(failure);
        String m = e.getMessage() == null ? "" : firstLine(e.getMessage());
        String tail = m.contains(": ") ? m.substring(m.lastIndexOf(": ") + 2) : m;
        if (e instanceof java.net.UnknownHostException) {
            // "name: Name or service not known" from a resolver, "Unable to resolve host name in hosts file …" from a hosts file
            String host = m.replaceFirst("^Unable to resolve host (\\S+).*", "$1").replaceFirst(":.*", "");
            return "unknown host" + (host.isEmpty() ? "" : " " + host);
        }
        if (e instanceof java.net.ConnectException || e instanceof java.net.NoRouteToHostException) {
            return tail.isEmpty() ? "connection refused" : tail.toLowerCase(java.util.Locale.ROOT);
        }
        if (e instanceof java.net.SocketTimeoutException || e instanceof org.apache.hc.client5.http.ConnectTimeoutException) {
            return "timed out";
        }
        if (e instanceof org.apache.hc.core5.http.NoHttpResponseException) {
            return "no response";
        }
        if (e instanceof org.apache.hc.core5.http.ConnectionClosedException) {
            return "connection closed";
        }
        if (e instanceof org.apache.hc.core5.http.MalformedChunkCodingException) {
            return "body cut off";
        }
        if (e instanceof javax.net.ssl.SSLException) {
            return "TLS error: " + tail;
        }
        if (e instanceof java.net.SocketException) {
            return tail.isEmpty() ? "connection failed" : tail.toLowerCase(java.util.Locale.ROOT);
        }
        return null;
    }

    /** {@code GET thread 1a2b3c4d}, from the failed request's URI. */
    private static String request(HttpOperationFailedException h) {
        try {
            URI uri = URI.create(h.getUri());
            return ApiRequests.describe(ApiRequests.GRAPHQL_PATH.equals(uri.getRawPath()) ? "POST" : "GET",
                    uri.getRawPath(), uri.getRawQuery());
        } catch (IllegalArgumentException | NullPointerException bad) {
            return "request";
        }
    }

    /** Response header names are as the server spelled them. */
    private static String contentType(HttpOperationFailedException h) {
        Map<String, String> headers = h.getResponseHeaders();
        if (headers != null) {
            for (Map.Entry<String, String> e : headers.entrySet()) {
                if ("content-type".equalsIgnoreCase(e.getKey())) {
                    return e.getValue();
                }
            }
        }
        return "";
    }

    static String firstLine(String m) {
        String s = m == null ? "" : m;
        int nl = s.indexOf('\n');
        s = nl >= 0 ? s.substring(0, nl) : s;
        return s.length() > 300 ? s.substring(0, 300) : s;
    }
}
