package io.github.pplxexport.routes;

import org.apache.camel.CamelExecutionException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Properties;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The first request of a run that times out (the API has not answered yet): sent once more after the short
 * {@code pplx.retry.first-request-delay-ms}, not after the backoff, then the run ends; once the API has answered,
 * a timeout gets the whole backoff again.
 */
class FirstRequestTest extends RouteTestSupport {
    private static final String SESSION = "/api/auth/session";

    @Override
    Properties properties() {
        Properties p = new Properties();
        p.put("camel.component.http.response-timeout", "300");
        p.put("camel.component.http.so-timeout", "300");
        return p;
    }

    /** The session checks WireMock received since {@code since} (a slow answer of an earlier test can land later). */
    private static long sessionChecks(java.util.Date since) {
        return api.findAll(getRequestedFor(urlPathEqualTo(SESSION))).stream()
                .filter(r -> !r.getLoggedDate().before(since)).count();
    }

    private List<String> retries() {
        return logLines().stream().filter(l -> l.startsWith("retry ")).toList();
    }

    @Test
    void aTimeoutBeforeAnyAnswerIsTriedOnceMore() {
        api.stubFor(get(urlPathEqualTo(SESSION)).willReturn(okJson("{\"user\": {\"username\": \"alice\"}}").withFixedDelay(1500)));
        java.util.Date start = new java.util.Date();

        assertThrows(CamelExecutionException.class, () -> template.requestBody("direct:check-session", "default", String.class));

        assertEquals(2, sessionChecks(start), "the request, then once more");
        assertEquals(List.of("retry 2/2 in 5 ms: network error (timed out) GET session"), retries());
    }

    @Test
    void afterTheFirstAnswerATimeoutGetsTheWholeBackoff() {
        api.stubFor(get(urlPathEqualTo(SESSION)).willReturn(okJson("{\"user\": {\"username\": \"alice\"}}")));
        assertEquals("alice", checkSessionOnceAnswered());
        api.stubFor(get(urlPathEqualTo(SESSION)).willReturn(okJson("{\"user\": {\"username\": \"alice\"}}").withFixedDelay(1500)));
        log.list.clear();
        java.util.Date start = new java.util.Date();

        assertThrows(CamelExecutionException.class, () -> template.requestBody("direct:check-session", "default", String.class));

        assertEquals(3, sessionChecks(start), "three attempts after the answer");
        assertEquals(List.of("retry 2/3", "retry 3/3"), retries().stream().map(l -> l.substring(0, 9)).toList());
    }
}
