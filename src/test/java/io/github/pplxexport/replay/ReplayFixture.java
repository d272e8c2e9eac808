package io.github.pplxexport.replay;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;

/** The replay server of one test: {@code @RegisterExtension}; started by the test, closed after it. */
final class ReplayFixture implements AfterEachCallback {
    private ReplayServer server;

    /** (Re)starts the server; returns a client with the default session cookie. */
    TestClient start(ReplayOptions options) throws IOException {
        close();
        server = ReplayServer.start(options);
        return client();
    }

    /** Another client of the running server. */
    TestClient client() {
        return new TestClient(server.baseUri());
    }

    ReplayServer server() {
        return server;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        close();
    }

    private void close() {
        if (server != null) {
            server.close();
            server = null;
        }
    }
}
