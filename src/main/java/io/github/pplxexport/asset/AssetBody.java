package io.github.pplxexport.asset;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Whether bytes are the asset the CDN meant to send: an asset file is that, or nothing. A download is the asset
 * only when the answer is a 200, its body is as long as the {@code Content-Length} it declared, and it is not an
 * error page: an HTML page or an XML error document (S3/CloudFront's {@code <Error><Code>…}) where the asset is
 * not itself HTML or XML. The same look at a file already on disk finds an earlier run's damage. Pure: the
 * route decides what a refusal means (retried, then dead-lettered).
 */
public final class AssetBody {
    /** The answer's status was a success other than 200 (206 partial, 204 empty…). */
    public static final String NOT_200 = "NOT_200";
    /** Fewer or more bytes than the {@code Content-Length} the answer declared. */
    public static final String CUT_SHORT = "CUT_SHORT";
    /** An HTML page or an XML error document instead of the file. */
    public static final String ERROR_PAGE = "ERROR_PAGE";

    /** Extensions whose files are markup themselves: an HTML or XML body is what they are. */
    private static final Set<String> MARKUP = Set.of("html", "htm", "xhtml", "xml", "svg");
    /** How much of the head the page checks read. */
    public static final int HEAD_BYTES = 1024;
    /** An S3/CloudFront error document: {@code <?xml …?>} then the root element {@code <Error>}. */
    private static final Pattern XML_ERROR = Pattern.compile("^(<\\?xml[^>]*>\\s*)?<Error>", Pattern.CASE_INSENSITIVE);

    private AssetBody() {
    }

    /** Why a body is not the asset: a {@link #code()} and a few words for the log and the dead letter. */
    public record Problem(String code, String reason) {
    }

    /**
     * What is wrong with a CDN answer for {@code v}, empty when its body is the asset.
     *
     * @param contentLength the declared {@code Content-Length} as sent, null when none (chunked)
     */
    public static Optional<Problem> problem(AssetVersion v, int status, String contentType, String contentLength, byte[] body) {
        byte[] b = body == null ? new byte[0] : body;
        if (status != 200) {
            return Optional.of(new Problem(NOT_200, "HTTP " + status + " instead of 200"));
        }
        Long declared = length(contentLength);
        if (declared != null && declared != b.length) {
            return Optional.of(new Problem(CUT_SHORT, b.length + " of the " + declared + " bytes declared"));
        }
        return page(markup(v), contentType, b);
    }

    /**
     * What is wrong with a file already on disk whose name is {@code fileName} (an earlier run's damage), empty
     * when it may be the asset. Only its head is read.
     */
    public static Optional<Problem> damage(String fileName, byte[] head) {
        String[] split = AssetNames.splitExt(fileName == null ? "" : fileName);
        String ext = split[1].isEmpty() ? "" : split[1].substring(1).toLowerCase(Locale.ROOT);
        return page(MARKUP.contains(ext), null, head == null ? new byte[0] : head);
    }

    /** An error page where the asset is not markup; an XML error document whatever the asset. */
    private static Optional<Problem> page(boolean markup, String contentType, byte[] b) {
        String head = head(b);
        String lower = head.toLowerCase(Locale.ROOT);
        if (XML_ERROR.matcher(head).find()) {
            return Optional.of(new Problem(ERROR_PAGE, "an XML error document instead of the file (" + b.length + " bytes)"));
        }
        if (markup) {
            return Optional.empty();
        }
        if (lower.startsWith("<!doctype") || lower.startsWith("<html")) {
            return Optional.of(new Problem(ERROR_PAGE, "an HTML page instead of the file (" + b.length + " bytes)"));
        }
        String type = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT);
        if (lower.startsWith("<") && (type.startsWith("text/html") || type.startsWith("application/xml"))) {
            return Optional.of(new Problem(ERROR_PAGE, "a page (" + type.replaceFirst(";.*", "") + ") instead of the file ("
                    + b.length + " bytes)"));
        }
        return Optional.empty();
    }

    /** Whether the version's file is HTML or XML itself, by the extension its URL or name gives it. */
    static boolean markup(AssetVersion v) {
        String path = AssetExtensions.urlPath(v.url()).toLowerCase(Locale.ROOT);
        String[] name = AssetNames.splitExt(v.filename());
        for (String ext : MARKUP) {
            if (path.endsWith("." + ext) || name[1].equalsIgnoreCase("." + ext)) {
                return true;
            }
        }
        return MARKUP.contains(v.stem().ext());
    }

    /** The first bytes as text, after a UTF-8 byte-order mark and white space. */
    private static String head(byte[] b) {
        int from = b.length >= 3 && b[0] == (byte) 0xef && b[1] == (byte) 0xbb && b[2] == (byte) 0xbf ? 3 : 0;
        while (from < b.length && AssetExtensions.isAsciiSpace(b[from])) {
            from++;
        }
        return new String(b, from, Math.min(b.length - from, HEAD_BYTES), StandardCharsets.UTF_8);
    }

    private static Long length(String contentLength) {
        if (contentLength == null || contentLength.isBlank()) {
            return null;
        }
        try {
            return Long.parseLong(contentLength.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
