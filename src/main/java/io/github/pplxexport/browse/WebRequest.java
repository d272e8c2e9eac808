package io.github.pplxexport.browse;

import java.util.Map;

/**
 * A GET as the pages see it: the path (percent-decoded once, as the server gives it), the query parameters (first
 * value of each), and the token the client sent, if any.
 */
public record WebRequest(String path, Map<String, String> params, String tokenHeader, String tokenCookie) {

    public String param(String name) {
        String v = params.get(name);
        return v == null ? "" : v;
    }
}
