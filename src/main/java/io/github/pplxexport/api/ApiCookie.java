package io.github.pplxexport.api;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;

/**
 * The {@code Cookie} header of the API requests: the cookies of the {@code --cookies} file that match the API
 * base URL's host (none: no header at all). Only the route that calls the API base URL sets it; the value is a
 * secret and is never logged.
 */
public final class ApiCookie {
    private final String header;
    private final String source;

    private ApiCookie(String header, String source) {
        this.header = header;
        this.source = source;
    }

    /** @param cookiesFile the cookie file, "" for none; @param baseUrl the API base URL */
    public static ApiCookie of(String cookiesFile, String baseUrl) throws IOException {
        if (cookiesFile == null || cookiesFile.isBlank()) {
            return new ApiCookie(null, "(none)");
        }
        Cookies cookies = Cookies.read(Path.of(cookiesFile));
        return new ApiCookie(cookies.headerFor(URI.create(baseUrl).getHost()).orElse(null), cookies.source());
    }

    /** The header value, or null for no header. */
    public String header() {
        return header;
    }

    /** Where the cookies came from ({@code file:<path>}, or {@code (none)}), for the startup auth line. */
    public String source() {
        return source;
    }

    @Override
    public String toString() {
        return "ApiCookie[" + source + (header == null ? ", none for the API host" : ", value hidden") + "]";
    }
}
