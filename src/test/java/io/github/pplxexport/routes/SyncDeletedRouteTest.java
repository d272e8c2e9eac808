package io.github.pplxexport.routes;

import io.github.pplxexport.export.RunAbortedException;
import io.github.pplxexport.export.SyncDeleted;
import io.github.pplxexport.export.SyncDeletedOptions;
import io.github.pplxexport.export.SyncDeletedSummary;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.testkit.Archives;
import org.apache.camel.CamelExecutionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The answers of sync-deleted --online that the replay does not make (WireMock): a 404 is a deletion too, a 503
 * that stays after its retries and a 403 VIEW_THREAD_NOT_ALLOWED change nothing, and three 401 in a row stop
 * the run with the state as it was.
 */
class SyncDeletedRouteTest extends RouteTestSupport {
    static final List<String> CANDIDATES = List.of(
            "d1000000-0000-4000-8000-000000000001", "d2000000-0000-4000-8000-000000000002",
            "d3000000-0000-4000-8000-000000000003", "d4000000-0000-4000-8000-000000000004");
    static final String LISTED = "d9000000-0000-4000-8000-000000000009";

    @BeforeEach
    void archiveWithFourCandidates() throws Exception {
        index(LISTED, "still listed", "2026-03-01T00:00:00Z");
        Map<String, Object> state = new LinkedHashMap<>();
        for (String uuid : CANDIDATES) {
            state.put(uuid, Map.of("status", "ok", "lastUpdated", "2026-02-01T00:00:00Z", "title", "t " + uuid.charAt(1)));
            Map<String, Object> thread = new LinkedHashMap<>();
            thread.put("web_uuid", uuid);
            thread.put("title", "t " + uuid.charAt(1));
            thread.put("export_via", "alice");
            Archives.writeThread(archive(), "alice/search/2026-02-01_t_" + uuid.substring(0, 8), PyJson.pretty(thread),
                    Map.of("entries", List.of()), null);
        }
        Files.writeString(archive().resolve("index/batch_state.json"), PyJson.pretty(state), StandardCharsets.UTF_8);
    }

    private static String path(int i) {
        return "/rest/thread/" + CANDIDATES.get(i);
    }

    private Map<String, Object> state() throws Exception {
        return Json.readObject(archive().resolve("index/batch_state.json"));
    }

    @Test
    void a404IsGoneWhileA503AndAForbiddenThreadChangeNothing() throws Exception {
        api.stubFor(get(urlPathEqualTo(path(0))).willReturn(aResponse().withStatus(404).withBody("{\"error_code\": \"THREAD_NOT_FOUND\"}")));
        api.stubFor(get(urlPathEqualTo(path(1))).willReturn(aResponse().withStatus(503)));
        api.stubFor(get(urlPathEqualTo(path(2))).willReturn(okJson("{\"thread_metadata\": {}, \"entries\": []}")));
        api.stubFor(get(urlPathEqualTo(path(3))).willReturn(aResponse().withStatus(403).withBody("{\"error_code\": \"VIEW_THREAD_NOT_ALLOWED\"}")));
        Map<String, Archives.FileState> before = Archives.snapshot(archive());

        SyncDeletedSummary s = template.requestBody("direct:sync-deleted", new SyncDeletedOptions("alice", 0),
                SyncDeletedSummary.class);

        assertEquals(new SyncDeletedSummary(4, 1, 1, 2, 0), s);
        assertEquals(3, api.findAll(getRequestedFor(urlPathEqualTo(path(1)))).size(), "the 503 was retried, then left");
        Map<String, Object> state = state();
        assertEquals("deleted", J.str(state.get(CANDIDATES.get(0)), "status"));
        assertEquals(SyncDeleted.NOTE_NOT_FOUND, J.str(state.get(CANDIDATES.get(0)), "note"));
        for (int i = 1; i < 4; i++) {
            assertEquals("ok", J.str(state.get(CANDIDATES.get(i)), "status"), CANDIDATES.get(i));
        }
        Map<String, Archives.FileState> after = Archives.snapshot(archive());
        for (Map.Entry<String, Archives.FileState> e : before.entrySet()) {
            boolean stamped = e.getKey().endsWith(CANDIDATES.get(0).substring(0, 8) + "/thread.json");
            if (stamped) {
                assertTrue(new String(after.get(e.getKey()).bytes(), StandardCharsets.UTF_8).contains("\"remote_deleted\": \""));
            } else if (!e.getKey().equals("index/batch_state.json")) {
                assertEquals(e.getValue(), after.get(e.getKey()), e.getKey() + " untouched");
            }
        }
        assertEquals(before.keySet(), after.keySet(), "nothing deleted, moved or added");
    }

    @Test
    void threeAuthFailuresInARowStopTheRun() throws Exception {
        for (int i = 0; i < 4; i++) {
            api.stubFor(get(urlPathEqualTo(path(i))).willReturn(aResponse().withStatus(401).withBody("{}")));
        }
        Map<String, Object> before = state();

        CamelExecutionException e = assertThrows(CamelExecutionException.class, () ->
                template.requestBody("direct:sync-deleted", new SyncDeletedOptions("alice", 0), SyncDeletedSummary.class));

        Throwable cause = e;
        while (cause != null && !(cause instanceof RunAbortedException)) {
            cause = cause.getCause();
        }
        assertInstanceOf(RunAbortedException.class, cause, "aborted (exit 3): " + e);
        assertTrue(cause.getMessage().startsWith("3 auth failures in a row"), cause.getMessage());
        for (int i = 0; i < 3; i++) {
            assertEquals(1, api.findAll(getRequestedFor(urlPathEqualTo(path(i)))).size(), "401 is not retried");
        }
        assertEquals(0, api.findAll(getRequestedFor(urlPathEqualTo(path(3)))).size(), "the fourth is never asked");
        assertEquals(before, state(), "no state change");
        assertFalse(Files.readString(archive().resolve("alice/search/2026-02-01_t_d1000000/thread.json")).contains("remote_deleted"));
    }
}
