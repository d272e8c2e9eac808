package io.github.pplxexport.mode;

import io.github.pplxexport.testkit.RawThreads;
import io.github.pplxexport.thread.RawResponse;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static io.github.pplxexport.testkit.RawThreads.arr;
import static io.github.pplxexport.testkit.RawThreads.obj;
import static io.github.pplxexport.testkit.RawThreads.response;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Mode detection (reference-behaviour.md §2.5) and the blocks-fetch decision (§2.4 step 4), table-driven. */
class ModeDetectorTest {
    private static final String COMPUTER_URL = "https://www.perplexity.ai/computer/tasks/0b7e3c52-8f7e-4d8f-9d0e-3f1a2b4c5d6e";
    private static final AtomicInteger SEQ = new AtomicInteger();
    private static final String SEARCH_URL = "https://www.perplexity.ai/search/0b7e3c52-8f7e-4d8f-9d0e-3f1a2b4c5d6e";

    /** One main entry: search_mode / display_model (null = key absent) and steps of the given types. */
    private static Map<String, Object> e(String searchMode, String displayModel, String... stepTypes) {
        Map<String, Object> entry = obj("uuid", "u" + SEQ.incrementAndGet(), "query_str", "q");
        if (searchMode != null) {
            entry.put("search_mode", searchMode);
        }
        if (displayModel != null) {
            entry.put("display_model", displayModel);
        }
        List<Object> steps = arr(obj("step_type", "INITIAL_QUERY", "content", obj("query", "q")));
        for (String t : stepTypes) {
            steps.add(obj("step_type", t, "content", obj()));
        }
        entry.put("text", steps);
        return entry;
    }

    private static List<Object> entries(Map<?, ?>... es) {
        return new ArrayList<>(List.of((Object[]) es));
    }

    private static Map<String, Object> meta(Object mode) {
        return obj("mode", mode, "title", "t");
    }

    private static Map<String, Object> idx(String mode) {
        return obj("mode", mode, "title", "t");
    }

    /** name, thread_metadata, index row, url, entries, expected mode, expected warning count, ids a warning must name. */
    static Stream<Arguments> cases() {
        return Stream.of(
                // 1. search_mode table (uppercased before lookup)
                arguments("search_mode ASI", null, null, SEARCH_URL, entries(e("ASI", null)), Mode.COMPUTER, 0, List.of()),
                arguments("search_mode AGENTIC_RESEARCH", null, null, SEARCH_URL, entries(e("AGENTIC_RESEARCH", null)), Mode.COUNCIL, 0, List.of()),
                arguments("search_mode STUDY", null, null, SEARCH_URL, entries(e("STUDY", null)), Mode.STUDY, 0, List.of()),
                arguments("search_mode RESEARCH", null, null, SEARCH_URL, entries(e("RESEARCH", null)), Mode.DEEP_RESEARCH, 0, List.of()),
                arguments("search_mode SEARCH", null, null, SEARCH_URL, entries(e("SEARCH", null)), Mode.SEARCH, 0, List.of()),
                arguments("search_mode STUDIO (labs)", null, null, SEARCH_URL, entries(e("STUDIO", null)), Mode.SEARCH, 0, List.of()),
                arguments("search_mode lowercase research", null, null, SEARCH_URL, entries(e("research", null)), Mode.DEEP_RESEARCH, 0, List.of()),
                arguments("search_mode mixed case Asi", null, null, SEARCH_URL, entries(e("Asi", null)), Mode.COMPUTER, 0, List.of()),
                arguments("search_mode unknown value is no signal", null, null, SEARCH_URL, entries(e("COPILOT", null)), Mode.SEARCH, 0, List.of()),
                // 2. several search_modes: the most specific wins, with one warning
                arguments("search_modes SEARCH+RESEARCH", null, null, SEARCH_URL,
                        entries(e("SEARCH", null), e("RESEARCH", null)), Mode.DEEP_RESEARCH, 1, List.of("deep-research")),
                arguments("search_modes STUDY+ASI+AGENTIC_RESEARCH", null, null, SEARCH_URL,
                        entries(e("STUDY", null), e("ASI", null), e("AGENTIC_RESEARCH", null)), Mode.COMPUTER, 1, List.of("computer")),
                arguments("search_modes SEARCH+STUDY, same mode twice", null, null, SEARCH_URL,
                        entries(e("STUDY", null), e("SEARCH", null), e("study", null)), Mode.STUDY, 1, List.of("study")),
                // 3. search_mode against other signals: search_mode wins, one warning per conflicting signal
                arguments("search_mode beats display_model", null, null, SEARCH_URL,
                        entries(e("STUDY", "pplx_asi_opus")), Mode.STUDY, 1, List.of("computer", "study")),
                arguments("search_mode beats a step signal", null, null, SEARCH_URL,
                        entries(e("SEARCH", null, "RESEARCH_ANSWER")), Mode.SEARCH, 1, List.of("deep-research", "search")),
                arguments("search_mode beats the computer URL", null, null, COMPUTER_URL,
                        entries(e("RESEARCH", null)), Mode.DEEP_RESEARCH, 1, List.of("computer", "deep-research")),
                arguments("search_mode beats both display_model and steps", null, null, SEARCH_URL,
                        entries(e("ASI", "pplx_study", "COUNCIL_RESEARCH")), Mode.COMPUTER, 2, List.of("study", "council")),
                arguments("search_mode agreeing with display_model and URL: no warning", null, null, COMPUTER_URL,
                        entries(e("ASI", "pplx_asi_opus")), Mode.COMPUTER, 0, List.of()),
                arguments("mode switch plus a display_model conflict", null, null, SEARCH_URL,
                        entries(e("SEARCH", null), e("STUDY", "pplx_agentic_research")), Mode.STUDY, 2, List.of("council")),
                // 4. display_model table (exact keys); pplx_alpha is not a cue
                arguments("display_model pplx_agentic_research", null, null, SEARCH_URL, entries(e(null, "pplx_agentic_research")), Mode.COUNCIL, 0, List.of()),
                arguments("display_model pplx_asi_opus", null, null, SEARCH_URL, entries(e(null, "pplx_asi_opus")), Mode.COMPUTER, 0, List.of()),
                arguments("display_model pplx_asi_opus_thinking", null, null, SEARCH_URL, entries(e(null, "pplx_asi_opus_thinking")), Mode.COMPUTER, 0, List.of()),
                arguments("display_model pplx_study", null, null, SEARCH_URL, entries(e(null, "pplx_study")), Mode.STUDY, 0, List.of()),
                arguments("display_model pplx_alpha is not evidence", null, null, SEARCH_URL, entries(e(null, "pplx_alpha")), Mode.SEARCH, 0, List.of()),
                arguments("pplx_alpha with a RESEARCH_ANSWER step: the step decides, no conflict", null, null, SEARCH_URL,
                        entries(e(null, "pplx_alpha", "RESEARCH_ANSWER")), Mode.DEEP_RESEARCH, 0, List.of()),
                arguments("display_model is exact (case matters)", null, null, SEARCH_URL, entries(e(null, "PPLX_STUDY")), Mode.SEARCH, 0, List.of()),
                arguments("first mapped display_model in entry order, all entries scanned", null, null, SEARCH_URL,
                        entries(e(null, "pplx_pro"), e(null, "pplx_study"), e(null, "pplx_asi_opus")), Mode.STUDY, 0, List.of()),
                // 5. display_model beats step signals, with a warning
                arguments("display_model beats COUNCIL_RESEARCH", null, null, SEARCH_URL,
                        entries(e(null, "pplx_study", "COUNCIL_RESEARCH")), Mode.STUDY, 1, List.of("council", "study")),
                arguments("display_model beats thread_metadata.mode 4", meta("4"), null, SEARCH_URL,
                        entries(e(null, "pplx_agentic_research")), Mode.COUNCIL, 1, List.of("computer", "council")),
                arguments("display_model agreeing with the URL: no warning", null, null, COMPUTER_URL,
                        entries(e(null, "pplx_asi_opus")), Mode.COMPUTER, 0, List.of()),
                // 6. step signals (first rule that applies)
                arguments("URL /computer/tasks/", null, null, COMPUTER_URL, entries(e(null, null)), Mode.COMPUTER, 0, List.of()),
                arguments("thread_metadata.mode \"4\"", meta("4"), null, SEARCH_URL, entries(e(null, null)), Mode.COMPUTER, 0, List.of()),
                arguments("thread_metadata.mode integer 4", meta(4L), null, SEARCH_URL, entries(e(null, null)), Mode.COMPUTER, 0, List.of()),
                arguments("thread_metadata.mode 4.0 is str '4.0', not '4'", meta(4.0d), null, SEARCH_URL, entries(e(null, null)), Mode.SEARCH, 0, List.of()),
                arguments("thread_metadata.mode \"3\"", meta("3"), null, SEARCH_URL, entries(e(null, null)), Mode.SEARCH, 0, List.of()),
                arguments("index row mode ASI", null, idx("ASI"), SEARCH_URL, entries(e(null, null)), Mode.COMPUTER, 0, List.of()),
                arguments("index row mode asi (any case)", null, idx("asi"), SEARCH_URL, entries(e(null, null)), Mode.COMPUTER, 0, List.of()),
                arguments("index row mode Computer (any case)", null, idx("Computer"), SEARCH_URL, entries(e(null, null)), Mode.COMPUTER, 0, List.of()),
                arguments("index row mode COPILOT", null, idx("COPILOT"), SEARCH_URL, entries(e(null, null)), Mode.SEARCH, 0, List.of()),
                arguments("COUNCIL_RESEARCH step", null, null, SEARCH_URL, entries(e(null, null, "COUNCIL_RESEARCH")), Mode.COUNCIL, 0, List.of()),
                arguments("RESEARCH_ANSWER step", null, null, SEARCH_URL, entries(e(null, null, "RESEARCH_ANSWER")), Mode.DEEP_RESEARCH, 0, List.of()),
                arguments("RESEARCH_ANSWER in a later turn", null, null, SEARCH_URL,
                        entries(e(null, null, "SEARCH_WEB"), e(null, null, "RESEARCH_ANSWER")), Mode.DEEP_RESEARCH, 0, List.of()),
                arguments("COUNCIL_RESEARCH before RESEARCH_ANSWER in rule order", null, null, SEARCH_URL,
                        entries(e(null, null, "RESEARCH_ANSWER"), e(null, null, "COUNCIL_RESEARCH")), Mode.COUNCIL, 0, List.of()),
                arguments("computer signals before step types", null, null, COMPUTER_URL,
                        entries(e(null, null, "COUNCIL_RESEARCH")), Mode.COMPUTER, 0, List.of()),
                // 7. nothing at all
                arguments("no signal", meta(null), idx(null), SEARCH_URL, entries(e(null, null, "SEARCH_WEB", "FINAL")), Mode.SEARCH, 0, List.of()),
                arguments("no entries, no URL", null, null, "", entries(), Mode.SEARCH, 0, List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void detect(String name, Map<String, Object> threadMetadata, Map<String, Object> indexRow, String url,
                List<Object> entries, Mode expected, int warnings, List<String> named) {
        RawResponse parsed = RawThreads.parse(response(threadMetadata, entries, arr()));
        ModeDetector.Detection d = ModeDetector.detect(parsed.metadata(), indexRow, url, parsed.entries());
        assertEquals(expected, d.mode(), name);
        assertEquals(warnings, d.warnings().size(), () -> name + ": " + d.warnings());
        String all = String.join("\n", d.warnings());
        for (String id : named) {
            assertTrue(all.contains(id), () -> name + ": warnings should name " + id + ": " + d.warnings());
        }
    }

    static Stream<Arguments> blocksCases() {
        return Stream.of(
                arguments("uncertain search: every display_model empty", Mode.SEARCH,
                        entries(obj("display_model", ""), obj("query_str", "no key"), obj("display_model", null)), true),
                arguments("search with one display_model", Mode.SEARCH,
                        entries(obj("display_model", ""), obj("display_model", "pplx_pro")), false),
                arguments("search without entries", Mode.SEARCH, entries(), false),
                arguments("computer", Mode.COMPUTER, entries(obj("display_model", "pplx_asi_opus")), true),
                arguments("council", Mode.COUNCIL, entries(obj("display_model", "pplx_agentic_research")), true),
                arguments("deep-research", Mode.DEEP_RESEARCH, entries(obj("display_model", "pplx_alpha")), true),
                arguments("study", Mode.STUDY, entries(obj("display_model", "pplx_study")), true),
                arguments("study without entries", Mode.STUDY, entries(), true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("blocksCases")
    void needsBlocks(String name, Mode mode, List<Object> entries, boolean expected) {
        assertEquals(expected, ModeDetector.needsBlocks(mode, RawThreads.parse(response(obj(), entries, arr())).entries()), name);
    }
}
