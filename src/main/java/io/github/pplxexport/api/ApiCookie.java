package io.github.pplxexport.api;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code Cookie} header of the API requests: the cookies of the run's source (a {@code --cookies} file, a
 * browser's store, the cookie cache) that match the API base URL's host (none: no header at all). Only the route
 * that calls the API base URL sets it; the value is a secret and is never logged.
 *
 * <p>One browser login holds a session token per signed-in account ({@code __Secure-pplx.session.<uid>}):
 * {@link #useSession} puts one into the session cookie, which is how the run switches accounts
 * (reference-cli-and-archive.md §5.4).
 */
public final class ApiCookie {
    private final String host;
    private final String source;
    private final Cookies original;
    private volatile Cookies cookies;
    private volatile String header;

    private ApiCookie(Cookies cookies, String host, String source) {
        this.host = host;
        this.source = source;
        this.original = cookies;
        use(cookies);
    }

    /** @param cookiesFile the cookie file, "" for none; @param baseUrl the API base URL */
    public static ApiCookie of(String cookiesFile, String baseUrl) throws IOException {
        if (cookiesFile == null || cookiesFile.isBlank()) {
            return new ApiCookie(null, host(baseUrl), "(none)");
        }
        Cookies cookies = Cookies.read(Path.of(cookiesFile));
        return new ApiCookie(cookies, host(baseUrl), cookies.source());
    }

    /** Cookies resolved before the run (a browser's, the cache's, a file's); {@code source} names them. */
    public static ApiCookie of(Cookies cookies, String source, String baseUrl) {
        return new ApiCookie(cookies, host(baseUrl), source);
    }

    private static String host(String baseUrl) {
        return URI.create(baseUrl).getHost();
    }

    private void use(Cookies c) {
        this.cookies = c;
        this.header = c == null ? null : c.headerFor(host).orElse(null);
    }

    /** The header value, or null for no header. */
    public String header() {
        return header;
    }

    /** Where the cookies came from ({@code file:<path>}, {@code firefox:<profile>}, or {@code (none)}), for the startup auth line. */
    public String source() {
        return source;
    }

    /** The cookies as sent now (the session cookie as switched); empty when there are none. */
    public Cookies cookies() {
        return cookies == null ? Cookies.of(List.of(), source) : cookies;
    }

    /** The value of the session cookie as sent now, "" when there is none. */
    public String session() {
        return value(cookies(), Cookies.SESSION_COOKIE);
    }

    /** The session cookie's value as read from the source, "" when there was none. */
    public String originalSession() {
        return original == null ? "" : value(original, Cookies.SESSION_COOKIE);
    }

    /** From now on the session cookie carries {@code token} (another account's session token of the same login). */
    public synchronized void useSession(String token) {
        use(cookies().withValue(Cookies.SESSION_COOKIE, token, host));
    }

    /**
     * The per-account session tokens the API host gets, one per uid (the most specific domain's, so a
     * {@code www.} entry wins), in source order: uid to value.
     */
    public Map<String, String> accountTokens() {
        Map<String, String> out = new LinkedHashMap<>();
        cookies().forHost(host).forEach((name, c) -> {
            if (name.startsWith(Cookies.ACCOUNT_TOKEN_PREFIX)) {
                out.put(name.substring(Cookies.ACCOUNT_TOKEN_PREFIX.length()), c.value());
            }
        });
        return out;
    }

    private String value(Cookies c, String name) {
        Cookies.Cookie chosen = c.forHost(host).get(name);
        return chosen == null ? "" : chosen.value();
    }

    @Override
    public String toString() {
        return "ApiCookie[" + source + (header == null ? ", none for the API host" : ", value hidden") + "]";
    }
}
