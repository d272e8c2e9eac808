package io.github.pplxexport.camel;

import io.github.pplxexport.api.PageFetchException;
import io.github.pplxexport.api.WebBridgeException;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.apache.camel.Exchange;
import org.apache.camel.http.base.HttpOperationFailedException;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The WebBridge daemon's answers as the rest of the pipeline reads them: the daemon's protocol (ok, data.value, a
 * JSON string parsed), and the page's fetch result as camel-http's answer, so the failure policy classifies it the
 * same way (status and error code, Retry-After, a page fetch without an answer as a network error).
 */
class WebBridgeAnswerTest {
    static final String DAEMON = "http://127.0.0.1:10086";
    final WebBridge bridge = new WebBridge(DAEMON, "http://127.0.0.1:8765/");
    final ApiErrors errors = new ApiErrors();

    @Test
    void theDaemonsProtocol() {
        Map<String, Object> command = J.asMap(Json.parse(bridge.command("document.title")));
        assertEquals(Map.of("action", "evaluate", "args", Map.of("code", "document.title"), "session", "pplx-export"), command);
        assertEquals(Map.of("a", 1), bridge.value("{\"ok\": true, \"data\": {\"value\": \"{\\\"a\\\": 1}\"}}"),
                "a string that reads as JSON is parsed");
        assertEquals("plain", bridge.value("{\"ok\": true, \"data\": {\"value\": \"plain\"}}"));
        assertEquals(java.util.List.of(1, 2), bridge.value("{\"ok\": true, \"data\": {\"value\": [1, 2]}}"));
        WebBridgeException no = assertThrows(WebBridgeException.class,
                () -> bridge.value("{\"ok\": false, \"error\": \"no tab of perplexity.ai\"}"));
        assertEquals("WebBridge daemon " + DAEMON + ": it answered an error: no tab of perplexity.ai", no.getMessage());
        assertTrue(assertThrows(WebBridgeException.class, () -> bridge.value("<html>nginx</html>")).getMessage()
                .endsWith("its answer is not JSON: <html>nginx</html>"));
        assertEquals("\"x\"", bridge.printable("x"));
        assertEquals(5000, bridge.printable("y".repeat(6000)).length(), "cut at 5,000 characters");
    }

    @Test
    void aTwoHundredIsTheBodyWithItsHeaders() throws Exception {
        Exchange e = answered(Map.of("url", "http://127.0.0.1:8765/rest/thread/t1", "status", 200,
                "type", "application/json", "b64", b64("{\"ok\": 1}\n")));
        assertArrayEquals("{\"ok\": 1}\n".getBytes(StandardCharsets.UTF_8), e.getMessage().getBody(byte[].class));
        assertEquals(200, e.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE));
        assertEquals("application/json", e.getMessage().getHeader("Content-Type"));
        assertEquals(null, e.getMessage().getHeader("Content-Length"), "the browser checked it (and decoded gzip)");
    }

    @Test
    void otherStatusesAreCamelHttpsFailuresAndNoAnswerIsANetworkError() {
        HttpOperationFailedException gone = assertThrows(HttpOperationFailedException.class, () -> answered(Map.of(
                "url", "http://127.0.0.1:8765/rest/thread/t1?version=2.18", "status", 400, "type", "application/json",
                "b64", b64("{\"error_code\": \"ENTRY_DELETED\"}"))));
        assertEquals(400, errors.status(gone));
        assertEquals("ENTRY_DELETED", errors.code(gone), "classified as on the cookie path");
        HttpOperationFailedException busy = assertThrows(HttpOperationFailedException.class, () -> answered(Map.of(
                "url", "http://127.0.0.1:8765/rest/thread/t1", "status", 429, "retry_after", "7", "b64", "")));
        assertEquals(7000L, ApiRetry.retryAfterMillis(busy.getResponseHeaders()));
        assertEquals("HTTP 429", errors.reason(busy));
        PageFetchException none = assertThrows(PageFetchException.class, () -> answered(Map.of(
                "url", "http://cdn.example/x.png", "status", 0, "error", "TypeError: Failed to fetch")));
        assertEquals("network error (failed to fetch)", errors.reason(none));
        assertThrows(WebBridgeException.class, () -> answered(Map.of("value", "not a fetch result")));
    }

    private Exchange answered(Map<String, Object> pageValue) throws Exception {
        Exchange e = new DefaultExchange(new DefaultCamelContext());
        e.getMessage().setBody(pageValue);
        bridge.answer(e);
        return e;
    }

    private static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }
}
