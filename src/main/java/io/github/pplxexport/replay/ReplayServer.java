package io.github.pplxexport.replay;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Serves a {@link ReplayApi} over HTTP on 127.0.0.1 with the JDK's built-in server; a thin adapter
 * that counts requests, applies the {@code slow} delay and writes the request log. The JDK server
 * accepts absolute-form request lines ({@code GET http://cdn.pplx-sample.invalid/… HTTP/1.1}, what a
 * client sends to its HTTP proxy) and routes them by path; the request keeps the URL's authority, so
 * {@link ReplayApi} can serve the sample CDN as a forward proxy. {@code CONNECT} (https) is not served.
 *
 * <pre>
 * try (ReplayServer s = ReplayServer.start(ReplayOptions.of(archiveDir).withPageSize(3))) {
 *     URI base = s.baseUri();   // http://127.0.0.1:&lt;port&gt;
 * }
 * </pre>
 */
public final class ReplayServer implements AutoCloseable {
    static {
        // without TCP_NODELAY, each small answer waits ~40 ms on the client's delayed ACK (the
        // JDK server writes headers and body separately); read once, when the first server starts
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private final HttpServer http;
    private final ExecutorService executor;
    private final ReplayApi api;
    private final RequestLog log;
    private final AtomicLong requests = new AtomicLong();

    private ReplayServer(HttpServer http, ExecutorService executor, ReplayApi api, RequestLog log) {
        this.http = http;
        this.executor = executor;
        this.api = api;
        this.log = log;
    }

    /** Binds 127.0.0.1 ({@code port} 0 picks a free port) and starts serving. */
    public static ReplayServer start(ReplayOptions options) throws IOException {
        if (!Files.isDirectory(options.archive())) {
            throw new IOException("archive is not a directory: " + options.archive());
        }
        ReplayApi api = new ReplayApi(options);
        // explicitly IPv4 loopback: never reachable from other machines, and baseUri() can say so
        HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", options.port()), 0);
        RequestLog log;
        try {
            log = options.requestLog() == null ? null : new RequestLog(options.requestLog());
        } catch (IOException e) {
            http.stop(0);
            throw e;
        }
        // several workers, so a client that gave up on a slow answer can retry at once
        ExecutorService executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "replay-http");
            t.setDaemon(true);
            return t;
        });
        ReplayServer server = new ReplayServer(http, executor, api, log);
        http.createContext("/", server::exchange);
        http.setExecutor(executor);
        http.start();
        return server;
    }

    public int port() {
        return http.getAddress().getPort();
    }

    /** {@code http://127.0.0.1:<port>}, without a trailing slash. */
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + port());
    }

    /** Number of requests answered or in flight so far. */
    public long requestCount() {
        return requests.get();
    }

    public ReplayApi api() {
        return api;
    }

    private void exchange(HttpExchange ex) throws IOException {
        boolean dropped = false;
        busy(+1);
        try {
            answer(ex);
        } catch (ReplayStream.Dropped d) {
            // no closing chunk: the connection is cut mid-answer (the JDK server closes it when a handler throws)
            dropped = true;
            throw d;
        } finally {
            if (!dropped) {
                ex.close();
            }
            busy(-1);
        }
    }

    /** Requests in flight, and since when the server has been answering without a pause. */
    private int inFlight;
    private long busySince;
    private long busyNanos;

    private synchronized void busy(int change) {
        long now = System.nanoTime();
        if (inFlight == 0 && change > 0) {
            busySince = now;
        }
        inFlight += change;
        if (inFlight == 0) {
            busyNanos += now - busySince;
        }
    }

    /**
     * How long, so far, at least one request was being answered: what a client waited for this server (a benchmark
     * takes it from the client's wall time to get the client's own work).
     */
    public synchronized long busyMillis() {
        return (busyNanos + (inFlight > 0 ? System.nanoTime() - busySince : 0)) / 1_000_000;
    }

    private void answer(HttpExchange ex) throws IOException {
        long n = requests.incrementAndGet();
        ReplayRequest request = toRequest(ex);
        ReplayResponse response = api.handle(n, request);
        if (response.delayMillis() > 0) {
            sleep(response.delayMillis());
        }
        if (log != null) {
            try {
                log.append(n, request, response);
            } catch (IOException e) {
                // a full disk must not turn every answer into a dropped connection
                System.err.println("replay: request log not written: " + e.getMessage());
            }
        }
        send(ex, response);
    }

    private static ReplayRequest toRequest(HttpExchange ex) throws IOException {
        URI uri = ex.getRequestURI();
        byte[] body;
        try (InputStream in = ex.getRequestBody()) {
            body = in.readAllBytes();
        }
        // an absolute-form request line (the client uses us as its HTTP proxy) keeps its host; the JDK
        // server accepts it and routes it by path like any other
        return new ReplayRequest(ex.getRequestMethod(), uri.getRawPath(), uri.getRawQuery(),
                ex.getRequestHeaders(), body, uri.isAbsolute() ? uri.getRawAuthority() : null);
    }

    private static void send(HttpExchange ex, ReplayResponse r) throws IOException {
        if (WireFaults.send(ex, r)) {
            return;
        }
        ex.getResponseHeaders().set("Content-Type", r.contentType());
        r.headers().forEach((k, v) -> ex.getResponseHeaders().set(k, v));
        if (r.stream() != null) {
            ex.sendResponseHeaders(r.status(), 0);     // chunked: written while it is sent
            r.stream().writeTo(ex.getResponseBody());
            return;
        }
        byte[] body = r.body();
        // -1 tells the JDK server "no body"; 0 would mean chunked
        ex.sendResponseHeaders(r.status(), body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops accepting, ends in-flight exchanges at once (a sleeping slow answer is interrupted), closes the log. */
    @Override
    public void close() {
        http.stop(0);
        executor.shutdownNow();
        api.close();
        try {
            executor.awaitTermination(2, TimeUnit.SECONDS);
            if (log != null) {
                log.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
