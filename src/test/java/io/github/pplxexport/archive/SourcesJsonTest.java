package io.github.pplxexport.archive;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.testkit.RawThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static io.github.pplxexport.testkit.RawThreads.arr;
import static io.github.pplxexport.testkit.RawThreads.entry;
import static io.github.pplxexport.testkit.RawThreads.finalJson;
import static io.github.pplxexport.testkit.RawThreads.obj;
import static io.github.pplxexport.testkit.RawThreads.response;
import static io.github.pplxexport.testkit.RawThreads.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * sources.json as the export writes it (reference-behaviour.md §8.9): when a URL appears both in a
 * workflow-item source and in a FINAL web_result, the copy first met walking the steps in order is kept,
 * with its timestamp; a citation without one is JSON {@code null}, never {@code ""}.
 */
class SourcesJsonTest {
    private static final String STAMP = "2033-10-06T15:43:30";

    @TempDir
    Path out;

    private static Map<String, Object> toolSource(String name, String url, String timestamp) {
        return step("ASI_TOOL_OUTPUT", obj("workflow_items", arr(obj("type", "WORKFLOW_ITEM_SOURCES",
                "payload", obj("sources_payload", obj("sources", arr(obj("name", name, "url", url, "timestamp", timestamp))))))));
    }

    private static Map<String, Object> finalWeb(String name, String url) {
        return finalJson(obj("answer", "answer text", "web_results", arr(obj("name", name, "url", url))));
    }

    /** The sources of the written sources.json, and its text. */
    private Map<String, Object> writeAndRead(Map<String, Object>... steps) throws Exception {
        Map<String, Object> rawEntries = response(obj("title", "t"), arr(entry("e1", "q", 1_700_000_000_000_000L, steps)), arr());
        Conversation c = RawThreads.exported("search", rawEntries, null);
        ThreadArchiveWriter writer = new ThreadArchiveWriter(out,
                Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC), a -> a);
        Path dir = writer.write(c);
        return Json.readObject(dir.resolve(ThreadFiles.SOURCES_JSON));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> source(Map<String, Object> sourcesJson, String url) {
        for (Object s : J.list(sourcesJson, "sources")) {
            if (url.equals(J.str(s, "url"))) {
                return (Map<String, Object>) s;
            }
        }
        throw new AssertionError("no source " + url + " in " + sourcesJson);
    }

    @Test
    void theWorkflowSourceMetFirstKeepsItsTimestamp() throws Exception {
        Map<String, Object> json = writeAndRead(
                toolSource("from the tool", "https://same.example.org/", STAMP),
                finalWeb("from the answer", "https://same.example.org/"));
        assertEquals(1, json.get("count"));
        Map<String, Object> s = source(json, "https://same.example.org/");
        assertEquals("from the tool", s.get("name"));
        assertEquals(STAMP, s.get("timestamp"));
    }

    @Test
    void theFinalWebResultMetFirstWinsAndItsMissingTimestampIsNull() throws Exception {
        Map<String, Object> json = writeAndRead(
                finalWeb("from the answer", "https://same.example.org/"),
                toolSource("from the tool", "https://same.example.org/", STAMP));
        Map<String, Object> s = source(json, "https://same.example.org/");
        assertEquals("from the answer", s.get("name"));
        assertTrue(s.containsKey("timestamp"));
        assertNull(s.get("timestamp"));
        Path file;
        try (var dirs = Files.walk(out)) {
            file = dirs.filter(p -> p.getFileName().toString().equals(ThreadFiles.SOURCES_JSON)).findFirst().orElseThrow();
        }
        assertTrue(Files.readString(file, StandardCharsets.UTF_8).contains("\"timestamp\": null"),
                "written as JSON null");
    }

    @Test
    void eachStepGivesItsFinalResultsThenItsWorkflowSources() throws Exception {
        // two steps, each holding both channels: the walk is step by step, not channel by channel
        Map<String, Object> first = finalJson(obj("answer", "a", "web_results", arr(obj("name", "A-final", "url", "https://a.example.org/"))));
        first.put("content", obj("answer", J.get(first.get("content"), "answer"), "workflow_items",
                arr(obj("type", "WORKFLOW_ITEM_SOURCES", "payload", obj("sources_payload", obj("sources",
                        arr(obj("name", "B-tool", "url", "https://b.example.org/", "timestamp", STAMP))))))));
        Map<String, Object> json = writeAndRead(first,
                finalWeb("B-final", "https://b.example.org/"),
                toolSource("A-tool", "https://a.example.org/", STAMP));
        assertEquals(List.of("A-final", "B-tool"), List.of(source(json, "https://a.example.org/").get("name"),
                source(json, "https://b.example.org/").get("name")));
        assertNull(source(json, "https://a.example.org/").get("timestamp"));
        assertEquals(STAMP, source(json, "https://b.example.org/").get("timestamp"));
    }
}
