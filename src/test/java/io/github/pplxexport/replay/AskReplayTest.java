package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replay's ask endpoint checks the envelope as the platform would; its faults parse with the others. */
class AskReplayTest {
    static final Path SAMPLE = Path.of("archive-sample");

    private static ReplayResponse post(ReplayApi api, String path, String body) {
        return api.handle(1, new ReplayRequest("POST", path, "", Map.of("Content-Type", List.of("application/json")),
                body.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aBadEnvelopeIs400AndAGoodOneStreams() {
        ReplayApi api = new ReplayApi(ReplayOptions.of(SAMPLE));
        try {
            assertEquals(400, post(api, AskReplay.ASK_PATH, "not json").status());
            assertEquals(400, post(api, AskReplay.ASK_PATH, "{\"params\": {\"mode\": \"concise\", \"model_preference\": \"pplx_pro\"}, \"query_str\": \"q\"}").status());
            assertEquals(400, post(api, AskReplay.ASK_PATH, "{\"params\": {\"mode\": \"copilot\", \"model_preference\": \"pplx_pro\"}, \"query_str\": \" \"}").status());
            assertEquals(400, post(api, AskReplay.ASK_PATH, "{\"params\": {\"mode\": \"copilot\", \"model_preference\": \"gpt2\"}, \"query_str\": \"q\"}").status());
            assertEquals(400, post(api, AskReplay.ASK_PATH, "{\"params\": {\"mode\": \"copilot\", \"model_preference\": \"pplx_agentic_research\","
                    + " \"compare_model_preferences\": [\"sonar\"]}, \"query_str\": \"q\"}").status());
            assertEquals(400, post(api, AskReplay.ASK_PATH, "{\"params\": {\"mode\": \"copilot\", \"model_preference\": \"pplx_pro\","
                    + " \"query_source\": \"followup\", \"last_backend_uuid\": \"nope\"}, \"query_str\": \"q\"}").status());
            ReplayResponse ok = post(api, AskReplay.ASK_PATH, "{\"params\": {\"mode\": \"copilot\", \"model_preference\": \"pplx_study\"}, \"query_str\": \"q\"}");
            assertEquals(200, ok.status());
            assertTrue(ok.contentType().startsWith("text/event-stream"));
            assertTrue(ok.stream() != null, "streamed");
            Map<String, Object> models = J.asMap(Json.parse(api.handle(2, ReplayRequest.get(AskReplay.MODELS_PATH)).bodyText()));
            assertEquals("pplx_alpha", J.str(J.map(models, "default_models"), "research"));
        } finally {
            api.close();
        }
    }

    /**
     * One owner of /rest/collections/: a space made here is answered by get_collection, listed by
     * list_user_collections once, and lists the asked thread batch_move_threads moved into it; a second POST of the
     * same title is a second space, as on the platform; the archive's spaces keep their owner and contributors.
     */
    @Test
    void aSpaceMadeHereServesEveryCollectionEndpointWithTheAskedThreadMovedIntoIt() throws Exception {
        ReplayApi api = new ReplayApi(ReplayOptions.of(SAMPLE).withAskChunkMillis(1));
        try {
            Map<String, Object> made = J.asMap(Json.parse(post(api, "/rest/collections/create_collection",
                    "{\"title\": \"Research BOT\", \"description\": \"asks\"}").bodyText()));
            String slug = J.str(made, "slug");
            assertTrue(slug.startsWith("research-bot-") && J.str(made, "url").endsWith("/spaces/" + slug), made.toString());
            Map<String, Object> again = J.asMap(Json.parse(post(api, "/rest/collections/create_collection",
                    "{\"title\": \"Research BOT\"}").bodyText()));
            assertTrue(!J.str(again, "uuid").equals(J.str(made, "uuid")), "a second POST is a second space");
            assertEquals(400, post(api, "/rest/collections/create_collection", "{\"title\": \" \"}").status());
            assertEquals(J.str(made, "uuid"), J.str(get(api, "/rest/collections/get_collection?collection_slug=" + slug), "uuid"));
            assertEquals(List.of(), get(api, "/rest/collections/list_collection_threads?collection_slug=" + slug));

            ReplayResponse asked = post(api, AskReplay.ASK_PATH,
                    "{\"params\": {\"mode\": \"copilot\", \"model_preference\": \"pplx_pro\"}, \"query_str\": \"Moved?\"}");
            java.io.ByteArrayOutputStream events = new java.io.ByteArrayOutputStream();
            asked.stream().writeTo(events);
            String last = events.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains("\"final_sse_message\": true"))
                    .findFirst().orElseThrow();
            Map<String, Object> data = J.asMap(Json.parse(last.substring("data: ".length())));
            Map<String, Object> moved = J.asMap(Json.parse(post(api, "/rest/collections/batch_move_threads",
                    "{\"context_uuids\": [\"" + J.str(data, "context_uuid") + "\"], \"new_collection_uuid\": \"" + J.str(made, "uuid") + "\"}")
                    .bodyText()));
            assertEquals(1L, J.toLong(J.get(moved, "moved_count"), 0));
            List<Object> listed = J.asList(get(api, "/rest/collections/list_collection_threads?collection_slug=" + slug));
            assertEquals(1, listed.size(), listed.toString());
            assertEquals(J.str(data, "thread_url_slug"), J.str(listed.get(0), "uuid"));
            assertEquals(J.str(data, "context_uuid"), J.str(listed.get(0), "context_uuid"));
            List<Object> mine = J.asList(get(api, "/rest/collections/list_user_collections"));
            assertEquals(1, mine.stream().filter(c -> slug.equals(J.str(c, "slug"))).count(), "listed once: " + mine);

            // a space of the archive (thread.json.space of alice's ETags thread): its owner is its threads' author
            Object archived = get(api, "/rest/collections/get_collection?collection_slug=web-platform-notes-k3v9qa");
            assertEquals("1f90ac2e-ee8f-48cc-95ca-076885c47721", J.str(archived, "uuid"));
            assertEquals("alice", J.str(J.map(archived, "owner_user"), "username"));
            assertEquals(1, mine.stream().filter(c -> "web-platform-notes-k3v9qa".equals(J.str(c, "slug"))).count());
        } finally {
            api.close();
        }
    }

    private static Object get(ReplayApi api, String pathAndQuery) {
        ReplayResponse r = api.handle(1, ReplayRequest.get(pathAndQuery));
        assertEquals(200, r.status(), pathAndQuery + ": " + r.bodyText());
        return Json.parse(r.bodyText());
    }

    @Test
    void askFaultsParseWithTheOthersAndBadOnesAreNamed() {
        FaultPlan plan = FaultPlan.parse("429@2,ask-status:FAILED,ask-drop@3,ask-stall:500,fresh-404:2");
        assertEquals(new AskFaults("FAILED", 3, 500, 2), AskFaults.parse(plan.toString()));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> FaultPlan.parse("ask-drop@x"));
        assertTrue(bad.getMessage().contains("ask-drop@x"), bad.getMessage());
    }
}
