package io.github.pplxexport.replay;

import io.github.pplxexport.json.PyJson;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Appends one JSON line per request, so tests can count and inspect what a client did:
 * {@code {"n","method","path","query","status","cookie","cookie_names","host","url","headers",
 * "session_headers","operation","fault"}}. {@code host} is the Host header; {@code url} the absolute URL of
 * a request sent through the replay as a proxy (null otherwise); {@code headers} every header name sent,
 * lower case; {@code session_headers} those of them that carry a session ({@link ReplayRequest#SESSION_HEADERS}).
 * Header and cookie values are secrets and never written; only names are.
 */
public final class RequestLog implements Closeable {
    private final BufferedWriter out;

    public RequestLog(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
    }

    static String line(long n, ReplayRequest request, ReplayResponse response) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("n", n);
        o.put("method", request.method());
        o.put("path", request.path());
        o.put("query", request.rawQuery());
        o.put("status", response.status());
        o.put("cookie", request.hasCookie());
        o.put("cookie_names", request.cookieNames());
        o.put("host", request.header("Host"));
        o.put("url", request.absoluteUrl());
        o.put("headers", request.headerNames());
        o.put("session_headers", request.sessionHeaderNames());
        o.put("operation", response.operation());
        o.put("fault", response.fault());
        return PyJson.compact(o);
    }

    /** Written and flushed at once, so a reader sees the line as soon as the client has its answer. */
    public synchronized void append(long n, ReplayRequest request, ReplayResponse response) throws IOException {
        out.write(line(n, request, response));
        out.write('\n');
        out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
