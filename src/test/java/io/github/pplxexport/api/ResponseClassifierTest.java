package io.github.pplxexport.api;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** What an answer is: a Cloudflare challenge, another page, or an error code (reference §1.0, §7.1). */
class ResponseClassifierTest {
    private static byte[] success(String contentType, String body) {
        return ResponseClassifier.checkSuccess("GET thread x", 200, contentType, body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void jsonGoesOnToTheDecoderUntouched() {
        byte[] body = "{\"a\": 1}".getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(body, ResponseClassifier.checkSuccess("GET thread x", 200, "application/json", body));
        // not JSON, but not a page either: the decoder says what is wrong with it
        assertArrayEquals("{\"entries\": [{\"uu".getBytes(StandardCharsets.UTF_8), success("application/json", "{\"entries\": [{\"uu"));
    }

    @Test
    void cloudflareInterstitialWithStatus200IsAChallenge() {
        String page = "<!DOCTYPE html><html><head><title>Just a moment...</title></head>"
                + "<body><script src=\"/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1\"></script></body></html>";
        ApiException e = assertThrows(ApiException.class, () -> success("text/html; charset=UTF-8", page));
        assertEquals(ApiException.CLOUDFLARE, e.code());
        assertEquals(200, e.status());
    }

    @Test
    void anyOtherHtmlPageWithStatus200IsAPageNotAChallenge() {
        assertEquals(ApiException.HTML_PAGE, assertThrows(ApiException.class, () -> success("application/json",
                "<html><body>replay: this 200 answer is not JSON</body></html>")).code());
        assertEquals(ApiException.HTML_PAGE, assertThrows(ApiException.class, () -> success("text/html",
                "<!doctype html><html><head><title>Sign in</title></head><body>Log in</body></html>")).code());
    }

    @Test
    void errorCodesOfFailedAnswers() {
        assertEquals("CLOUDFLARE", ResponseClassifier.errorCode(403, "text/html",
                "<!DOCTYPE html><html><title>Just a moment...</title></html>"));
        assertEquals("FORBIDDEN", ResponseClassifier.errorCode(403, "application/json", "{\"error_code\": \"FORBIDDEN\"}"));
        assertEquals("VIEW_THREAD_NOT_ALLOWED", ResponseClassifier.errorCode(403, "application/json",
                "{\"error_code\": \"VIEW_THREAD_NOT_ALLOWED\"}"));
        // ENTRY_DELETED is checked before ENTRY_EXPIRED, in the first 200 bytes only (reference §7.1)
        assertEquals("ENTRY_DELETED", ResponseClassifier.errorCode(400, "application/json",
                "{\"error_code\": \"ENTRY_DELETED\", \"detail\": \"ENTRY_EXPIRED\"}"));
        assertEquals("", ResponseClassifier.errorCode(400, "text/plain", "x".repeat(200) + "ENTRY_EXPIRED"));
        assertEquals("", ResponseClassifier.errorCode(502, "text/plain", "bad gateway"));
        // a CDN refusing a signed URL answers with an S3/CloudFront XML error document
        assertEquals("AccessDenied", ResponseClassifier.errorCode(403, "application/xml", CDN_403));
    }

    static final String CDN_403 = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>AccessDenied</Code>"
            + "<Message>Access denied</Message></Error>";

    @Test
    void aCdnRefusalIsNamedByItsCodeNotAsACookieProblem() {
        assertEquals("HTTP 403 AccessDenied", ResponseClassifier.describe(403, "application/xml", CDN_403));
        assertEquals("鉴权失败 403 (cookie expired or risk-controlled)", ResponseClassifier.describe(403, "", "{}"),
                "an API 403 stays what it was");
    }

    @Test
    void oneLineDescriptions() {
        assertEquals("HTTP 429 rate limited", ResponseClassifier.describe(429, "application/json", "{}"));
        assertEquals("鉴权失败 401 (cookie expired or not logged in)", ResponseClassifier.describe(401, "", ""));
        assertEquals("403 VIEW_THREAD_NOT_ALLOWED", ResponseClassifier.describe(403, "application/json",
                "{\"error_code\": \"VIEW_THREAD_NOT_ALLOWED\"}"));
        assertEquals("400 ENTRY_EXPIRED", ResponseClassifier.describe(400, "application/json", "{\"error_code\": \"ENTRY_EXPIRED\"}"));
        assertEquals("HTTP 404 {\"error_code\": \"NOT_FOUND\"}", ResponseClassifier.describe(404, "application/json",
                "{\"error_code\":\n  \"NOT_FOUND\"}"), "one line");
    }

    @Test
    void requestsAreNamedForTheConsole() {
        assertEquals("GET thread 1a2b3c4d", ApiRequests.describe("GET", "/rest/thread/1a2b3c4d-0000", "version=2.18"));
        assertEquals("GET thread 1a2b3c4d blocks (next page)", ApiRequests.describe("GET", "/rest/thread/1a2b3c4d-0000",
                "with_schematized_response=true&version=2.18&cursor=abc"));
        assertEquals("GET session", ApiRequests.describe("GET", "/api/auth/session", null));
        assertEquals("POST library page", ApiRequests.describe("POST", "/rest/perplexity_ask/graphql", null));
    }
}
