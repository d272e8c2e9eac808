package io.github.pplxexport.routes;

import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.github.pplxexport.export.BatchOptions;
import io.github.pplxexport.export.BatchSummary;
import io.github.pplxexport.export.ExportRequest;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.http.base.HttpOperationFailedException;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The request-level failure policy of routes/error-handling.camel.yaml, route by route: what is sent again, when,
 * how it is announced, and what is not.
 */
class RetryPolicyTest extends RouteTestSupport {
    static final String A = "1a2b3c4d-0000-4000-8000-00000000000a";
    static final String B = "5e6f7a8b-0000-4000-8000-00000000000b";
    static final String THREAD_A = "/rest/thread/" + A;
    static final String THREAD_B = "/rest/thread/" + B;

    private static ExportRequest request(String uuid) {
        return new ExportRequest("alice", uuid, "https://www.perplexity.ai/search/" + uuid, null, false);
    }

    /** The thread answers {@code first}, then a page. */
    private static void firstThenPage(String path, com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder first) {
        api.stubFor(get(urlPathEqualTo(path)).inScenario(path).whenScenarioStateIs(STARTED)
                .willReturn(first).willSetStateTo("answered"));
        api.stubFor(get(urlPathEqualTo(path)).inScenario(path).whenScenarioStateIs("answered")
                .willReturn(okJson(thread(A, "A", "q", "a"))));
    }

    @Test
    void rateLimitedOnceThenAnsweredIsOneRetryAnnouncedBeforeTheWait() {
        firstThenPage(THREAD_A, aResponse().withStatus(429).withBody("{\"error_code\": \"RATE_LIMITED\"}"));

        Map<?, ?> raw = template.requestBody("direct:fetch-entries", request(A), Map.class);

        assertEquals(1, J.list(raw, "entries").size(), "the page after the retry");
        List<LoggedRequest> sent = api.findAll(getRequestedFor(urlPathEqualTo(THREAD_A)));
        assertEquals(2, sent.size(), "one retry");
        assertEquals(sent.get(0).getUrl(), sent.get(1).getUrl(), "the same request again");
        assertTrue(logLines().stream().anyMatch(l -> l.matches("retry 2/3 in \\d+ ms: HTTP 429 GET thread 1a2b3c4d")),
                "announced with attempt, delay and request: " + logLines());
    }

    @Test
    void aRetryAfterAboveTheCapIsCapped() {
        firstThenPage(THREAD_A, aResponse().withStatus(503).withHeader("retry-after", "120"));

        template.requestBody("direct:fetch-entries", request(A), Map.class);

        assertEquals(2, api.findAll(getRequestedFor(urlPathEqualTo(THREAD_A))).size());
        assertTrue(logLines().contains("retry 2/3 in 50 ms: HTTP 503 GET thread 1a2b3c4d (Retry-After)"),
                "pplx.retry.maximum-delay-ms caps it: " + logLines());
    }

    @Test
    void serverErrorThreeTimesFailsTheRequestAfterThreeAttempts() {
        api.stubFor(get(urlPathEqualTo(THREAD_A)).willReturn(aResponse().withStatus(500)));

        CamelExecutionException e = assertThrows(CamelExecutionException.class,
                () -> template.requestBody("direct:fetch-entries", request(A), Map.class));

        assertInstanceOf(HttpOperationFailedException.class, e.getCause());
        assertEquals(3, api.findAll(getRequestedFor(urlPathEqualTo(THREAD_A))).size(), "3 attempts in all");
        assertEquals(List.of("retry 2/3", "retry 3/3"), logLines().stream().filter(l -> l.startsWith("retry "))
                .map(l -> l.substring(0, 9)).toList());
    }

    @Test
    void aConnectionResetIsANetworkErrorAndIsRetried() {
        firstThenPage(THREAD_A, aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER));

        template.requestBody("direct:fetch-entries", request(A), Map.class);

        assertEquals(2, api.findAll(getRequestedFor(urlPathEqualTo(THREAD_A))).size());
        assertTrue(logLines().stream().anyMatch(l -> l.startsWith("retry 2/3 in ") && l.contains("network error")),
                logLines().toString());
    }

    @Test
    void notFoundIsNotSentAgain() {
        api.stubFor(get(urlPathEqualTo(THREAD_A)).willReturn(aResponse().withStatus(404).withBody("{\"error_code\": \"NOT_FOUND\"}")));

        assertThrows(CamelExecutionException.class, () -> template.requestBody("direct:fetch-entries", request(A), Map.class));

        assertEquals(1, api.findAll(getRequestedFor(urlPathEqualTo(THREAD_A))).size());
        assertTrue(logLines().stream().noneMatch(l -> l.startsWith("retry ")), logLines().toString());
    }

    @Test
    void jsonIsReadAsJsonLoadsDoesTrailingDataIsAnErrorAndNotRetried() {
        api.stubFor(get(urlPathEqualTo(THREAD_A)).willReturn(okJson(thread(A, "A", "q", "a") + " {\"extra\": 1}")));

        CamelExecutionException e = assertThrows(CamelExecutionException.class,
                () -> template.requestBody("direct:fetch-entries", request(A), Map.class));

        assertInstanceOf(com.fasterxml.jackson.core.JacksonException.class, e.getCause(), "the project's mapper refuses it");
        assertEquals(1, api.findAll(getRequestedFor(urlPathEqualTo(THREAD_A))).size());
    }

    @Test
    void aRateLimitedSessionCheckIsRetried() {
        api.stubFor(get(urlPathEqualTo("/api/auth/session")).inScenario("s").whenScenarioStateIs(STARTED)
                .willReturn(aResponse().withStatus(429)).willSetStateTo("ok"));
        api.stubFor(get(urlPathEqualTo("/api/auth/session")).inScenario("s").whenScenarioStateIs("ok")
                .willReturn(okJson("{\"user\": {\"email\": \"alice@example.com\", \"username\": \"alice\"}}")));

        assertEquals("alice", template.requestBody("direct:check-session", "default", String.class),
                "degraded mode: the account is named after the session's user");

        assertEquals(2, api.findAll(getRequestedFor(urlPathEqualTo("/api/auth/session"))).size());
        assertTrue(logLines().stream().anyMatch(l -> l.matches("retry 2/3 in \\d+ ms: HTTP 429 GET session")), logLines().toString());
    }

    @Test
    void threadFailingThreeTimesIsRecordedAndTheBatchGoesOn() throws Exception {
        index(A, "A", "2026-05-02T00:00:00Z", B, "B", "2026-05-01T00:00:00Z");
        api.stubFor(get(urlPathEqualTo(THREAD_A)).willReturn(aResponse().withStatus(500)));
        api.stubFor(get(urlPathEqualTo(THREAD_B)).willReturn(okJson(thread(B, "B", "q", "an answer"))));

        BatchSummary s = template.requestBody("direct:batch", new BatchOptions("alice", false, false, 0, null), BatchSummary.class);

        assertEquals("[batch] 完成。ok=1 skip=0 fail=1 / 共 2", s.line(), "failed in both passes: counted once");
        assertEquals(6, api.findAll(getRequestedFor(urlPathEqualTo(THREAD_A))).size(),
                "A: three attempts, then three more in the batch's second pass");
        assertEquals(1, api.findAll(getRequestedFor(urlPathEqualTo(THREAD_B))).size(), "B, once");
        assertTrue(logLines().contains("[batch] second pass: 1 thread(s) that failed, once more"), logLines().toString());
        Map<String, Object> state = Json.readObject(archive().resolve("index/batch_state.json"));
        assertEquals("error", J.str(state.get(A), "status"));
        assertEquals("ok", J.str(state.get(B), "status"));
        List<String> dead = Files.readAllLines(archive().resolve("index/dead_letters.jsonl"), StandardCharsets.UTF_8);
        assertEquals(1, dead.size(), dead.toString());
        Map<String, Object> letter = J.asMap(Json.parse(dead.get(0)));
        assertEquals(List.of("time", "kind", "web_uuid", "title", "status", "error_code", "error"), List.copyOf(letter.keySet()));
        assertEquals("thread", letter.get("kind"));
        assertEquals(A, letter.get("web_uuid"));
        assertEquals(500, ((Number) letter.get("status")).intValue());
        assertTrue(logLines().contains("[batch] 间隔 0.0s") || logLines().stream().anyMatch(l -> l.startsWith("[batch] 间隔")),
                "paced: " + logLines());
    }

    @Test
    void aThreadThatUsedUpItsRetriesIsExportedByTheSecondPassOfTheSameBatch() throws Exception {
        index(A, "A", "2026-05-02T00:00:00Z", B, "B", "2026-05-01T00:00:00Z");
        // A: three 503s (all the attempts of the main pass), then the page
        String state = STARTED;
        for (int i = 1; i <= 3; i++) {
            api.stubFor(get(urlPathEqualTo(THREAD_A)).inScenario("A").whenScenarioStateIs(state)
                    .willReturn(aResponse().withStatus(503)).willSetStateTo("failed " + i));
            state = "failed " + i;
        }
        api.stubFor(get(urlPathEqualTo(THREAD_A)).inScenario("A").whenScenarioStateIs(state)
                .willReturn(okJson(thread(A, "A", "q", "a"))));
        api.stubFor(get(urlPathEqualTo(THREAD_B)).willReturn(okJson(thread(B, "B", "q", "an answer"))));

        BatchSummary s = template.requestBody("direct:batch", new BatchOptions("alice", false, false, 0, null), BatchSummary.class);

        assertEquals("[batch] 完成。ok=2 skip=0 fail=0 / 共 2", s.line(), "exported in the same batch");
        assertFalse(s.failures(), "exit 0");
        assertEquals(4, api.findAll(getRequestedFor(urlPathEqualTo(THREAD_A))).size(), "3 attempts, then the second pass");
        List<String> lines = logLines();
        int pass = lines.indexOf("[batch] second pass: 1 thread(s) that failed, once more");
        assertTrue(pass > 0, "announced once the main pass is done: " + lines);
        assertTrue(lines.stream().skip(pass).anyMatch(l -> l.startsWith("[batch 1/1] exported as")),
                "the second pass counts its own threads: " + lines);
        Map<String, Object> batchState = Json.readObject(archive().resolve("index/batch_state.json"));
        assertEquals("ok", J.str(batchState.get(A), "status"));
        java.nio.file.Path dead = archive().resolve("index/dead_letters.jsonl");
        assertTrue(!Files.exists(dead) || Files.readAllLines(dead, StandardCharsets.UTF_8).isEmpty(),
                "the main pass's dead letter is pruned at the end of the batch");
    }

    @Test
    void aCloudflarePageAnsweredWith200StopsTheRunAndALoginPageFailsOnlyItsThread() throws Exception {
        index(A, "A", "2026-05-02T00:00:00Z", B, "B", "2026-05-01T00:00:00Z");
        api.stubFor(get(urlPathEqualTo(THREAD_A)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html; charset=UTF-8")
                .withBody("<!DOCTYPE html><html><head><title>Sign in</title></head><body>Log in</body></html>")));
        api.stubFor(get(urlPathEqualTo(THREAD_B)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html; charset=UTF-8")
                .withBody("<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>")));

        CamelExecutionException e = assertThrows(CamelExecutionException.class, () ->
                template.requestBody("direct:batch", new BatchOptions("alice", false, false, 0, null), BatchSummary.class));

        Throwable abort = e.getCause();
        while (!(abort instanceof io.github.pplxexport.export.RunAbortedException) && abort.getCause() != null) {
            abort = abort.getCause();
        }
        assertInstanceOf(io.github.pplxexport.export.RunAbortedException.class, abort);
        assertTrue(abort.getMessage().contains("Cloudflare"), abort.getMessage());
        assertEquals(1, api.findAll(getRequestedFor(urlPathEqualTo(THREAD_A))).size(), "a page is not sent again");
        Map<String, Object> state = Json.readObject(archive().resolve("index/batch_state.json"));
        assertTrue(J.str(state.get(A), "error").contains("HTML page"), state.toString());
        assertEquals("error", J.str(state.get(B), "status"), "the challenged thread is recorded before the stop");
    }

    @Test
    void requestsCarryOnlyTheChosenHeadersAndNoCookieTheServerSet() {
        // the first answer sets a cookie and a header; neither may come back, and no Camel header goes out
        api.stubFor(get(urlPathEqualTo(THREAD_A)).willReturn(okJson(thread(A, "A", "q", "a"))
                .withHeader("Set-Cookie", "planted=1; Path=/").withHeader("X-Leak", "1")));
        api.stubFor(get(urlPathEqualTo(THREAD_B)).willReturn(okJson(thread(B, "B", "q", "b"))));

        template.requestBody("direct:fetch-entries", request(A), Map.class);
        template.requestBody("direct:fetch-entries", request(B), Map.class);

        for (LoggedRequest r : api.findAll(getRequestedFor(urlPathMatching("/rest/thread/.*")))) {
            assertEquals("__Secure-next-auth.session-token=secret-token", r.getHeader("Cookie"), "only the file's cookie");
            assertEquals("application/json", r.getHeader("Accept"));
            assertTrue(r.getHeader("User-Agent").startsWith("Mozilla/5.0"), r.getHeader("User-Agent"));
            for (String name : r.getAllHeaderKeys()) {
                assertFalse(name.toLowerCase().startsWith("camel") || name.equalsIgnoreCase("x-leak")
                        || name.equalsIgnoreCase("breadcrumbId"), "header " + name + " leaked into " + r.getUrl());
            }
        }
        assertEquals("version=2.18&source=default", api.findAll(getRequestedFor(urlPathEqualTo(THREAD_B))).get(0)
                .getUrl().substring(THREAD_B.length() + 1), "the plain fetch's query, as the reference sends it");
    }
}
