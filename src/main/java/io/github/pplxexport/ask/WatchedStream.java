package io.github.pplxexport.ask;

import org.apache.hc.core5.http.io.EofSensorInputStream;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The ask answer's body as it arrives (camel-http hands it over unbuffered): remembers when the last byte came (the
 * idle heartbeat), keeps the read failure (a timeout, a connection cut mid-chunk) that the event splitter would
 * only see as the end of the stream, and ends at the final message: after {@link #finish()} it reads as
 * empty and closing it drops the connection instead of reading the rest of the answer.
 */
final class WatchedStream extends FilterInputStream {
    private volatile long lastByteNanos = System.nanoTime();
    private volatile boolean finished;
    private volatile IOException failure;

    WatchedStream(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (finished) {
            return -1;
        }
        try {
            int n = super.read(b, off, len);
            if (n > 0) {
                lastByteNanos = System.nanoTime();
            }
            return n;
        } catch (IOException e) {
            // kept for AskRun.ended; the splitter is told the stream ended (it would only swallow the failure, or
            // throw it when closing, after the events it read)
            if (!finished) {
                failure = e;
            }
            finished = true;
            return -1;
        }
    }

    @Override
    public int available() throws IOException {
        return finished ? 0 : super.available();
    }

    /** The final message came: nothing after it is read. */
    void finish() {
        finished = true;
    }

    boolean finished() {
        return finished;
    }

    /** The failure that ended the reading (null: the body ended, or the final message came). */
    IOException failure() {
        return failure;
    }

    /** Nanoseconds since the last byte arrived. */
    long idleNanos() {
        return System.nanoTime() - lastByteNanos;
    }

    /** Drops the connection (the rest of a stream is never read: a platform that keeps sending would hold us). */
    @Override
    public void close() throws IOException {
        finished = true;
        if (in instanceof EofSensorInputStream eof) {
            eof.abort();
        } else {
            in.close();
        }
    }
}
