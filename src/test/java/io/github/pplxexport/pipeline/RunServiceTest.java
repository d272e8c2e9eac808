package io.github.pplxexport.pipeline;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The service mode: scheduled syncs in a long-running Camel Main, health and metrics over HTTP. */
class RunServiceTest {
    @TempDir
    Path tmp;

    @Test
    void cronTriggeredSyncsExportThenEarlyStopWhileHealthAndMetricsAnswer() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        AtomicReference<String> health = new AtomicReference<>("");
        AtomicReference<String> metrics = new AtomicReference<>("");
        int managementPort = port;
        Thread probe = new Thread(() -> {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(200)).build();
            // poll until the service has been seen UP with metrics (it may be stopping by the time we look)
            for (int i = 0; i < 300 && !(health.get().contains("UP") && metrics.get().contains("camel")); i++) {
                try {
                    String h = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort + "/observe/health")).build(),
                            HttpResponse.BodyHandlers.ofString()).body();
                    if (!health.get().contains("UP")) {
                        health.set(h);
                    }
                    metrics.set(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort + "/observe/metrics")).build(),
                            HttpResponse.BodyHandlers.ofString()).body());
                    Thread.sleep(20);
                } catch (Exception notYet) {
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        });
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve()) {
            probe.start();
            int code = lib.run("-D", "pplx.management.port=" + port, "run", "--cron", "0/1 * * * * ?", "--max-syncs", "3");
            probe.join(10_000);

            assertEquals(0, code);
            assertTrue(health.get().contains("UP"), "health: " + health.get());
            assertTrue(metrics.get().contains("camel"), "Prometheus metrics served");
            // the first scheduled sync exported alice's four threads, the later ones found nothing new
            assertEquals(4, lib.allThreadRequests().stream().filter(r -> !LiveLibrary.schematized(r)).count());
            assertEquals(1, lib.siblingProbes().size(), "the answer-variant sibling is probed once, not at every sync");
            assertEquals(1, ErrorRoutingTest.deadLetters(lib, "sibling_link").size(), "one dead letter for it, ever");
            assertTrue(Files.exists(lib.out.resolve("index/library_alice.json")));
            assertEquals(4, LiveLibrary.files(lib.out).keySet().stream().filter(f -> f.endsWith("conversation.md")).count());
        }
    }
}
