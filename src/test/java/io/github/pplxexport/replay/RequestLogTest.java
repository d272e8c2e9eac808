package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RequestLogTest {
    @TempDir
    Path dir;

    @Test
    void logsOneJsonLinePerRequestWithoutCookieValues() throws IOException {
        Path archive = dir.resolve("archive");
        String uuid = TestArchive.uuid(1);
        new TestArchive(archive).thread(uuid).entries(3).write();
        Path logFile = dir.resolve("logs/requests.jsonl");
        String cursor;

        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(archive).withPageSize(2)
                .withRequestLog(logFile).withFaults(FaultPlan.parse("429@5")))) {
            TestClient client = new TestClient(server.baseUri());
            client.get(ReplayApi.SESSION_PATH);
            client.firstLibraryPage(25);
            List<Map<String, Object>> pages = client.threadPages(uuid, TestClient.PLAIN);
            cursor = J.str(pages.get(0), "next_cursor");
            new TestClient(server.baseUri()).withoutCookie().get(ReplayApi.THREAD_PREFIX + uuid + "?" + TestClient.PLAIN);
            assertEquals(2, pages.size());
            assertEquals(5, server.requestCount());
        }

        String text = Files.readString(logFile);
        assertFalse(text.contains("s3cr3t"), "cookie values never reach the log");
        List<String> lines = text.lines().toList();
        assertEquals(5, lines.size());
        List<Map<String, Object>> rows = lines.stream().map(l -> J.asMap(Json.parse(l))).toList();

        Map<String, Object> session = rows.get(0);
        assertEquals(1L, ((Number) session.get("n")).longValue());
        assertEquals("GET", session.get("method"));
        assertEquals(ReplayApi.SESSION_PATH, session.get("path"));
        assertEquals("", session.get("query"));
        assertEquals(200L, ((Number) session.get("status")).longValue());
        assertEquals(Boolean.TRUE, session.get("cookie"));
        assertEquals(List.of("__Secure-next-auth.session-token", "other"), session.get("cookie_names"));
        assertTrue(J.str(session, "host").startsWith("127.0.0.1:"));
        assertNull(session.get("url"), "not a proxied request");
        assertTrue(J.list(session, "headers").containsAll(List.of("cookie", "host")), session.toString());
        assertEquals(List.of("cookie"), session.get("session_headers"));
        assertNull(session.get("operation"));

        Map<String, Object> graphql = rows.get(1);
        assertEquals("POST", graphql.get("method"));
        assertEquals(LibraryQuery.FIRST_PAGE_OP, graphql.get("operation"));

        Map<String, Object> page2 = rows.get(3);
        assertEquals(ReplayApi.THREAD_PREFIX + uuid, page2.get("path"));
        assertEquals(TestClient.PLAIN + "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8),
                page2.get("query"), "the query is logged as sent, still percent-encoded");
        assertNull(page2.get("fault"));

        Map<String, Object> noCookie = rows.get(4);
        assertEquals(429L, ((Number) noCookie.get("status")).longValue());
        assertEquals("429", noCookie.get("fault"));
        assertEquals(Boolean.FALSE, noCookie.get("cookie"));
        assertEquals(List.of(), noCookie.get("cookie_names"));
        assertEquals(List.of(), noCookie.get("session_headers"));
        assertFalse(J.list(noCookie, "headers").contains("cookie"));
    }
}
