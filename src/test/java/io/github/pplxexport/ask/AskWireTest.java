package io.github.pplxexport.ask;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ask on the wire (ask-stream.md §1-§2, §6): modes and models, the envelope, one event, the model catalog. */
class AskWireTest {
    @TempDir
    Path tmp;

    @Test
    void fourModesComputerRefusedAndTheModelCountsOfEach() {
        assertEquals(AskMode.DEEP_RESEARCH, AskMode.of(" Deep-Research "));
        IllegalArgumentException computer = assertThrows(IllegalArgumentException.class, () -> AskMode.of("computer"));
        assertEquals("--mode computer: computer threads cannot be asked; use search, deep-research, council or study",
                computer.getMessage());
        AskMode.COUNCIL.checkModels(List.of("a", "b"));
        AskMode.COUNCIL.checkModels(List.of("a", "b", "c"));
        AskMode.COUNCIL.checkModels(List.of());
        assertThrows(IllegalArgumentException.class, () -> AskMode.COUNCIL.checkModels(List.of("a")));
        assertThrows(IllegalArgumentException.class, () -> AskMode.COUNCIL.checkModels(List.of("a", "b", "c", "d")));
        AskMode.SEARCH.checkModels(List.of("sonar"));
        assertThrows(IllegalArgumentException.class, () -> AskMode.SEARCH.checkModels(List.of("a", "b")));
        assertThrows(IllegalArgumentException.class, () -> AskMode.STUDY.checkModels(List.of("a")));
        assertThrows(IllegalArgumentException.class, () -> AskMode.DEEP_RESEARCH.checkModels(List.of("a")));
        assertEquals(AskMode.COUNCIL, AskMode.ofModel("pplx_agentic_research"));
        assertEquals(AskMode.SEARCH, AskMode.ofModel("gpt55_thinking"));
    }

    @Test
    void theEnvelopeHasTheReferencesKeysInOrderAndIsPureAscii() {
        Map<String, Object> e = AskEnvelope.of("Größe 🦀?", "pplx_pro", List.of(), null, null, null);
        Map<String, Object> p = J.map(e, "params");
        assertEquals(31, p.size(), "31 keys for a plain search (ask-stream.md §1.2)");
        assertEquals(List.of("attachments", "language", "timezone"), List.copyOf(p.keySet()).subList(0, 3));
        assertEquals(List.of("version", "mode", "query_source", "frontend_uuid", "frontend_context_uuid",
                "time_from_first_type", "model_preference"), List.copyOf(p.keySet()).subList(24, 31));
        assertEquals(32, J.list(p, "supported_block_use_cases").size());
        String body = AskEnvelope.json(e);
        assertTrue(body.chars().allMatch(c -> c < 0x80), body);
        assertTrue(body.contains("\"query_str\": \"Gr\\u00f6\\u00dfe \\ud83e\\udd80?\""), body);
        assertTrue(body.contains("\"time_from_first_type\": 0.0, "));

        Map<String, Object> council = J.map(AskEnvelope.of("q", "pplx_agentic_research", List.of("a", "b"), "space-uuid", null, null), "params");
        assertEquals(List.of("a", "b"), council.get("compare_model_preferences"));
        assertEquals("space-uuid", council.get("target_collection_uuid"));
        assertEquals(1, council.get("target_thread_access_level"));

        Map<String, Object> follow = J.map(AskEnvelope.of("q", "pplx_alpha", List.of(), null, "prev-backend", "rw"), "params");
        assertEquals("followup", follow.get("query_source"));
        assertEquals("prev-backend", follow.get("last_backend_uuid"));
        assertEquals("rw", follow.get("read_write_token"));
        assertEquals("link", follow.get("followup_source"));
        assertFalse(follow.containsKey("frontend_context_uuid"));
    }

    @Test
    void anEventIsItsDataLinesJoinedAsTheReferenceReadsThem() {
        assertEquals(Map.of("a", 1), SseEvent.data("event: message\r\ndata: {\"a\": 1}").orElseThrow());
        assertEquals(Map.of("a", 1), SseEvent.data(": comment\nid: 7\ndata: {\"a\":\ndata:  1}").orElseThrow());
        assertEquals(Optional.empty(), SseEvent.data("event: end\ndata: [DONE]"));
        assertEquals(Optional.empty(), SseEvent.data("event: ping"));
        assertEquals(Optional.empty(), SseEvent.data(" data: {\"a\": 1}"), "data: only at column 0");
        // Python's splitlines breaks at U+2028 too: the event's JSON is cut there and lost (the server's rule)
        assertEquals(Optional.empty(), SseEvent.data("data: {\"t\": \"a\u2028b\"}"));
        assertEquals(List.of(1), SseEvent.data("data: [1]").orElseThrow(), "non-object data is passed on");
    }

    @Test
    void theCatalogMapsTheModesAndCutsCouncilToThree() throws Exception {
        ModelCatalog none = ModelCatalog.load(tmp);
        assertEquals("pplx_alpha", none.modelFor(AskMode.DEEP_RESEARCH, List.of()));
        assertEquals("sonar", none.modelFor(AskMode.SEARCH, List.of("sonar")));
        assertEquals(ModelCatalog.PINNED_COUNCIL, none.compareFor(AskMode.COUNCIL, List.of()));
        assertTrue(none.staleness(Instant.now()).isPresent());

        Map<String, Object> config = J.asMap(Json.parse("{\"default_models\": {\"pro\": \"best_v9\", \"deep research\": \"alpha_v9\","
                + " \"agentic_research\": \"council_v9\", \"studio\": \"study_v9\", \"asi\": \"x\"},"
                + " \"agentic_research_compare_models\": [\"m1\", \"m2\", \"m3\", \"m4\"], \"models\": {}}"));
        ModelCatalog.refresh(tmp, config, Instant.now());
        ModelCatalog c = ModelCatalog.load(tmp);
        assertEquals("best_v9", c.modelFor(AskMode.SEARCH, List.of()));
        assertEquals("alpha_v9", c.modelFor(AskMode.DEEP_RESEARCH, List.of()));
        assertEquals("council_v9", c.modelFor(AskMode.COUNCIL, List.of()));
        assertEquals("study_v9", c.modelFor(AskMode.STUDY, List.of()));
        assertEquals(List.of("m1", "m2", "m3"), c.compareFor(AskMode.COUNCIL, List.of()));
        assertEquals(Optional.empty(), c.staleness(Instant.now()));
        assertTrue(c.staleness(Instant.now().plusSeconds(8 * 86400)).orElseThrow().contains("older than 7 days"));
    }

    @Test
    void pendingAsksAreOneLineEachAndLeaveWhenArchived() throws Exception {
        PendingAsks p = new PendingAsks(tmp);
        p.add(PendingAsks.entry("u1", "url1", "alice", "search", "q1", "t", "cut"));
        p.add(PendingAsks.entry("u2", "url2", "bob", "study", "q2", "t", "cut"));
        p.add(PendingAsks.entry("u1", "url1", "alice", "search", "q1 again", "t", "cut"));
        assertEquals(2, Files.readAllLines(p.file()).size());
        assertEquals(List.of("q1 again"), p.of("alice").stream().map(m -> J.str(m, "prompt")).toList());
        assertTrue(p.remove("u1"));
        assertFalse(p.remove("u1"));
        assertEquals(List.of(), p.of("alice"));
        assertEquals(1, p.of("bob").size());
    }

    @Test
    void theReadingStopsAtTheFinalMessageThoughTheConnectionStaysOpen() throws Exception {
        AskRun run = new AskRun(tmp, AskConfig.none(), new io.github.pplxexport.camel.ApiErrors(), 0,
                java.time.Clock.systemUTC(), AskCounter.NONE);
        AskState ask = run.start(new AskRequest("alice", "q", AskMode.SEARCH, List.of(), null, false, true, null, null));
        java.io.PipedOutputStream server = new java.io.PipedOutputStream();
        java.io.PipedInputStream body = new java.io.PipedInputStream(server, 1 << 16);
        server.write(("event: message\r\ndata: {\"backend_uuid\": \"t1\", \"status\": \"PENDING\", \"text\": \"\"}\r\n\r\n"
                + ": keep-alive\n\nevent: message\ndata: {\"backend_uuid\": \"t1\", \"context_uuid\": \"c1\","
                + " \"status\": \"COMPLETED\", \"final_sse_message\": true}\n\n").getBytes(StandardCharsets.UTF_8));
        server.flush();
        // the platform may keep the connection open after the final message: nothing after it is waited for
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(5), () -> {
            java.util.Iterator<String> events = run.events(ask, body);
            while (events.hasNext()) {
                run.event(ask, events.next());
            }
        });
        run.ended(ask);
        assertEquals(AskState.Outcome.COMPLETED, ask.outcome());
        assertEquals("t1", ask.threadUuid());
        assertEquals("c1", ask.contextUuid());
    }
}
