package io.github.pplxexport.routes;

import org.apache.camel.CamelExecutionException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A refused connection on the first request: outside the service mode the run ends at once (no retry); in the
 * service mode ({@code run}, {@code pplx.schedule.enabled}) the backoff stays, as for any request.
 */
class ServiceModeRetryTest extends RouteTestSupport {
    /** A port nothing listens on (bound a moment, then closed). */
    static final int CLOSED = closedPort();

    private static int closedPort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    Properties properties() {
        Properties p = new Properties();
        p.put("pplx.api.base-url", "http://127.0.0.1:" + CLOSED);
        p.put("pplx.schedule.enabled", "true");
        // the service mode's HTTP server and meters are not what this test is about
        p.put("camel.management.enabled", "false");
        p.put("camel.metrics.enabled", "false");
        return p;
    }

    @Test
    void theServiceModeKeepsTheBackoffForARefusedFirstRequest() {
        assertThrows(CamelExecutionException.class, () -> template.requestBody("direct:check-session", "default", String.class));

        assertEquals(List.of("retry 2/3 in 5 ms: network error (connection refused) GET session", "retry 3/3"),
                logLines().stream().filter(l -> l.startsWith("retry ")).map(l -> l.startsWith("retry 3/3") ? "retry 3/3" : l).toList());
    }
}
