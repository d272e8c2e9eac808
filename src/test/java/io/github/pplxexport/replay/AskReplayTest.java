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

    @Test
    void askFaultsParseWithTheOthersAndBadOnesAreNamed() {
        FaultPlan plan = FaultPlan.parse("429@2,ask-status:FAILED,ask-drop@3,ask-stall:500,fresh-404:2");
        assertEquals(new AskFaults("FAILED", 3, 500, 2), AskFaults.parse(plan.toString()));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> FaultPlan.parse("ask-drop@x"));
        assertTrue(bad.getMessage().contains("ask-drop@x"), bad.getMessage());
    }
}
