package io.github.pplxexport.routes;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.github.pplxexport.export.BatchOptions;
import io.github.pplxexport.export.BatchSummary;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A local file error is not a network error: the thread fails at once, and the next one does not wait the backoff. */
class LocalFailureTest extends RouteTestSupport {
    static final String A = "1a2b3c4d-0000-4000-8000-00000000000a";
    static final String B = "5e6f7a8b-0000-4000-8000-00000000000b";

    @Override
    Properties properties() {
        Properties p = new Properties();
        p.put("pplx.retry.delay-ms", "60000");   // the wait after a request used up its retries
        return p;
    }

    @Test
    void aThreadWhoseFolderCannotBeMadeFailsAtOnceAndTheNextDoesNotWait() throws Exception {
        index(A, "A", "2026-05-02T00:00:00Z", B, "B", "2026-05-01T00:00:00Z");
        api.stubFor(get(urlPathEqualTo("/rest/thread/" + A)).willReturn(okJson(thread(A, "A", "q", "a", "blocked"))));
        api.stubFor(get(urlPathEqualTo("/rest/thread/" + B)).willReturn(okJson(thread(B, "B", "q", "b"))));
        Files.writeString(archive().resolve("blocked"), "a file where the author folder would go\n");

        ListAppender<ILoggingEvent> console = new ListAppender<>();
        console.start();
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.addAppender(console);
        long start = System.nanoTime();
        BatchSummary s;
        try {
            s = template.requestBody("direct:batch", new BatchOptions("alice", false, false, 0, null), BatchSummary.class);
        } finally {
            root.detachAppender(console);
        }
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        for (ILoggingEvent e : console.list) {
            if (e.getLevel().isGreaterOrEqual(Level.WARN)) {
                assertTrue(e.getLoggerName().startsWith("pplx") && !e.getFormattedMessage().contains("\n"),
                        "one line from the project, no Camel report: " + e.getLoggerName() + " " + e.getFormattedMessage());
            }
        }

        assertEquals("[batch] 完成。ok=1 skip=0 fail=1 / 共 2", s.line());
        assertTrue(seconds < 30, "no 60 s wait: " + seconds + " s");
        assertEquals(1, api.findAll(getRequestedFor(urlPathEqualTo("/rest/thread/" + A))).size(), "not fetched again");
        Map<String, Object> state = Json.readObject(archive().resolve("index/batch_state.json"));
        assertEquals("error", J.str(state.get(A), "status"));
        assertTrue(J.str(state.get(A), "error").contains("blocked"), "says which path: " + state.get(A));
        assertEquals("ok", J.str(state.get(B), "status"));
        assertTrue(logLines().stream().noneMatch(l -> l.startsWith("retry ")), logLines().toString());
        assertTrue(logLines().contains("[batch] 间隔 0.0s"), "the usual pause, no cool-down: " + logLines());
    }
}
