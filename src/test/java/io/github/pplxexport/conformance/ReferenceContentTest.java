package io.github.pplxexport.conformance;

import io.github.pplxexport.cli.PplxExportCli;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.testkit.Archives;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Content checks on the reference's fixtures (read from {@code ../shared/fixtures/upstream}, never copied),
 * re-rendered with {@code --thread-json} through the real CLI: answers are recovered, math is normalised,
 * fallbacks render, no Python repr leaks, and the registries equal the expected ones. Expected values are
 * derived from the fixtures' raw JSON at run time, not copied into this file.
 */
class ReferenceContentTest {
    private static final Pattern PYTHON_DICT = Pattern.compile("\\{'[^']*':");

    @TempDir
    static Path archive;

    /** Fixture name → its re-rendered thread dir. */
    static final Map<String, Path> dirs = new LinkedHashMap<>();
    static int exit;

    @BeforeAll
    static void reRenderAllFixtures() throws Exception {
        if (!UpstreamFixtures.available()) {
            return;
        }
        for (Path fixture : UpstreamFixtures.fixtures()) {
            dirs.put(fixture.getFileName().toString(), UpstreamFixtures.layOut(fixture, archive));
        }
        exit = PplxExportCli.execute("re-render", "--out", archive.toString(), "--thread-json");
    }

    private static Path dir(String fixture) {
        Assumptions.assumeTrue(UpstreamFixtures.available(), UpstreamFixtures::missing);
        Path d = dirs.get(fixture);
        Assumptions.assumeTrue(d != null, fixture + " not among the fixtures");
        assertEquals(0, exit);
        return d;
    }

    private static List<Path> markdown(Path dir) {
        List<Path> out = new ArrayList<>();
        for (Path f : Archives.files(dir)) {
            if (f.getFileName().toString().endsWith(".md")) {
                out.add(f);
            }
        }
        return out;
    }

    /**
     * The answer under every {@code heading} line, up to the next line that starts a section the renderer
     * writes after it ({@code ## Turn …} and the appendix in conversation.md, {@code ## 本轮引文} in turn
     * files); answers may hold headings of their own, so other headings do not end them.
     */
    private static List<String> answers(String md, String heading) {
        List<String> out = new ArrayList<>();
        String[] lines = md.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].equals(heading)) {
                StringBuilder sb = new StringBuilder();
                for (int j = i + 1; j < lines.length && !lines[j].startsWith("## Turn ")
                        && !lines[j].equals("## 后台任务（未归入轮次）") && !lines[j].equals("## 本轮引文"); j++) {
                    sb.append(lines[j]).append('\n');
                }
                out.add(sb.toString().strip());
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ answers

    @Test
    void noAnswerOfTheFullDemosIsEmpty() {
        for (String fixture : List.of("search_demo", "deep_research_demo", "study_demo", "computer_demo", "council_demo")) {
            Path d = dir(fixture);
            String conv = Archives.read(d.resolve("conversation.md"));
            List<String> convAnswers = answers(conv, "### Answer");
            List<Path> turns = markdown(d.resolve("turns"));
            assertEquals(turns.size(), convAnswers.size(), fixture + ": one ### Answer per turn");
            assertFalse(turns.isEmpty(), fixture);
            for (String a : convAnswers) {
                assertNotEquals("(无)", a, fixture + "/conversation.md");
                assertFalse(a.isEmpty(), fixture + "/conversation.md");
            }
            for (Path t : turns) {
                List<String> answers = answers(Archives.read(t), "## Answer");
                assertEquals(1, answers.size(), fixture + "/" + t.getFileName());
                assertNotEquals("(无)", answers.get(0), fixture + "/" + t.getFileName());
                assertFalse(answers.get(0).isEmpty(), fixture + "/" + t.getFileName());
            }
        }
    }

    @Test
    void deepResearchMathIsNormalised() {
        String conv = Archives.read(dir("deep_research_demo").resolve("conversation.md"));
        assertFalse(conv.contains("\\("), "\\( left in conversation.md");
        assertFalse(conv.contains("\\["), "\\[ left in conversation.md");
        int n = 0;
        for (int i = conv.indexOf("$$"); i >= 0; i = conv.indexOf("$$", i + 2)) {
            n++;
        }
        assertTrue(n >= 2, "expected display math ($$) in conversation.md, found " + n);
    }

    /** The last non-blank TEXT answer item in the main entries' workflow blocks, read straight from the raw JSON. */
    private static String blockAnswerInRaw(Path dir) throws Exception {
        String answer = "";
        for (Object e : J.list(Json.readObject(dir.resolve("raw_blocks.json")), "entries")) {
            for (Object b : J.list(e, "blocks")) {
                for (Object s : J.list(J.get(b, "workflow_block"), "steps")) {
                    for (Object item : J.list(s, "items")) {
                        Map<String, Object> tp = J.map(J.get(item, "payload"), "text_payload");
                        if ("WORKFLOW_ITEM_TEXT".equals(J.str(item, "type")) && "answer".equals(J.str(tp, "variant"))) {
                            String text = J.str(tp, "text");
                            if (text.isEmpty()) {
                                StringBuilder sb = new StringBuilder();
                                J.list(tp, "chunks").forEach(c -> sb.append(c));
                                text = sb.toString();
                            }
                            if (!text.isBlank()) {
                                answer = text;
                            }
                        }
                    }
                }
            }
        }
        return answer;
    }

    @Test
    void theComputerAnswerFallbackIsRecovered() throws Exception {
        Path d = dir("scenario_computer_answer_fallback");
        String expected = blockAnswerInRaw(d);
        assertFalse(expected.isBlank(), "the fixture should hold a block answer");
        List<String> answers = answers(Archives.read(d.resolve("turns").resolve("turn_0001.md")), "## Answer");
        assertEquals(List.of(expected.strip()), answers);
        assertEquals(List.of(expected.strip()), answers(Archives.read(d.resolve("conversation.md")), "### Answer").subList(0, 1));
    }

    @Test
    void aSubAgentWithoutBackgroundMatchRendersItsOwnItems() throws Exception {
        Path d = dir("scenario_subagent_fallback");
        String turn = Archives.read(d.resolve("turns").resolve("turn_0001.md"));
        // the step's own summary text, straight from the raw blocks
        List<String> ownTexts = new ArrayList<>();
        for (Object e : J.list(Json.readObject(d.resolve("raw_blocks.json")), "entries")) {
            for (Object b : J.list(e, "blocks")) {
                for (Object s : J.list(J.get(b, "workflow_block"), "steps")) {
                    if ("run_subagent".equals(J.str(s, "tool_name")) || "subagent".equals(J.str(s, "icon"))) {
                        for (Object item : J.list(s, "items")) {
                            String t = J.str(J.map(J.get(item, "payload"), "text_payload"), "text");
                            if ("WORKFLOW_ITEM_TEXT".equals(J.str(item, "type")) && !t.isBlank()) {
                                ownTexts.add(t.strip());
                            }
                        }
                    }
                }
            }
        }
        assertFalse(ownTexts.isEmpty(), "the fixture should hold a sub-agent step with its own text");
        assertTrue(turn.lines().anyMatch(l -> l.startsWith("### 步骤 ") && l.contains(" · 🤖 子代理：")), turn);
        assertFalse(turn.contains("**子代理结论：**"), turn);
        for (String t : ownTexts) {
            assertTrue(turn.contains(t), "missing the step's own text: " + t);
        }
    }

    @Test
    void userResponsesRenderAsFourQuestionAnswerPairsUnderAnEmptyQuery() {
        String turn = Archives.read(dir("scenario_user_response").resolve("turns").resolve("turn_0001.md"));
        String[] lines = turn.split("\n", -1);
        assertEquals("## Query", lines[2]);
        assertEquals("(空)", lines[4]);
        int pairs = 0;
        int questions = 0;
        int answers = 0;
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith("**问：** ")) {
                questions++;
                if (i + 2 < lines.length && lines[i + 1].isEmpty() && lines[i + 2].startsWith("**答：** ")) {
                    pairs++;
                }
            }
            if (lines[i].startsWith("**答：** ")) {
                answers++;
            }
        }
        assertEquals(4, questions, turn);
        assertEquals(4, answers, turn);
        assertEquals(4, pairs, turn);
    }

    // ------------------------------------------------------------------ whole-archive checks

    @Test
    void noPythonStyleDictTextAnywhere() {
        dir("search_demo");
        for (Path f : Archives.files(archive)) {
            String name = f.getFileName().toString();
            if (name.startsWith("raw_")) {
                continue; // inputs, not output
            }
            assertFalse(PYTHON_DICT.matcher(Archives.read(f)).find(), "Python dict text in " + archive.relativize(f));
        }
    }

    @Test
    void registriesEqualTheExpectedOnes() throws Exception {
        dir("search_demo");
        Map<String, Object> expected = Json.readObject(UpstreamFixtures.expectedRegistries());
        assertFalse(expected.isEmpty());
        for (Map.Entry<String, Object> e : expected.entrySet()) {
            Path d = dirs.get(e.getKey());
            assertTrue(d != null, "fixture " + e.getKey() + " was not rendered");
            Map<String, Object> threadJson = Json.readObject(d.resolve("thread.json"));
            for (String key : List.of("interruptions", "answer_variants")) {
                Object want = J.get(e.getValue(), key);
                if (want == null) {
                    assertFalse(threadJson.containsKey(key), e.getKey() + ": " + key + " should be absent");
                } else {
                    assertEquals(want, threadJson.get(key), e.getKey() + ": " + key);
                }
            }
        }
    }
}
