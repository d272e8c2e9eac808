package io.github.pplxexport.replay;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReplayServerTest {
    @TempDir
    Path dir;

    @Test
    void portZeroPicksAFreeLoopbackPortAndCloseReleasesIt() throws IOException {
        new TestArchive(dir).thread(TestArchive.uuid(1)).write();
        int port;
        try (ReplayServer a = ReplayServer.start(ReplayOptions.of(dir));
             ReplayServer b = ReplayServer.start(ReplayOptions.of(dir))) {
            port = a.port();
            assertTrue(port > 0);
            assertTrue(b.port() > 0 && b.port() != port, "two servers, two ports");
            assertEquals("http://127.0.0.1:" + port, a.baseUri().toString());
            assertEquals(200, new TestClient(a.baseUri()).get(ReplayApi.SESSION_PATH).statusCode());
        }
        assertThrows(ConnectException.class, () -> {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            }
        });
    }

    @Test
    void unknownPathsAndWrongMethodsAreRefused() throws IOException {
        new TestArchive(dir).thread(TestArchive.uuid(1)).write();
        try (ReplayServer s = ReplayServer.start(ReplayOptions.of(dir))) {
            TestClient client = new TestClient(s.baseUri());
            HttpResponse<String> missing = client.get("/rest/nothing-here");
            assertEquals(404, missing.statusCode());
            assertEquals("NOT_FOUND", TestClient.json(missing).get("error_code"));
            assertEquals(405, client.get(ReplayApi.GRAPHQL_PATH).statusCode());
        }
    }

    @Test
    void refusesAnArchiveThatIsNotADirectory() {
        assertThrows(IOException.class, () -> ReplayServer.start(ReplayOptions.of(dir.resolve("absent"))));
    }
}
