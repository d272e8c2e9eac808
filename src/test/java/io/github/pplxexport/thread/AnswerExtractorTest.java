package io.github.pplxexport.thread;

import io.github.pplxexport.testkit.RawThreads;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.github.pplxexport.testkit.RawThreads.arr;
import static io.github.pplxexport.testkit.RawThreads.entry;
import static io.github.pplxexport.testkit.RawThreads.finalJson;
import static io.github.pplxexport.testkit.RawThreads.finalStep;
import static io.github.pplxexport.testkit.RawThreads.obj;
import static io.github.pplxexport.testkit.RawThreads.step;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** extract_answer (reference-behaviour.md §8.8). */
class AnswerExtractorTest {
    /** 45 characters. */
    private static final String LONG = "This plain answer is longer than thirty chars";
    /** Exactly 30 characters: not "longer than 30". */
    private static final String THIRTY = "abcdefghijklmnopqrstuvwxyz0123";

    @SafeVarargs
    private static String answer(Map<String, Object>... steps) {
        return answerOf(entry("u1", "q", 1L, steps));
    }

    private static String answerOf(Map<String, Object> entry) {
        return RawThreads.turn(entry).answer();
    }

    @Test
    void aShortNonEmptyAnswerIsReturned() {
        assertEquals("Yes.", answer(finalJson(obj("answer", "Yes.", "web_results", arr()))));
    }

    @Test
    void theLastFinalStepIsTriedFirst() {
        assertEquals("second", answer(finalJson(obj("answer", "first")), step("SEARCH_WEB", obj()),
                finalJson(obj("answer", "second"))));
    }

    @Test
    void anEmptyAnswerKeySkipsTheLongStringFallbackOfThatStep() {
        assertEquals("", answer(finalJson(obj("answer", "", "structured", "a string that is far longer than thirty characters"))));
        assertEquals("", answer(finalJson(obj("answer", null, "structured", "a string that is far longer than thirty characters"))));
    }

    @Test
    void afterAnEmptyAnswerKeyAnEarlierFinalCanStillAnswer() {
        assertEquals(LONG, answer(finalStep(LONG),
                finalJson(obj("answer", "", "structured", "a string that is far longer than thirty characters"))));
        assertEquals("earlier", answer(finalJson(obj("answer", "earlier")), finalJson(obj("answer", ""))));
    }

    @Test
    void aDictWithoutAnswerGivesTheLongestStringOverThirtyCharactersFoundAnywhere() {
        Map<String, Object> dict = obj(
                "title", "short",
                "blocks", arr(obj("md", "a string of more than thirty characters"), 12L, THIRTY),
                "meta", obj("deep", arr(arr("an even longer string of more than thirty characters, deeper"))));
        assertEquals("an even longer string of more than thirty characters, deeper", answer(finalJson(dict)));
    }

    @Test
    void aDictWhoseStringsAreAllThirtyCharactersOrLessGivesNothing() {
        assertEquals("", answer(finalJson(obj("a", THIRTY, "b", arr("short")))));
        assertEquals("earlier one", answer(finalJson(obj("answer", "earlier one")), finalJson(obj("a", THIRTY))));
    }

    @Test
    void workflowSnapshotsGiveNothing() {
        assertEquals("", answer(finalJson(obj("workflow_snapshots",
                obj("toolu_x", arr(obj("note", "a string that is far longer than thirty characters")))))));
    }

    @Test
    void aRawStringLongerThanThirtyCharactersIsTheAnswerWhenItIsNotAJsonObject() {
        assertEquals(LONG, answer(finalStep(LONG)));
        String jsonList = "[\"a long string inside a JSON list, not a dict\"]";
        assertEquals(jsonList, answer(finalStep(jsonList)));
        assertEquals("", answer(finalStep(THIRTY)));
    }

    @Test
    void anAnswerThatOnlyStartsWithJsonIsNotJsonAndIsReturnedRaw() {
        // json.loads rejects trailing data ("Extra data"), so this is a plain-text answer, not an empty dict
        String text = "{} is an empty dict in Python, and [] is an empty list.";
        assertEquals(text, answer(finalStep(text)));
        String quoted = "{\"a\": 1} parses as an object; the text after it makes the whole answer plain text.";
        assertEquals(quoted, answer(finalStep(quoted)));
    }

    @Test
    void lengthsCountCharactersNotUtf16Units() {
        assertEquals("", answer(finalStep("😀".repeat(20))));          // 20 characters, 40 UTF-16 units
        assertEquals("😀".repeat(31), answer(finalStep("😀".repeat(31))));
    }

    @Test
    void withoutAFinalAnswerTheLongestPlanGoalOverEightyCharactersIsUsed() {
        String g81 = "g".repeat(81);
        String g100 = "Goal: " + "h".repeat(94);
        Map<String, Object> e = entry("u1", "q", 1L, finalJson(obj("workflow_snapshots", obj())));
        e.put("plan", obj("goals", arr(obj("description", g81), obj("description", g100), obj("description", "x".repeat(80)))));
        assertEquals(g100, answerOf(e));

        Map<String, Object> asString = entry("u2", "q", 1L);
        asString.put("plan", "{\"goals\": [{\"description\": \"" + g81 + "\"}]}");
        assertEquals(g81, answerOf(asString));

        Map<String, Object> tooShort = entry("u3", "q", 1L);
        tooShort.put("plan", obj("goals", arr(obj("description", "x".repeat(80)))));
        assertEquals("", answerOf(tooShort));
    }

    @Test
    void thePlanFallbackAlsoRunsAfterAnEmptyAnswerKey() {
        // Appendix C.9: the reference's code runs the plan fallback after the loop regardless
        String goal = "p".repeat(90);
        Map<String, Object> e = entry("u1", "q", 1L, finalJson(obj("answer", "")));
        e.put("plan", obj("goals", arr(obj("description", goal))));
        assertEquals(goal, answerOf(e));
    }

    @Test
    void aFinalAnswerBeatsThePlan() {
        Map<String, Object> e = entry("u1", "q", 1L, finalJson(obj("answer", "ok")));
        e.put("plan", obj("goals", arr(obj("description", "p".repeat(90)))));
        assertEquals("ok", answerOf(e));
    }
}
