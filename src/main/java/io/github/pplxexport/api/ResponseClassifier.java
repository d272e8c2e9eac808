package io.github.pplxexport.api;

import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Turns an HTTP response into JSON or the right {@link ApiException} (reference-behaviour.md §7.1, with the
 * project's decisions: a 403 {@code VIEW_THREAD_NOT_ALLOWED} is not an auth failure, and a Cloudflare challenge
 * page (an HTML 403, or an HTML 200 with Cloudflare's marks) stops the run instead of burning retries; any other
 * 200 that is not JSON fails only its request). Pure: no I/O.
 */
public final class ResponseClassifier {
    /** The reference looks for the terminal codes in the first 200 bytes of a 400 body. */
    static final int TERMINAL_SCAN_BYTES = 200;

    private ResponseClassifier() {
    }

    /** The parsed JSON body of a 2xx response, or the classified failure. */
    public static Object classify(String what, int status, String contentType, byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        if (status >= 200 && status < 300) {
            if (looksLikeHtml(contentType, text)) {
                if (looksLikeCloudflare(text)) {
                    throw new ApiException.CloudflareChallenge(what + ": got a Cloudflare challenge page instead of JSON;"
                            + " slow down or refresh the cookies", status);
                }
                // any other page (a login page, an error page) fails this request only (reference §1.0, §7.1)
                throw new ApiException(what + ": got an HTML page instead of JSON (login or error page?)", status);
            }
            try {
                return Json.parse(text);
            } catch (JsonException e) {
                throw new ApiException(what + ": response is not valid JSON (" + e.getMessage() + ")", status);
            }
        }
        String head = text.length() > TERMINAL_SCAN_BYTES ? prefixBytes(body) : text;
        switch (status) {
            case 429:
                throw new ApiException.RateLimited(what + ": HTTP 429 rate limited");
            case 500, 502, 503, 504:
                throw new ApiException.ServerError(what + ": HTTP " + status, status);
            case 401:
                throw new ApiException.Auth(what + ": 鉴权失败 401 (cookie expired or not logged in)", status);
            case 403:
                if (looksLikeHtml(contentType, text)) {
                    throw new ApiException.CloudflareChallenge(what + ": HTTP 403 Cloudflare challenge; slow down or"
                            + " refresh the cookies (cf_clearance is bound to the browser)", status);
                }
                if (text.contains("VIEW_THREAD_NOT_ALLOWED")) {
                    throw new ApiException.NotAllowed(what + ": 403 VIEW_THREAD_NOT_ALLOWED");
                }
                throw new ApiException.Auth(what + ": 鉴权失败 403 (cookie expired or risk-controlled)", status);
            case 400:
                if (head.contains("ENTRY_DELETED")) {
                    throw new ApiException.EntryDeleted(what + ": 400 ENTRY_DELETED");
                }
                if (head.contains("ENTRY_EXPIRED")) {
                    throw new ApiException.EntryExpired(what + ": 400 ENTRY_EXPIRED");
                }
                throw new ApiException(what + ": HTTP 400 " + snippet(text), status);
            default:
                // 404 and the rest: an error for this request, never terminal (a fresh thread can 404 briefly)
                throw new ApiException(what + ": HTTP " + status + " " + snippet(text), status);
        }
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

    private static String prefixBytes(byte[] body) {
        return new String(body, 0, Math.min(body.length, TERMINAL_SCAN_BYTES), StandardCharsets.UTF_8);
    }

    private static String snippet(String text) {
        String one = text.replaceAll("\\s+", " ").strip();
        return one.length() > 120 ? one.substring(0, 120) + "…" : one;
    }
}
