package io.github.pplxexport.api;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an answer of the Perplexity API is (reference-behaviour.md §7.1, with the project's decisions: a 403
 * {@code VIEW_THREAD_NOT_ALLOWED} is not an auth failure, and a Cloudflare challenge page, an HTML 403 or an
 * HTML 200 with Cloudflare's marks, is told apart from any other page). Pure: it names the answer and
 * words the one-line message; what the run does about it is the routes' failure policy.
 */
public final class ResponseClassifier {
    /** The reference looks for the terminal codes in the first 200 bytes of a 400 body. */
    static final int TERMINAL_SCAN_BYTES = 200;
    /** The code of an S3/CloudFront error document: {@code <Error><Code>AccessDenied</Code>…</Error>}. */
    private static final Pattern XML_ERROR_CODE = Pattern.compile("<Error>\\s*<Code>([A-Za-z0-9.]{1,64})</Code>");
    public static final String ENTRY_DELETED = "ENTRY_DELETED";
    public static final String ENTRY_EXPIRED = "ENTRY_EXPIRED";
    public static final String VIEW_THREAD_NOT_ALLOWED = "VIEW_THREAD_NOT_ALLOWED";

    private ResponseClassifier() {
    }

    /**
     * A 2xx answer: returns the body when it can be JSON; an HTML page throws ({@link ApiException#CLOUDFLARE}
     * when it carries Cloudflare's marks, else {@link ApiException#HTML_PAGE}). Whether the body parses is
     * the JSON decoder's business.
     */
    public static byte[] checkSuccess(String what, int status, String contentType, byte[] body) {
        String head = new String(body, 0, Math.min(body.length, 4096), StandardCharsets.UTF_8);
        if (looksLikeHtml(contentType, head)) {
            String text = new String(body, StandardCharsets.UTF_8);
            if (looksLikeCloudflare(text)) {
                throw new ApiException(what + ": got a Cloudflare challenge page instead of JSON;"
                        + " slow down or refresh the cookies", status, ApiException.CLOUDFLARE);
            }
            // any other page (a login page, an error page) fails this request only (reference §1.0, §7.1)
            throw new ApiException(what + ": got an HTML page instead of JSON (login or error page?)", status,
                    ApiException.HTML_PAGE);
        }
        return body;
    }

    /**
     * The error code of a failed answer: {@code CLOUDFLARE} for an HTML 403, {@code ENTRY_DELETED} (checked
     * first) or {@code ENTRY_EXPIRED} in the head of a 400 body, {@code VIEW_THREAD_NOT_ALLOWED} in a 403
     * body, the {@code <Code>} of a CDN's XML error ({@code AccessDenied} for an expired signed URL), else the
     * body's {@code error_code} when it is JSON, else "".
     */
    public static String errorCode(int status, String contentType, String body) {
        String text = body == null ? "" : body;
        if (status == 403 && looksLikeHtml(contentType, text)) {
            return ApiException.CLOUDFLARE;
        }
        if (status == 400) {
            String head = prefixBytes(text);
            if (head.contains(ENTRY_DELETED)) {
                return ENTRY_DELETED;
            }
            if (head.contains(ENTRY_EXPIRED)) {
                return ENTRY_EXPIRED;
            }
        }
        if (status == 403 && text.contains(VIEW_THREAD_NOT_ALLOWED)) {
            return VIEW_THREAD_NOT_ALLOWED;
        }
        Matcher xml = XML_ERROR_CODE.matcher(text);
        if (xml.find()) {
            return xml.group(1);
        }
        try {
            return J.str(Json.parse(text), "error_code");
        } catch (JsonException e) {
            return "";
        }
    }

    /** One line saying what went wrong, e.g. {@code HTTP 429 rate limited}; never quotes a cookie. */
    public static String describe(int status, String contentType, String body) {
        String code = errorCode(status, contentType, body);
        if (XML_ERROR_CODE.matcher(body == null ? "" : body).find()) {
            // a CDN (S3/CloudFront) refusing a signed URL: no cookie is involved
            return "HTTP " + status + " " + code;
        }
        return switch (status) {
            case 429 -> "HTTP 429 rate limited";
            case 500, 502, 503, 504 -> "HTTP " + status;
            case 401 -> Labels.messages().get(Label.AUTH_FAILED_401);
            case 403 -> switch (code) {
                case ApiException.CLOUDFLARE -> "HTTP 403 Cloudflare challenge; slow down or refresh the cookies"
                        + " (cf_clearance is bound to the browser)";
                case VIEW_THREAD_NOT_ALLOWED -> "403 VIEW_THREAD_NOT_ALLOWED";
                default -> Labels.messages().get(Label.AUTH_FAILED_403);
            };
            case 400 -> code.equals(ENTRY_DELETED) || code.equals(ENTRY_EXPIRED) ? "400 " + code
                    : "HTTP 400 " + snippet(body);
            // 404 and the rest: an error for this request, never terminal (a fresh thread can 404 briefly)
            default -> "HTTP " + status + " " + snippet(body);
        };
    }

    static boolean looksLikeHtml(String contentType, String text) {
        if (contentType != null && contentType.toLowerCase(Locale.ROOT).contains("text/html")) {
            return true;
        }
        String t = text.stripLeading().toLowerCase(Locale.ROOT);
        return t.startsWith("<!doctype html") || t.startsWith("<html");
    }

    /** The tell-tales of a Cloudflare interstitial ("Just a moment...", its challenge scripts, its name). */
    static boolean looksLikeCloudflare(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        return t.contains("just a moment") || t.contains("cf-chl") || t.contains("challenge-platform")
                || t.contains("cloudflare");
    }

    private static String prefixBytes(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return b.length <= TERMINAL_SCAN_BYTES ? text : new String(b, 0, TERMINAL_SCAN_BYTES, StandardCharsets.UTF_8);
    }

    private static String snippet(String text) {
        String one = (text == null ? "" : text).replaceAll("\\s+", " ").strip();
        return one.length() > 120 ? one.substring(0, 120) + "…" : one;
    }
}
