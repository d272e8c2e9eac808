package io.github.pplxexport.archive;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CopyMeasureTest {
    private static String turn(int i, String work, String answer, String citations) {
        return "# Turn " + i + " — 2026-01-01 00:00 UTC\n\n## Query\n\nwhy?\n\n"
                + (work.isEmpty() ? "" : "## 工作过程\n\n" + work + "\n\n")
                + "## Answer\n\n" + answer + "\n\n" + (citations.isEmpty() ? "" : "## 本轮引文\n\n" + citations + "\n");
    }

    private static Map<String, String> turns(String... files) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < files.length; i++) {
            m.put(String.format("turn_%04d.md", i + 1), files[i]);
        }
        return m;
    }

    @Test
    void measuresTheAnswerAndWorkProcessOfEachTurnFile() {
        CopyMeasure m = CopyMeasure.of(turns(
                turn(1, "**检索网页**\n\n- a\n- b", "Twelve chars", "- [x](https://x.example)"),
                turn(2, "", "(无)", "")), 3);
        assertEquals(2, m.turns());
        assertEquals(List.of(12, 0), m.answerChars(), "the citations are not the answer; (无) is no answer");
        assertEquals(List.of(3, 0), m.workLines());
        assertEquals(3, m.sources());
    }

    @Test
    void namesWhatTheNewCopyHasLessOf() {
        CopyMeasure old = CopyMeasure.of(turns(turn(1, "- a\n- b\n- c\n- d", "x".repeat(100), ""),
                turn(2, "", "y".repeat(50), "")), 6);
        CopyMeasure now = CopyMeasure.of(turns(turn(1, "- a", "(none)", "")), 0);
        assertEquals(List.of("turns 2 → 1", "turn 1 answer 100 → 0 chars", "turn 1 work process 4 → 1 lines",
                "sources 6 → 0"), now.shrankFrom(old));
    }

    @Test
    void aCopyThatGrewOrChangedByLessThanHalfIsNotLess() {
        CopyMeasure old = CopyMeasure.of(turns(turn(1, "- a\n- b", "x".repeat(100), "")), 2);
        CopyMeasure rewritten = CopyMeasure.of(turns(turn(1, "- a", "z".repeat(51), ""), turn(2, "", "new", "")), 2);
        assertEquals(List.of(), rewritten.shrankFrom(old), "half the answer and half the steps are still not less than half");
        assertEquals(List.of(), old.shrankFrom(old));
        assertEquals(List.of("turn 1 answer 100 → 49 chars"),
                CopyMeasure.of(turns(turn(1, "- a\n- b", "z".repeat(49), "")), 2).shrankFrom(old));
    }
}
