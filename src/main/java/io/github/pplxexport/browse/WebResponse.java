package io.github.pplxexport.browse;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the server sends back: a status, a content type, the headers and either bytes or a file of the archive
 * (streamed by the server, never read whole here).
 */
public record WebResponse(int status, String contentType, byte[] body, Path file, Map<String, String> headers) {
    /**
     * Only the app's own scripts, styles, fonts and images; frames only of its own (an HTML product, itself sandboxed),
     * no form posts elsewhere, no base URL.
     */
    public static final String PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " font-src 'self'; connect-src 'self'; frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
    /** An archive file (an asset may be HTML or SVG written by anyone): nothing in it runs, even opened directly. */
    public static final String FILE_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

    /**
     * An HTML product as a page in the thread page's {@code <iframe sandbox>}: sandboxed by its own policy too (no script,
     * no form, an origin of its own even opened alone), nothing fetched but the archive's own images.
     */
    public static final String FRAME_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox;"
            + " frame-ancestors 'self'";

    static WebResponse html(int status, String html) {
        return new WebResponse(status, "text/html; charset=utf-8", html.getBytes(StandardCharsets.UTF_8), null,
                secure(PAGE_POLICY, "no-store"));
    }

    static WebResponse json(int status, String json) {
        return new WebResponse(status, "application/json; charset=utf-8", json.getBytes(StandardCharsets.UTF_8), null,
                secure(PAGE_POLICY, "no-store"));
    }

    static WebResponse text(int status, String text) {
        return new WebResponse(status, "text/plain; charset=utf-8", text.getBytes(StandardCharsets.UTF_8), null,
                secure(PAGE_POLICY, "no-store"));
    }

    static WebResponse file(Path file, String contentType, boolean download) {
        Map<String, String> h = secure(FILE_POLICY, "no-cache");
        String name = file.getFileName().toString();
        String ascii = name.replaceAll("[^A-Za-z0-9._-]", "_");
        h.put("Content-Disposition", (download ? "attachment" : "inline") + "; filename=\"" + ascii + "\"; filename*=UTF-8''"
                + Html.pathSegment(name));
        return new WebResponse(200, contentType, null, file, h);
    }

    /** An HTML product for its frame on the thread page ({@link #FRAME_POLICY}). */
    static WebResponse frame(Path file) {
        Map<String, String> h = secure(FRAME_POLICY, "no-cache");
        h.put("X-Frame-Options", "SAMEORIGIN");
        return new WebResponse(200, "text/html; charset=utf-8", null, file, h);
    }

    static WebResponse resource(byte[] bytes, String contentType) {
        Map<String, String> h = secure(PAGE_POLICY, "public, max-age=86400");
        return new WebResponse(200, contentType, bytes, null, h);
    }

    private static Map<String, String> secure(String policy, String cache) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Content-Security-Policy", policy);
        h.put("X-Content-Type-Options", "nosniff");
        h.put("Referrer-Policy", "no-referrer");
        h.put("X-Frame-Options", "DENY");
        h.put("Cache-Control", cache);
        return h;
    }

    WebResponse withHeader(String name, String value) {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.put(name, value);
        return new WebResponse(status, contentType, body, file, h);
    }
}
