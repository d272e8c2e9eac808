package io.github.pplxexport.api;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Which answers stop the run (a Cloudflare challenge) and which fail only their request (reference §1.0, §7.1). */
class ResponseClassifierTest {
    private static Object classify(int status, String contentType, String body) {
        return ResponseClassifier.classify("GET thread x", status, contentType, body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void jsonIsData() {
        Object data = classify(200, "application/json", "{\"a\": 1}");
        assertEquals(Map.of("a", "b"), classify(200, "application/json", "{\"a\": \"b\"}"));
        assertEquals(1L, io.github.pplxexport.json.J.toLong(io.github.pplxexport.json.J.get(data, "a"), 0));
    }

    @Test
    void cloudflareInterstitialWithStatus200IsAChallenge() {
        String page = "<!DOCTYPE html><html><head><title>Just a moment...</title></head>"
                + "<body><script src=\"/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1\"></script></body></html>";
        ApiException e = assertThrows(ApiException.class, () -> classify(200, "text/html; charset=UTF-8", page));
        assertSame(ApiException.CloudflareChallenge.class, e.getClass());
    }

    @Test
    void anyOtherHtmlPageWithStatus200FailsOnlyItsRequest() {
        ApiException e = assertThrows(ApiException.class, () -> classify(200, "application/json",
                "<html><body>replay: this 200 answer is not JSON</body></html>"));
        assertSame(ApiException.class, e.getClass(), "not a challenge, not retried: " + e);
        ApiException login = assertThrows(ApiException.class, () -> classify(200, "text/html",
                "<!doctype html><html><head><title>Sign in</title></head><body>Log in</body></html>"));
        assertSame(ApiException.class, login.getClass());
    }

    @Test
    void truncatedJsonFailsOnlyItsRequest() {
        ApiException e = assertThrows(ApiException.class, () -> classify(200, "application/json", "{\"entries\": [{\"uu"));
        assertSame(ApiException.class, e.getClass());
        assertEquals(false, e.retryable());
    }

    @Test
    void htmlForbiddenIsAChallengeJsonForbiddenIsAuth() {
        assertSame(ApiException.CloudflareChallenge.class, assertThrows(ApiException.class,
                () -> classify(403, "text/html", "<!DOCTYPE html><html><title>Just a moment...</title></html>")).getClass());
        assertSame(ApiException.Auth.class, assertThrows(ApiException.class,
                () -> classify(403, "application/json", "{\"error_code\": \"FORBIDDEN\"}")).getClass());
        assertSame(ApiException.NotAllowed.class, assertThrows(ApiException.class,
                () -> classify(403, "application/json", "{\"error_code\": \"VIEW_THREAD_NOT_ALLOWED\"}")).getClass());
    }
}
