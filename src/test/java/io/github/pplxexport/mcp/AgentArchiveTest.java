package io.github.pplxexport.mcp;

import io.github.pplxexport.search.IndexCatchUp;
import io.github.pplxexport.search.SearchIndex;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The archive as the tools read it, without the protocol: resource pages, uuid prefixes, code-point paging, snippets. */
class AgentArchiveTest {
    @TempDir
    static Path archive;
    static SearchIndex index;
    static AgentArchive agent;
    /** Text with characters outside the BMP: a page must never cut one in two. */
    static final String WIDE = "# Wide\n\n" + "😀 漢字 é ".repeat(40) + "\n";

    @BeforeAll
    static void build() throws Exception {
        for (int i = 0; i < 60; i++) {
            // two threads share their first 8 characters: a prefix of them is ambiguous
            String uuid = i < 2 ? String.format(Locale.ROOT, "abcdef00-0000-4000-8000-%012d", i)
                    : String.format(Locale.ROOT, "%08d-0000-4000-8000-%012d", i, i);
            Path dir = Files.createDirectories(archive.resolve("alice/search/2026-01-01_Thread-" + i + "_" + uuid.substring(0, 8)));
            Files.writeString(dir.resolve("thread.json"), "{\n \"web_uuid\": \"" + uuid + "\",\n \"title\": \"Thread " + i
                    + "\",\n \"mode\": \"search\",\n \"author\": \"alice\",\n \"lastUpdated\": \"2026-01-01T"
                    + String.format(Locale.ROOT, "%02d:%02d", i / 60, i % 60) + ":00Z\",\n \"n_turns\": 1\n}\n", StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("conversation.md"), i == 59 ? WIDE : "# Thread " + i
                    + "\n\n## Turn 1 — 2026-01-01 10:00 UTC\n\n### Query\nQuestion " + i + "\n\n### Answer\nA & B <c> \"quoted\" answer.\n",
                    StandardCharsets.UTF_8);
        }
        index = SearchIndex.open(archive);
        new IndexCatchUp(index, 1, () -> false).run(true, Duration.ofSeconds(5));
        IndexReadiness ready = new IndexReadiness(0);
        ready.ready();
        agent = new AgentArchive(archive, () -> index, ready);
    }

    @AfterAll
    static void close() throws Exception {
        index.close();
    }

    @Test
    void resourcesComeInPagesNewestFirst() throws Exception {
        AgentArchive.ResourcePage first = agent.resources(null);
        assertEquals(AgentArchive.RESOURCE_PAGE, first.resources().size());
        assertEquals("50", first.nextCursor());
        AgentArchive.ResourcePage second = agent.resources(first.nextCursor());
        assertEquals(10, second.resources().size());
        assertNull(second.nextCursor());
        List<String> names = new ArrayList<>();
        first.resources().forEach(r -> names.add(r.name()));
        second.resources().forEach(r -> names.add(r.name()));
        for (int i = 0; i < 60; i++) {
            assertEquals("Thread " + (59 - i), names.get(i), "newest first across the pages");
        }
        assertThrows(ToolException.class, () -> agent.resources("not-a-cursor"));
    }

    @Test
    void aPrefixNamesOneThreadOrSaysItIsAmbiguous() throws Exception {
        assertEquals("Thread 5", agent.read(Map.of("thread", "00000005")).meta().get("title"));
        ToolException two = assertThrows(ToolException.class, () -> agent.read(Map.of("thread", "abcdef00")));
        assertEquals("'abcdef00' starts 2 threads' uuids; give the whole uuid.", two.getMessage());
        assertEquals("Thread 1", agent.read(Map.of("thread", "abcdef00-0000-4000-8000-000000000001")).meta().get("title"));
        assertEquals("Thread 1", agent.read(Map.of("thread", "https://www.perplexity.ai/search/abcdef00-0000-4000-8000-000000000001"))
                .meta().get("title"));
    }

    @Test
    void pagesCountCharactersNotUtf16UnitsAndJoinBackByteForByte() throws Exception {
        StringBuilder joined = new StringBuilder();
        Object offset = 0;
        int pages = 0;
        while (offset != null) {
            AgentArchive.Page p = agent.read(Map.of("thread", "00000059", "offset", offset, "max_chars", 7));
            assertTrue(p.text().codePointCount(0, p.text().length()) <= 7);
            assertTrue(!Character.isLowSurrogate(p.text().charAt(0)), "a page never starts inside a character");
            joined.append(p.text());
            offset = p.meta().get("next_offset");
            pages++;
        }
        assertEquals(WIDE.codePointCount(0, WIDE.length()), agent.read(Map.of("thread", "00000059")).meta().get("total_chars"));
        assertTrue(pages > 40);
        assertArrayEquals(WIDE.getBytes(StandardCharsets.UTF_8), joined.toString().getBytes(StandardCharsets.UTF_8));
        assertThrows(ToolException.class, () -> agent.read(Map.of("thread", "00000059", "offset", 100_000)));
        assertThrows(ToolException.class, () -> agent.read(Map.of("thread", "00000059", "max_chars", 0)));
    }

    @Test
    void snippetsArePlainText() throws Exception {
        Map<String, Object> r = agent.search(Map.of("query", "quoted", "limit", 1));
        String snippet = (String) ((Map<?, ?>) ((List<?>) r.get("results")).get(0)).get("snippet");
        assertTrue(snippet.contains("A & B <c> \"quoted\" answer."), snippet);
    }
}
