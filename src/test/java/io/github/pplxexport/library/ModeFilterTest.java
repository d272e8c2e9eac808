package io.github.pplxexport.library;

import io.github.pplxexport.mode.Mode;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ModeFilterTest {

    private static Map<String, Object> row(String mode, String displayModel, String searchMode) {
        Map<String, Object> r = new HashMap<>();
        r.put("mode", mode);
        r.put("displayModel", displayModel);
        if (searchMode != null) {
            r.put("search_mode", searchMode);
        }
        return r;
    }

    private static Set<Mode> matching(Map<String, Object> row) {
        Set<Mode> s = EnumSet.noneOf(Mode.class);
        for (Mode m : Mode.values()) {
            if (ModeFilter.matches(row, m)) {
                s.add(m);
            }
        }
        return s;
    }

    @Test
    void searchModeMatchesExactlyAndBeatsTheHeuristics() {
        assertEquals(Set.of(Mode.COMPUTER), matching(row("SEARCH", "pplx_study", "ASI")));
        assertEquals(Set.of(Mode.COUNCIL), matching(row("SEARCH", null, "AGENTIC_RESEARCH")));
        assertEquals(Set.of(Mode.STUDY), matching(row("SEARCH", null, "STUDY")));
        assertEquals(Set.of(Mode.DEEP_RESEARCH), matching(row("SEARCH", "pplx_alpha", "RESEARCH")));
        assertEquals(Set.of(Mode.SEARCH), matching(row("SEARCH", "pplx_alpha", "SEARCH")), "not deep-research");
        assertEquals(Set.of(Mode.SEARCH), matching(row("COMPUTER", null, "STUDIO")));
    }

    @Test
    void withoutSearchModeTheSpecialKindsComeFromDisplayModel() {
        assertEquals(Set.of(Mode.DEEP_RESEARCH, Mode.SEARCH), matching(row("SEARCH", "pplx_alpha", null)));
        assertEquals(Set.of(Mode.COUNCIL, Mode.SEARCH), matching(row("SEARCH", "pplx_agentic_research", null)));
        assertEquals(Set.of(Mode.STUDY, Mode.SEARCH), matching(row("SEARCH", "pplx_study", null)));
        assertEquals(Set.of(Mode.SEARCH), matching(row("SEARCH", "turbo", null)));
    }

    @Test
    void computerNeedsIndexModeComputer() {
        assertEquals(Set.of(Mode.COMPUTER), matching(row("COMPUTER", "pplx_asi", null)));
        assertEquals(Set.of(), matching(row("ASI", "pplx_asi_opus", null)), "reference checks COMPUTER only");
    }

    @Test
    void unknownSearchModeFallsBackToHeuristics() {
        assertEquals(Set.of(Mode.STUDY, Mode.SEARCH), matching(row("SEARCH", "pplx_study", "SOMETHING_NEW")));
        assertEquals(Set.of(Mode.SEARCH), matching(row("SEARCH", null, "")), "backfill's empty marker");
    }

    @Test
    void filterKeepsOrderAndNullKeepsAll() {
        List<Map<String, Object>> rows = List.of(row("SEARCH", "a", null), row("COMPUTER", "b", null),
                row("SEARCH", "c", null));
        assertEquals(List.of("a", "c"),
                ModeFilter.filter(rows, Mode.SEARCH).stream().map(r -> r.get("displayModel")).toList());
        assertEquals(3, ModeFilter.filter(rows, null).size());
    }
}
