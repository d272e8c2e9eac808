package io.github.pplxexport.routes;

import io.github.pplxexport.export.ExportRequest;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Long waits before a retry: a heartbeat line while they last, and a shutdown ends them. */
class LongWaitTest extends RouteTestSupport {
    static final String A = "1a2b3c4d-0000-4000-8000-00000000000a";

    @Override
    Properties properties() {
        Properties p = new Properties();
        p.put("pplx.retry.maximum-delay-ms", "60000");
        p.put("pplx.retry.heartbeat-ms", "200");
        return p;
    }

    private CompletableFuture<Object> fetchInBackground() {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return template.requestBody("direct:fetch-entries",
                        new ExportRequest("alice", A, "https://www.perplexity.ai/search/" + A, null, false), Map.class);
            } catch (RuntimeException e) {
                return e;
            }
        });
    }

    private void awaitLine(String prefix, long seconds) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (logLines().stream().noneMatch(l -> l.startsWith(prefix))) {
            assertTrue(System.nanoTime() < end, "no line '" + prefix + "…' in " + logLines());
            Thread.sleep(20);
        }
    }

    @Test
    void retryAfterIsHonoured() throws Exception {
        api.stubFor(get(urlPathEqualTo("/rest/thread/" + A)).inScenario("a").whenScenarioStateIs(STARTED)
                .willReturn(aResponse().withStatus(429).withHeader("retry-after", "1")).willSetStateTo("ok"));
        api.stubFor(get(urlPathEqualTo("/rest/thread/" + A)).inScenario("a").whenScenarioStateIs("ok")
                .willReturn(okJson(thread(A, "A", "q", "a"))));

        assertTrue(fetchInBackground().get(30, TimeUnit.SECONDS) instanceof Map, "answered after the retry");

        List<LoggedRequest> sent = api.findAll(getRequestedFor(urlPathEqualTo("/rest/thread/" + A)));
        long gap = sent.get(1).getLoggedDate().getTime() - sent.get(0).getLoggedDate().getTime();
        assertTrue(gap >= 900, "waited the server's 1 s, not the 5 ms backoff: " + gap + " ms");
        assertTrue(logLines().contains("retry 2/3 in 1 s: HTTP 429 GET thread 1a2b3c4d (Retry-After)"), logLines().toString());
    }

    @Test
    void aLongWaitHasHeartbeatLinesAndAShutdownEndsIt() throws Exception {
        api.stubFor(get(urlPathEqualTo("/rest/thread/" + A)).willReturn(aResponse().withStatus(503).withHeader("Retry-After", "30")));

        CompletableFuture<Object> fetch = fetchInBackground();
        awaitLine("retry 2/3 in 30 s: HTTP 503 GET thread 1a2b3c4d (Retry-After)", 60);
        awaitLine("still waiting ", 60);
        assertTrue(logLines().stream().anyMatch(l -> l.matches("still waiting \\d+ s to retry 2/3: GET thread 1a2b3c4d")),
                logLines().toString());

        long stopped = System.nanoTime();
        context.stop();
        Object result = fetch.get(25, TimeUnit.SECONDS);
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - stopped);

        assertTrue(result instanceof RuntimeException, "the request failed, it was not retried: " + result);
        assertTrue(seconds < 25, "the 30 s wait ended with the shutdown: " + seconds + " s");
        assertEquals(1, api.findAll(getRequestedFor(urlPathEqualTo("/rest/thread/" + A))).size(), "not sent again");
    }
}
