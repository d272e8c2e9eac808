package io.github.pplxexport.export;

/**
 * How a failure is put into words and numbers for the state file, the log and the dead letters. The
 * pipeline's failures are Camel's and camel-http's exceptions; the implementation that knows them lives
 * with the Camel wiring, so the bookkeeping here stays free of Camel types.
 */
public interface Failures {
    /** One line: what went wrong, e.g. {@code HTTP 500} or {@code network error SocketTimeoutException}. */
    String line(Exception e);

    /** The HTTP status of the answer, or null when no answer came (network, local error). */
    Integer status(Exception e);

    /** The error code of the answer ({@code ENTRY_DELETED}, {@code VIEW_THREAD_NOT_ALLOWED}, …), "" when none. */
    String code(Exception e);

    /**
     * Whether a thread that failed with {@code e} may pass a minute later: no answer, a body cut off or not JSON,
     * an HTML page that is not a challenge, 404, 429, 5xx (a batch's second pass tries it once more); not a local
     * file error or a refusal.
     */
    default boolean mayPassLater(Exception e) {
        return false;
    }
}
