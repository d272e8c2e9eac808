package io.github.pplxexport.cookies;

/**
 * A browser's cookies cannot be read: one line for the user saying which store and what to do instead (never a
 * cookie value).
 */
public final class CookieStoreException extends Exception {
    public CookieStoreException(String message) {
        super(message);
    }

    public CookieStoreException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The advice every such line ends with. */
    static final String INSTEAD = "export the cookies of perplexity.ai to a file and use --cookies FILE";
}
