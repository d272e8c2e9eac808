package io.github.pplxexport.replay;

import com.sun.net.httpserver.HttpExchange;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;

/**
 * The faults that break the transfer itself rather than the answer: the status line and headers of the real
 * answer go out, then half of its body, then the connection ends. A client sees a 200 it cannot finish reading
 * (a network error), never a complete answer with a shorter body.
 * <ul>
 * <li>{@code truncated}: {@code Content-Length} of the whole body, half of it sent, then the connection closed
 *     (the client reads a premature end of a length-delimited body);</li>
 * <li>{@code reset}: chunked, half the body sent, then the connection dropped without the last chunk (a premature
 *     end of a chunked body).</li>
 * </ul>
 */
final class WireFaults {
    private static final String TRUNCATED = FaultPlan.Fault.Kind.TRUNCATED.name().toLowerCase(Locale.ROOT);
    private static final String RESET = FaultPlan.Fault.Kind.RESET.name().toLowerCase(Locale.ROOT);

    private WireFaults() {
    }

    /** True when {@code r} carries a transfer fault and was sent (cut) here; the caller sends it otherwise. */
    static boolean send(HttpExchange ex, ReplayResponse r) throws IOException {
        boolean truncated = TRUNCATED.equals(r.fault());
        if (!truncated && !RESET.equals(r.fault())) {
            return false;
        }
        ex.getResponseHeaders().set("Content-Type", r.contentType());
        r.headers().forEach((k, v) -> ex.getResponseHeaders().set(k, v));
        byte[] body = r.body();
        // 0 = chunked for the JDK server
        ex.sendResponseHeaders(r.status(), truncated ? body.length : 0);
        OutputStream out = ex.getResponseBody();
        out.write(body, 0, body.length / 2);
        out.flush();
        if (!truncated) {
            // closing the exchange would write the last chunk: its close fails instead, and the server drops the connection
            ex.setStreams(null, new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    throw new IOException("replay: reset");
                }

                @Override
                public void close() throws IOException {
                    throw new IOException("replay: reset");
                }
            });
        }
        // truncated: closing a length-delimited body before its end closes the connection
        return true;
    }
}
