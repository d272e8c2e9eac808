package io.github.pplxexport.browse;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Who may read the archive over HTTP. On a loopback address (the default) the machine's own users may, as they may
 * read the files. On any other address a token is required ({@code --token}): sent as the header
 * {@value #HEADER}, or once as {@code ?token=} in a link, after which the browser keeps it in a cookie
 * ({@value #COOKIE}, HttpOnly, SameSite=Strict). Tokens are compared in constant time.
 */
public final class Access {
    public static final String HEADER = "X-Archive-Token";
    public static final String COOKIE = "pplx_archive_token";

    private final byte[] token;

    /** @param token the required token, or null/blank for none (loopback only) */
    public Access(String token) {
        this.token = token == null || token.isBlank() ? null : token.getBytes(StandardCharsets.UTF_8);
    }

    /** Why a bind address cannot be served with these settings, or null when it can. */
    public static String refusal(String host, String token) {
        if (token != null && !token.isBlank()) {
            return token.length() < 16 ? "--token must be at least 16 characters" : null;
        }
        return isLoopback(host) ? null : "--host " + host + " is not a loopback address: it needs --token (the archive is private)";
    }

    static boolean isLoopback(String host) {
        if (host.equals("localhost")) {
            return true;
        }
        try {
            // only literal addresses are looked at: no name is resolved (no network)
            if (!host.matches("[0-9.]+|\\[?[0-9a-fA-F:]+]?")) {
                return false;
            }
            return InetAddress.getByName(host.replace("[", "").replace("]", "")).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    public boolean required() {
        return token != null;
    }

    /** The decision for one request; {@code query} is the {@code ?token=} parameter. */
    public Decision check(String header, String cookie, String query) {
        if (token == null) {
            return Decision.ALLOW;
        }
        if (matches(header) || matches(cookie)) {
            return Decision.ALLOW;
        }
        return matches(query) ? Decision.ALLOW_AND_REMEMBER : Decision.DENY;
    }

    /** MCP over HTTP ({@code /mcp}): the token as {@code Authorization: Bearer <token>} (always allowed when none is required). */
    public boolean bearer(String authorization) {
        if (token == null) {
            return true;
        }
        return authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
                && matches(authorization.substring(7).strip());
    }

    /**
     * Whether a request's {@code Origin} may reach the server (the MCP spec's defence against DNS rebinding): none (not
     * a browser), or a page on a loopback address or on the address the server was told to listen on. A page of another
     * site whose name was made to resolve to this machine is refused.
     */
    public static boolean originAllowed(String origin, String servedHost) {
        if (origin == null || origin.isBlank()) {
            return true;
        }
        try {
            String host = java.net.URI.create(origin.strip()).getHost();
            return host != null && (isLoopback(host) || host.equalsIgnoreCase(servedHost.replace("[", "").replace("]", ""))
                    && !servedHost.equals("0.0.0.0") && !servedHost.equals("::"));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The cookie that remembers a token given in the query. */
    public String cookie() {
        return COOKIE + "=" + new String(token, StandardCharsets.UTF_8) + "; Path=/; HttpOnly; SameSite=Strict";
    }

    private boolean matches(String given) {
        return given != null && MessageDigest.isEqual(token, given.getBytes(StandardCharsets.UTF_8));
    }

    public enum Decision { ALLOW, ALLOW_AND_REMEMBER, DENY }
}
