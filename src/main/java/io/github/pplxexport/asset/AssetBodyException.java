package io.github.pplxexport.asset;

/**
 * A CDN answer that is not the asset ({@link AssetBody#problem}): cut short, a page instead of the file, or a
 * success other than 200. Like a network error it is retried in the run (the CDN is not the rate-limited API,
 * and a glitch of one edge node is what it usually is); after the retries the version is dead-lettered and
 * never written.
 */
public final class AssetBodyException extends RuntimeException {
    private final int status;
    private final String code;

    public AssetBodyException(String what, int status, AssetBody.Problem problem) {
        super(what + ": " + problem.reason());
        this.status = status;
        this.code = problem.code();
    }

    /** The HTTP status of the answer (200 for a page or a short body). */
    public int status() {
        return status;
    }

    /** A few words for a retry line: {@code error page}, {@code cut short}, {@code not 200}. */
    public String shortReason() {
        return switch (code) {
            case AssetBody.ERROR_PAGE -> "error page";
            case AssetBody.CUT_SHORT -> "cut short";
            default -> "not 200";
        };
    }

    /** {@link AssetBody#NOT_200}, {@link AssetBody#CUT_SHORT} or {@link AssetBody#ERROR_PAGE}. */
    public String code() {
        return code;
    }
}
