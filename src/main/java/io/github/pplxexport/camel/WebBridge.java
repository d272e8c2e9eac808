package io.github.pplxexport.camel;

import io.github.pplxexport.api.PageFetch;
import io.github.pplxexport.api.PageFetchException;
import io.github.pplxexport.json.PyJson;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.http.base.HttpOperationFailedException;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The WebBridge transport's steps (bean {@code webBridge}, routes/perplexity-api.camel.yaml): the page's JavaScript
 * for an API request or an asset download ({@link PageFetch}), the daemon's {@code evaluate} command, and the
 * page's answer turned into what camel-http would have given: on a 2xx the body with {@code CamelHttpResponseCode}
 * and {@code Content-Type}; otherwise camel-http's own {@link HttpOperationFailedException}
 * (status, body, Content-Type and Retry-After), or a {@link PageFetchException} when the page's fetch got no answer.
 * From there the request is checked, decoded, retried and classified exactly as on the cookie path.
 */
public final class WebBridge {
    /** How much of the value {@code debug-js} prints (the reference's cut). */
    static final int PRINT_LIMIT = 5000;

    private final String daemon;
    private final String apiBase;

    public WebBridge(String daemon, String apiBase) {
        this.daemon = daemon;
        this.apiBase = apiBase.endsWith("/") ? apiBase.substring(0, apiBase.length() - 1) : apiBase;
    }

    /** The daemon's address, as the lines name it. */
    public String daemon() {
        return daemon;
    }

    /** The daemon's {@code evaluate} command for {@code code}. */
    public String command(String code) {
        return PageFetch.evaluate(code);
    }

    /** The page's code for one API request; a POST sends {@code body} (JSON), a GET nothing. */
    public String api(String method, String path, String query, String accept, Object body) {
        String url = apiBase + path + (query == null || query.isEmpty() ? "" : "?" + query);
        String json = !"POST".equals(method) || body == null ? null
                : body instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : body.toString();
        return PageFetch.api(method, url, accept, json);
    }

    /** The page's code for one signed asset URL. */
    public String download(String url) {
        return PageFetch.download(url);
    }

    /** The evaluated value of the daemon's answer (parsed when it is JSON text). */
    public Object value(String reply) {
        return PageFetch.value(daemon, reply);
    }

    /** {@code debug-js}: the value as JSON, cut at 5,000 characters. */
    public String printable(Object value) {
        String json = PyJson.pretty(value);
        return json.length() > PRINT_LIMIT ? json.substring(0, PRINT_LIMIT) : json;
    }

    /** The page's answer (the evaluated value in the body) as camel-http's answer, on the exchange's message. */
    public void answer(Exchange exchange) throws Exception {
        PageFetch.Answer a = PageFetch.answer(daemon, exchange.getMessage().getBody());
        if (a.error() != null) {
            throw new PageFetchException("the browser page's fetch of " + a.url() + " got no answer: " + a.error());
        }
        Map<String, String> headers = new LinkedHashMap<>();
        if (a.contentType() != null) {
            headers.put("Content-Type", a.contentType());
        }
        if (a.retryAfter() != null) {
            headers.put("Retry-After", a.retryAfter());
        }
        if (!a.ok()) {
            throw new HttpOperationFailedException(a.url(), a.status(), "", null, headers, a.text());
        }
        Message m = exchange.getMessage();
        m.removeHeaders("*", "CamelRedelivery*");
        m.setHeader(Exchange.HTTP_RESPONSE_CODE, a.status());
        headers.forEach(m::setHeader);
        m.setBody(a.body());
    }
}
