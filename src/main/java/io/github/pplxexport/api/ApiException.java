package io.github.pplxexport.api;

/**
 * A 2xx answer of the Perplexity API that is not the JSON asked for: a Cloudflare challenge page (code
 * {@link #CLOUDFLARE}) or another HTML page such as a login page ({@link #HTML_PAGE}). Failed HTTP statuses
 * arrive as camel-http's own exception; what any failure means for the run is decided in
 * {@code routes/error-handling.camel.yaml}, not here.
 */
public class ApiException extends RuntimeException {
    public static final String CLOUDFLARE = "CLOUDFLARE";
    public static final String HTML_PAGE = "HTML_PAGE";

    private final int status;
    private final String code;

    public ApiException(String message, int status, String code) {
        super(message);
        this.status = status;
        this.code = code;
    }

    /** The HTTP status of the answer. */
    public int status() {
        return status;
    }

    /** What the answer was instead of JSON: {@link #CLOUDFLARE} or {@link #HTML_PAGE}. */
    public String code() {
        return code;
    }
}
