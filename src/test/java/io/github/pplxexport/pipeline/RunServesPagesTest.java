package io.github.pplxexport.pipeline;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code run} serves the archive's pages on the management server's port beside its scheduled syncs, and what a
 * scheduled sync exports is in the search index at once (the index step of export-thread).
 */
class RunServesPagesTest {
    @TempDir
    Path tmp;

    @Test
    void theSyncedThreadsAppearInTheLibraryWhileRunRuns() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        AtomicReference<String> library = new AtomicReference<>("");
        AtomicReference<String> health = new AtomicReference<>("");
        HttpClient http = HttpClient.newHttpClient();
        Thread probe = new Thread(() -> {
            long end = System.currentTimeMillis() + 60_000;
            while (System.currentTimeMillis() < end && !library.get().contains("\"total\":4")) {
                try {
                    library.set(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/threads")).build(),
                            HttpResponse.BodyHandlers.ofString()).body());
                    String h = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/observe/health")).build(),
                            HttpResponse.BodyHandlers.ofString()).body();
                    if (!health.get().contains("UP")) {
                        health.set(h);
                    }
                    Thread.sleep(50);
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
            int code = lib.run("-D", "pplx.management.port=" + port, "run", "--cron", "0/2 * * * * ?", "--max-syncs", "3");
            probe.join(30_000);
            assertEquals(0, code);
            assertTrue(library.get().contains("\"total\":4"), "alice's four threads listed by the pages of run: " + library.get());
            assertTrue(health.get().contains("UP"), "health on the same port: " + health.get());
        }
    }
}
