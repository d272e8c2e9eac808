package io.github.pplxexport.api;

/**
 * The api-call route's look at a 2xx answer before it is decoded (bean {@code apiResponse}): an HTML page is a
 * failure ({@link ApiException}), anything else goes on to the JSON decoder.
 */
public final class ResponseCheck {
    public byte[] check(String method, String path, String query, String contentType, byte[] body) {
        return ResponseClassifier.checkSuccess(ApiRequests.describe(method, path, query), 200, contentType, body);
    }
}
