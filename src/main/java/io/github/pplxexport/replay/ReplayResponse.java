package io.github.pplxexport.replay;

import io.github.pplxexport.json.PyJson;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the replay answers, independent of any server.
 *
 * @param status      HTTP status
 * @param contentType Content-Type header value
 * @param headers     extra response headers
 * @param body        response body bytes
 * @param delayMillis how long the server waits before answering (the {@code slow} fault)
 * @param operation   GraphQL operation name, for the request log (null otherwise)
 * @param fault       the injected fault's name, for the request log (null when none)
 * @param stream      a body written while it is sent (the ask's event stream), instead of {@code body}; null for none
 */
public record ReplayResponse(int status, String contentType, Map<String, String> headers, byte[] body,
                             long delayMillis, String operation, String fault, ReplayStream stream) {

    static final String JSON = "application/json; charset=utf-8";

    public ReplayResponse {
        headers = Map.copyOf(headers == null ? Map.of() : headers);
        body = body == null ? new byte[0] : body;
    }

    /** An answer with its whole body at once. */
    public ReplayResponse(int status, String contentType, Map<String, String> headers, byte[] body,
                          long delayMillis, String operation, String fault) {
        this(status, contentType, headers, body, delayMillis, operation, fault, null);
    }

    static ReplayResponse json(int status, Object tree) {
        return new ReplayResponse(status, JSON, Map.of(), PyJson.compact(tree).getBytes(StandardCharsets.UTF_8),
                0, null, null);
    }

    /** The API's error envelope, e.g. 403 {@code {"error_code": "VIEW_THREAD_NOT_ALLOWED"}}. */
    static ReplayResponse error(int status, String errorCode) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error_code", errorCode);
        return json(status, body);
    }

    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    ReplayResponse withBody(int newStatus, String newContentType, Map<String, String> newHeaders, byte[] newBody) {
        return new ReplayResponse(newStatus, newContentType, newHeaders, newBody, delayMillis, operation, fault, null);
    }

    ReplayResponse withDelay(long millis) {
        return new ReplayResponse(status, contentType, headers, body, millis, operation, fault, stream);
    }

    ReplayResponse withOperation(String op) {
        return new ReplayResponse(status, contentType, headers, body, delayMillis, op, fault, stream);
    }

    /** The same answer with one more header. */
    ReplayResponse withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new ReplayResponse(status, contentType, more, body, delayMillis, operation, fault, stream);
    }

    ReplayResponse withFault(String name) {
        return new ReplayResponse(status, contentType, headers, body, delayMillis, operation, name, stream);
    }
}
