package io.github.pplxexport.api;

import java.net.SocketException;

/**
 * The browser page's {@code fetch} got no answer (a network failure, a host that cannot be reached, a CORS
 * refusal): the WebBridge transport's network error, retried as one (routes/error-handling.camel.yaml, retry-network).
 */
public class PageFetchException extends SocketException {
    public PageFetchException(String message) {
        super(message);
    }
}
