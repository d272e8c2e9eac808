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

    static java.util.Optional<String> fetch(HttpClient http, int port, String path) {
        try {
            return java.util.Optional.of(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                    HttpResponse.BodyHandlers.ofString()).body());
        } catch (Exception notYet) {
            return java.util.Optional.empty();
        }
    }

    static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void theSyncedThreadsAppearInTheLibraryWhileRunRuns() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        AtomicReference<String> library = new AtomicReference<>("");
        AtomicReference<String> health = new AtomicReference<>("");
        HttpClient http = HttpClient.newHttpClient();
        // polls the pages and the health check of the one server until the synced threads are listed
        Thread probe = new Thread(() -> {
            for (long end = System.currentTimeMillis() + 60_000; System.currentTimeMillis() < end
                    && !library.get().contains("\"total\":4"); pause(50)) {
                fetch(http, port, "/api/threads").ifPresent(library::set);
                fetch(http, port, "/observe/health").filter(h -> !health.get().contains("UP")).ifPresent(health::set);
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
