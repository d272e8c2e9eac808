package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replay's drift rules change the answer's shape, one rule one change, and leave the stored response as it is. */
class PayloadDriftTest {
    private static final String PLAIN = "{\"thread_metadata\": {}, \"entries\": ["
            + "{\"uuid\": \"e1\", \"text\": \"[{\\\"step_type\\\": \\\"INITIAL_QUERY\\\", \\\"content\\\": {}},"
            + " {\\\"step_type\\\": \\\"SEARCH_WEB\\\", \\\"content\\\": {}},"
            + " {\\\"step_type\\\": \\\"FINAL\\\", \\\"content\\\": {\\\"answer\\\": \\\"42\\\"}}]\"},"
            + "{\"uuid\": \"e2\", \"text\": \"[]\"}], \"background_entries\": []}";
    private static final String BLOCKS = "{\"entries\": [{\"uuid\": \"e1\", \"blocks\": []}, {\"uuid\": \"e2\", \"blocks\": []}]}";

    private static Map<String, Object> drift(String stored, boolean blocks, FaultPlan.Mark... marks) {
        Set<FaultPlan.Mark> set = marks.length == 0 ? Set.of() : EnumSet.of(marks[0], marks);
        return PayloadDrift.apply(J.asMap(Json.parse(stored)), set, blocks);
    }

    private static String text(Map<String, Object> response, int entry) {
        return J.str(J.asMap(J.list(response, "entries").get(entry)), "text");
    }

    @Test
    void eachRuleChangesOneThing() {
        Map<String, Object> answer = drift(PLAIN, false, FaultPlan.Mark.DRIFT_ANSWER);
        assertTrue(text(answer, 0).contains("\"answer_v2\": \"42\""), text(answer, 0));
        assertFalse(text(answer, 0).contains("\"answer\":"), text(answer, 0));
        assertTrue(text(answer, 0).contains("\"SEARCH_WEB\""), "the steps keep their types");

        Map<String, Object> step = drift(PLAIN, false, FaultPlan.Mark.DRIFT_STEP);
        assertTrue(text(step, 0).contains("\"WEB_BROWSE_V2\"") && text(step, 0).contains("\"INITIAL_QUERY\"")
                && text(step, 0).contains("\"FINAL\""), text(step, 0));

        Map<String, Object> turn = drift(PLAIN, false, FaultPlan.Mark.DRIFT_TURN);
        assertEquals(List.of("e1"), J.list(turn, "entries").stream().map(e -> J.str(e, "uuid")).toList());

        Map<String, Object> blocks = drift(BLOCKS, true, FaultPlan.Mark.DRIFT_BLOCKS);
        Map<String, Object> first = J.asMap(J.list(blocks, "entries").get(0));
        assertEquals(Set.of("uuid", "blocks_v2"), first.keySet());
        assertEquals(J.asMap(Json.parse(PLAIN)), drift(PLAIN, false, FaultPlan.Mark.DRIFT_BLOCKS),
                "the block list is the schematized form's: the plain one is as stored");
    }

    @Test
    void theRulesParse() {
        FaultPlan plan = FaultPlan.parse("drift-answer:a,drift-step:a,drift-blocks:b,drift-turn:b,session-cloudflare");
        assertEquals(EnumSet.of(FaultPlan.Mark.DRIFT_ANSWER, FaultPlan.Mark.DRIFT_STEP), plan.drifts("a"));
        assertEquals(EnumSet.of(FaultPlan.Mark.DRIFT_BLOCKS, FaultPlan.Mark.DRIFT_TURN), plan.drifts("b"));
        assertEquals(Set.of(), plan.drifts("c"));
        assertTrue(plan.sessionChallenged());
        assertFalse(FaultPlan.parse("drift-turn:b").sessionChallenged());
    }
}
