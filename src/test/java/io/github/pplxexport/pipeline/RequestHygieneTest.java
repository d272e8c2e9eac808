package io.github.pplxexport.pipeline;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import io.github.pplxexport.json.J;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DESIGN.md §3: cookies are never logged, never written anywhere but an owner-only cache, and never sent to any
 * host but the API host. A whole {@code sync} with a debug log file: every request goes to the base URL's host,
 * every API request carries the Cookie header, and no cookie value shows up in the request log, the debug log or
 * any archive file.
 */
class RequestHygieneTest {
    private static final String TOKEN = "sess-7f3c9a1e5b2d4c6e8a0b";
    private static final String CLEARANCE = "cfclr-d41d8cd98f00b204e980";
    private static final String BM = "cfbm-0cc175b9c0f1b6a831c3";
    /** A cookie of another site in the same file: never sent to the API host. */
    private static final String FOREIGN = "foreign-92eb5ffee6ae2fec3ad7";

    @TempDir
    Path tmp;

    @Test
    void requestsGoToTheBaseHostWithTheCookieAndNoValueIsEverWritten() throws Exception {
        String extra = "127.0.0.1\tFALSE\t/\tFALSE\t0\tcf_clearance\t" + CLEARANCE + "\n"
                + "127.0.0.1\tFALSE\t/\tFALSE\t0\t__cf_bm\t" + BM + "\n"
                + ".example.org\tTRUE\t/\tFALSE\t0\tforeign\t" + FOREIGN + "\n";
        Path debugLog = tmp.resolve("debug.log");
        LoggerContext ctx = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        Level rootLevel = root.getLevel();
        List<Appender<ILoggingEvent>> before = appenders(root);
        try (LiveLibrary lib = LiveLibrary.of(tmp).withSecretCookies("alice", "alice", TOKEN, extra).serve(5, null)) {
            assertEquals(0, lib.run("sync", "--log-file", debugLog.toString()));

            List<Map<String, Object>> requests = lib.requests();
            String host = "127.0.0.1:" + lib.server().port();
            assertTrue(requests.size() >= 1 + 1 + 4, "session, listing and alice's four threads: " + requests.size());
            assertEquals(4, lib.exportedUuids().size(), "alice's four threads were exported");
            for (Map<String, Object> r : requests) {
                assertEquals(host, J.str(r, "host"), "request to the base URL host: " + r);
                assertEquals(Boolean.TRUE, r.get("cookie"), "API request with its Cookie header: " + r);
                assertEquals(List.of("__Secure-next-auth.session-token", "cf_clearance", "__cf_bm"),
                        J.asList(r.get("cookie_names")), "the host's cookies, no other site's: " + r);
            }
            assertTrue(requests.stream().anyMatch(r -> J.str(r, "path").equals("/api/auth/session")));
            assertTrue(requests.stream().anyMatch(r -> J.str(r, "path").equals("/rest/perplexity_ask/graphql")));

            String debug = Files.readString(debugLog, StandardCharsets.UTF_8);
            assertTrue(debug.contains("GET /rest/thread/"), "the debug log traces the requests");
            for (String secret : List.of(TOKEN, CLEARANCE, BM, FOREIGN)) {
                assertFalse(Files.readString(lib.requestLogFile()).contains(secret), "request log leaks " + secret);
                assertFalse(debug.contains(secret), "debug log leaks " + secret);
                for (Map.Entry<String, byte[]> f : LiveLibrary.files(lib.out).entrySet()) {
                    if (f.getKey().equals("index/.cookies.json")) {
                        // the one place cookies may be kept: the owner-only cache (reference §5.6)
                        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                                Files.getPosixFilePermissions(lib.out.resolve(f.getKey()))));
                        continue;
                    }
                    assertFalse(new String(f.getValue(), StandardCharsets.ISO_8859_1).contains(secret),
                            f.getKey() + " leaks " + secret);
                }
            }
            assertFalse(LiveLibrary.files(lib.out).isEmpty());
        } finally {
            // --log-file switches the root logger to DEBUG and adds a file appender: undo for the next tests
            for (Appender<ILoggingEvent> a : appenders(root)) {
                if (!before.contains(a)) {
                    root.detachAppender(a);
                    a.stop();
                }
            }
            root.setLevel(rootLevel);
        }
    }

    private static List<Appender<ILoggingEvent>> appenders(Logger logger) {
        List<Appender<ILoggingEvent>> list = new ArrayList<>();
        for (Iterator<Appender<ILoggingEvent>> it = logger.iteratorForAppenders(); it.hasNext(); ) {
            list.add(it.next());
        }
        return list;
    }
}
