package io.github.pplxexport.cli;

import io.github.pplxexport.replay.FaultPlan;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import io.github.pplxexport.testkit.ChildJvm;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The service mode as an operator scrapes it: a real {@code run} in its own JVM against a replay API with
 * injected faults; {@code /observe/metrics} counts threads, answers by status class, retries, dead letters by kind
 * and the last good sync, and {@code /observe/health} is DOWN after an auth abort, saying why.
 */
class ServiceMetricsTest {
    @TempDir
    Path tmp;

    private Path cookies;
    private int port;

    @BeforeEach
    void setUp() throws Exception {
        cookies = DemoCommand.writeCookies(tmp, "alice");
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
    }

    private ChildJvm.Running service(ReplayServer server) throws Exception {
        return ChildJvm.start(tmp, "--base-url", server.baseUri().toString(), "--cookies", cookies.toString(),
                "--out", tmp.resolve("out").toString(), "-D", "pplx.management.port=" + port,
                "-D", "pplx.retry.delay-ms=20", "-D", "pplx.retry.maximum-delay-ms=50",
                "run", "--no-pacing", "--cron", soonThenHalfAMinuteLater());
    }

    /**
     * Two ticks a minute: the first 6 s from now (the JVM is up by then; a fixed "0/20" waited 10 s on average),
     * the second 30 s later, well after the scrape.
     */
    static String soonThenHalfAMinuteLater() {
        int first = (java.time.LocalTime.now().getSecond() + 6) % 60;
        return first + "," + (first + 30) % 60 + " * * * * ?";
    }

    private HttpResponse<String> get(String path) throws Exception {
        return HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
                .send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(10)).build(),
                        HttpResponse.BodyHandlers.ofString());
    }

    /** The value of one Prometheus sample line, e.g. {@code pplx_retries_total 1.0}. */
    private static double sample(String metrics, String name) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + " (\\S+)$").matcher(metrics);
        assertTrue(m.find(), "no sample " + name + " in:\n" + metrics);
        return Double.parseDouble(m.group(1));
    }

    @Test
    void metricsCountThreadsAnswersRetriesAndTheLastGoodSync() throws Exception {
        // request 1: the service's own session check; 2: the scheduled sync's; 3: the index; 4: a thread, which
        // answers 503 once and is retried; one thread's payload has drifted (an unknown step type)
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample")).withPort(0)
                .withFaults(FaultPlan.parse("503@4,drift-step:11d645e5-36f6-41d8-ae4b-f26a7b60b287")));
             ChildJvm.Running p = service(server)) {
            long before = System.currentTimeMillis() / 1000;
            p.awaitLine("[run] scheduled sync #1 done", 120);

            String metrics = get("/observe/metrics").body();

            assertEquals(StopTest.aliceThreads(), sample(metrics, "pplx_threads_total{outcome=\"exported\"}"), metrics);
            assertEquals(0.0, sample(metrics, "pplx_threads_total{outcome=\"failed\"}"));
            assertEquals(0.0, sample(metrics, "pplx_threads_total{outcome=\"skipped\"}"));
            assertEquals(1.0, sample(metrics, "pplx_retries_total"));
            // the sample's one answer-variant sibling is refused (403): its dead letter, and nothing else
            assertEquals(1.0, sample(metrics, "pplx_dead_letters_total{kind=\"sibling_link\"}"), metrics);
            assertEquals(0.0, sample(metrics, "pplx_dead_letters_total{kind=\"thread\"}"));
            assertEquals(0.0, sample(metrics, "pplx_dead_letters_total{kind=\"asset\"}"));
            assertEquals(1.0, sample(metrics, "pplx_http_requests_total{class=\"5xx\"}"));
            assertEquals(1.0, sample(metrics, "pplx_schema_drift_total{kind=\"unknown_step_type\"}"), metrics);
            assertEquals(0.0, sample(metrics, "pplx_schema_drift_total{kind=\"unknown_block_type\"}"));
            assertTrue(sample(metrics, "pplx_http_requests_total{class=\"2xx\"}") >= 8, "sessions, index, thread pages");
            assertTrue(sample(metrics, "pplx_last_successful_sync_seconds") >= before - 1, metrics);
            assertEquals(200, get("/observe/health").statusCode());
            p.signal("TERM");
            assertEquals(143, p.waitFor(30).exit());
        }
    }

    @Test
    void healthIsDownAfterAnAuthAbortAndSaysWhy() throws Exception {
        // the first three thread requests of the scheduled sync answer 401: three auth failures in a row
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample")).withPort(0)
                .withFaults(FaultPlan.parse("401@4-6")));
             ChildJvm.Running p = service(server)) {
            p.awaitLine("[run] scheduled sync #1 aborted", 120);

            HttpResponse<String> health = get("/observe/health");

            assertEquals(503, health.statusCode(), health.body());
            assertTrue(health.body().contains("DOWN"), health.body());
            assertTrue(health.body().contains("scheduled sync #1 aborted: 3 auth failures in a row"), health.body());
            assertEquals(3.0, sample(get("/observe/metrics").body(), "pplx_threads_total{outcome=\"failed\"}"));
            p.signal("TERM");
            assertEquals(143, p.waitFor(30).exit());
        }
    }
}
