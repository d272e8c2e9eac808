package io.github.pplxexport.thread;

import io.github.pplxexport.testkit.RawThreads;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.github.pplxexport.testkit.RawThreads.arr;
import static io.github.pplxexport.testkit.RawThreads.entry;
import static io.github.pplxexport.testkit.RawThreads.finalJson;
import static io.github.pplxexport.testkit.RawThreads.obj;
import static io.github.pplxexport.testkit.RawThreads.response;
import static io.github.pplxexport.testkit.RawThreads.sourcesItem;
import static io.github.pplxexport.testkit.RawThreads.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Citation channels, normalisation and de-duplication (reference-behaviour.md §2.6, §8.9). */
class CitationsTest {

    private static Map<String, Object> src(String name, String url) {
        return obj("name", name, "url", url);
    }

    private static Map<String, Object> webResults(Map<?, ?>... results) {
        return finalJson(obj("answer", "short", "web_results", arr((Object[]) results)));
    }

    /** A tool-output step whose workflow items hold a SOURCES item (channel 3). */
    private static Map<String, Object> toolOutputWithSources(String... nameUrl) {
        return step("ASI_TOOL_OUTPUT", obj("workflow_items", arr(sourcesItem(nameUrl))));
    }

    private static List<String> urls(List<Citation> cs) {
        List<String> out = new ArrayList<>();
        cs.forEach(c -> out.add(c.url()));
        return out;
    }

    private static Turn turn(Map<String, Object> entry) {
        return RawThreads.turn(entry);
    }

    /** A source dict with a timestamp. */
    private static Map<String, Object> dated(String name, String url, String timestamp) {
        return obj("name", name, "url", url, "timestamp", timestamp);
    }

    /** A step whose workflow items hold one SOURCES item with the given source dicts. */
    private static Map<String, Object> toolOutputWith(Map<?, ?>... sources) {
        return step("ASI_TOOL_OUTPUT", obj("workflow_items", arr(obj("type", "WORKFLOW_ITEM_SOURCES",
                "payload", obj("sources_payload", obj("sources", arr((Object[]) sources)))))));
    }

    @Test
    void entrySourcesFirstThenOneWalkOverTheStepsInOrder() {
        Map<String, Object> e = entry("u1", "q", 1L,
                toolOutputWithSources("C", "https://c.example.org/"),
                webResults(src("B1", "https://b1.example.org/")),
                toolOutputWithSources("D", "https://d.example.org/"),
                webResults(src("B2", "https://b2.example.org/")));
        e.put("sources", arr(src("A", "https://a.example.org/")));
        // §8.9 (corrected): per step, its FINAL web_results, then its workflow-item sources
        assertEquals(List.of("https://a.example.org/", "https://c.example.org/", "https://b1.example.org/",
                "https://d.example.org/", "https://b2.example.org/"), urls(turn(e).citations()));
    }

    @Test
    void aWorkflowSourceBeforeTheFinalStepWinsWithItsTimestamp() {
        Map<String, Object> e = entry("u1", "q", 1L,
                toolOutputWith(dated("From the tool", "https://same.example.org/", "2033-10-06T15:43:30")),
                webResults(src("From the answer", "https://same.example.org/")));
        List<Citation> cs = turn(e).citations();
        assertEquals(1, cs.size());
        assertEquals("From the tool", cs.get(0).name());
        assertEquals("2033-10-06T15:43:30", cs.get(0).timestamp());
    }

    @Test
    void aFinalWebResultBeforeTheWorkflowSourceWinsWithoutATimestamp() {
        Map<String, Object> e = entry("u1", "q", 1L,
                webResults(src("From the answer", "https://same.example.org/")),
                toolOutputWith(dated("From the tool", "https://same.example.org/", "2033-10-06T15:43:30")));
        List<Citation> cs = turn(e).citations();
        assertEquals(1, cs.size());
        assertEquals("From the answer", cs.get(0).name());
        assertNull(cs.get(0).timestamp(), "no timestamp reads as null, never \"\"");
    }

    @Test
    void aRawTimestampIsKeptAsSentAnEmptyOneIncluded() {
        Map<String, Object> e = entry("u1", "q", 1L);
        Map<String, Object> nullStamp = obj("name", "null stamp", "url", "https://n.example.org/", "date", "2026-01-02");
        nullStamp.put("timestamp", null);
        e.put("sources", arr(obj("name", "empty", "url", "https://e.example.org/", "timestamp", "", "date", "2026-01-02"),
                nullStamp, obj("name", "number", "url", "https://d.example.org/", "timestamp", 1700000000)));
        List<Citation> cs = turn(e).citations();
        assertEquals("", cs.get(0).timestamp(), "\"\" stays \"\" (the reference's sources.json has it)");
        assertEquals("2026-01-02", cs.get(1).timestamp(), "a null timestamp falls back to date");
        assertEquals(1700000000, ((Number) cs.get(2).timestamp()).intValue(), "the raw JSON value, not a string");
    }

    @Test
    void perTurnDedupeByUrlKeepsTheFirstOccurrence() {
        Map<String, Object> e = entry("u1", "q", 1L,
                webResults(src("Second", "https://x.example.org/"), src("Other", "https://y.example.org/")),
                toolOutputWithSources("Third", "https://x.example.org/", "Again", "https://y.example.org/"));
        e.put("sources", arr(src("First", "https://x.example.org/"), src("First again", "https://x.example.org/")));
        List<Citation> cs = turn(e).citations();
        assertEquals(List.of("https://x.example.org/", "https://y.example.org/"), urls(cs));
        assertEquals("First", cs.get(0).name());
        assertEquals("Other", cs.get(1).name());
    }

    @Test
    void citationsWithoutUrlAreDropped() {
        Map<String, Object> e = entry("u1", "q", 1L,
                webResults(src("empty", ""), obj("name", "no url"), src("kept", "https://k.example.org/")),
                step("ASI_TOOL_OUTPUT", obj("workflow_items", arr(sourcesItem("blank", "")))));
        e.put("sources", arr(src("empty", ""), obj("name", "no url at all"), "web", 3L));
        assertEquals(List.of("https://k.example.org/"), urls(turn(e).citations()));
    }

    @Test
    void fieldNameFallbacksAndDefaultCategory() {
        Map<String, Object> e = entry("u1", "q", 1L);
        e.put("sources", arr(
                obj("title", "Title only", "link", "https://l.example.org/", "text", "from text", "date", "2026-01-02", "type", "academic"),
                obj("name", "", "title", "Empty name falls back", "url", "https://e.example.org/"),
                obj("name", "Name wins", "title", "not this", "url", "https://n.example.org/", "snippet", "s",
                        "text", "not this", "timestamp", "2026-03-04", "date", "not this", "category", "video", "type", "not this"),
                obj("url", "https://bare.example.org/")));
        List<Citation> cs = turn(e).citations();
        assertEquals(new Citation("Title only", "https://l.example.org/", "from text", "2026-01-02", "academic"), cs.get(0));
        assertEquals(new Citation("Empty name falls back", "https://e.example.org/", "", null, "web"), cs.get(1));
        assertEquals(new Citation("Name wins", "https://n.example.org/", "s", "2026-03-04", "video"), cs.get(2));
        assertEquals(new Citation("", "https://bare.example.org/", "", null, "web"), cs.get(3));
        assertEquals(4, cs.size());
    }

    @Test
    void nameIsCutAt200AndSnippetAt500CodePoints() {
        String longName = "😀".repeat(250);
        String longSnippet = "é".repeat(10) + "𝔸".repeat(600);
        Map<String, Object> e = entry("u1", "q", 1L);
        e.put("sources", arr(obj("name", longName, "url", "https://long.example.org/", "snippet", longSnippet),
                obj("name", "x".repeat(200), "url", "https://exact.example.org/", "snippet", "y".repeat(500))));
        List<Citation> cs = turn(e).citations();
        assertEquals("😀".repeat(200), cs.get(0).name());
        assertEquals("é".repeat(10) + "𝔸".repeat(490), cs.get(0).snippet());
        assertEquals("x".repeat(200), cs.get(1).name());
        assertEquals("y".repeat(500), cs.get(1).snippet());
    }

    @Test
    void threadLevelKeepsTheFirstOccurrenceAcrossTurnsThenSortsStablyByCodePoint() {
        Map<String, Object> e1 = entry("u1", "q1", 1_000L);
        e1.put("sources", arr(src("Zeta", "https://1.example.org/"), src("Alpha", "https://2.example.org/"),
                src("😀 smile", "https://6.example.org/")));
        Map<String, Object> e2 = entry("u2", "q2", 2_000L);
        e2.put("sources", arr(src("Aardvark (later duplicate)", "https://1.example.org/"),
                src("Alpha", "https://3.example.org/"), src("", "https://4.example.org/"),
                src("apple", "https://5.example.org/"), src("ｚ full-width", "https://7.example.org/")));
        // raw order puts turn 2 first: turn order comes from created_us
        List<Turn> turns = RawThreads.turns(response(obj(), arr(e2, e1), arr()));
        List<Citation> cs = Citations.ofThread(turns);
        assertEquals(List.of(
                "https://4.example.org/",   // ""
                "https://2.example.org/",   // Alpha (turn 1) ...
                "https://3.example.org/",   // ... Alpha (turn 2): a tie keeps first-occurrence order
                "https://1.example.org/",   // Zeta, the name of its first occurrence
                "https://5.example.org/",   // apple: lowercase sorts after uppercase
                "https://7.example.org/",   // U+FF5A
                "https://6.example.org/"),  // U+1F600 sorts after U+FF5A by code point (not by UTF-16 unit)
                urls(cs));
        assertEquals("Zeta", cs.get(3).name());
    }
}
