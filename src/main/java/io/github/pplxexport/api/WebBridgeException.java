package io.github.pplxexport.api;

/**
 * The WebBridge daemon answered, but not with the page's result: an error of its own ({@code ok: false}: no tab,
 * the code threw) or an answer that is not its protocol. Named after the daemon's address; not retried.
 */
public class WebBridgeException extends RuntimeException {
    public WebBridgeException(String daemon, String what) {
        super("WebBridge daemon " + daemon + ": " + what);
    }
}
