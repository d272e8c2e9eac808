package io.github.pplxexport.mode;

import io.github.pplxexport.json.J;
import io.github.pplxexport.thread.Step;
import io.github.pplxexport.thread.Turn;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Mode detection, the complete decision tree of reference-behaviour.md §2.5: entry search_mode wins,
 * then the first mapped display_model, then the step/URL/metadata signals, else search. Pure; conflicts
 * come back as warnings for the caller to log.
 */
public final class ModeDetector {

    /** The detected mode and the warnings the reference logs on mode switches and conflicts. */
    public record Detection(Mode mode, List<String> warnings) {
    }

    private ModeDetector() {
    }

    /**
     * @param threadMetadata the plain response's thread_metadata (may be null)
     * @param indexRow       the library index row of the thread (may be null)
     * @param url            the thread URL as passed (may be empty)
     * @param turns          the parsed turns (for step types)
     * @param entries        the raw main entries (for search_mode and display_model)
     */
    public static Detection detect(Map<String, Object> threadMetadata, Map<String, Object> indexRow, String url,
                                   List<Turn> turns, List<Object> entries) {
        List<String> warnings = new ArrayList<>();
        Mode stepMode = stepMode(threadMetadata, indexRow, url, turns);
        Mode dmMode = null;
        for (Object e : entries) {
            Mode m = Mode.DISPLAY_MODEL_MAP.get(J.str(e, "display_model"));
            if (m != null) {
                dmMode = m;
                break;
            }
        }
        Set<Mode> smModes = EnumSet.noneOf(Mode.class);
        for (Object e : entries) {
            Mode.fromSearchMode(J.get(e, "search_mode")).ifPresent(smModes::add);
        }
        if (!smModes.isEmpty()) {
            Mode choice = mostSpecific(smModes);
            if (smModes.size() > 1) {
                warnings.add("search_mode switches inside the thread " + ids(smModes) + "; using " + choice.id());
            }
            conflict(warnings, "step signal", stepMode, choice, "search_mode");
            conflict(warnings, "display_model", dmMode, choice, "search_mode");
            return new Detection(choice, warnings);
        }
        if (dmMode != null) {
            conflict(warnings, "step signal", stepMode, dmMode, "display_model");
            return new Detection(dmMode, warnings);
        }
        return new Detection(stepMode != null ? stepMode : Mode.SEARCH, warnings);
    }

    /** The primary legacy signal: computer URL/metadata/index mode, then COUNCIL_RESEARCH, then RESEARCH_ANSWER steps. */
    static Mode stepMode(Map<String, Object> threadMetadata, Map<String, Object> indexRow, String url,
                         List<Turn> turns) {
        String metaMode = J.asText(J.get(threadMetadata, "mode"));
        String idxMode = J.asText(J.get(indexRow, "mode")).toUpperCase(Locale.ROOT);
        if ((url != null && url.contains("/computer/tasks/")) || "4".equals(metaMode)
                || "ASI".equals(idxMode) || "COMPUTER".equals(idxMode)) {
            return Mode.COMPUTER;
        }
        if (anyStep(turns, "COUNCIL_RESEARCH")) {
            return Mode.COUNCIL;
        }
        if (anyStep(turns, "RESEARCH_ANSWER")) {
            return Mode.DEEP_RESEARCH;
        }
        return null;
    }

    private static boolean anyStep(List<Turn> turns, String type) {
        for (Turn t : turns) {
            for (Step s : t.steps) {
                if (type.equals(s.type())) {
                    return true;
                }
            }
        }
        return false;
    }

    static Mode mostSpecific(Set<Mode> modes) {
        return modes.stream().max(Comparator.comparingInt(Mode::specificity)).orElse(Mode.SEARCH);
    }

    private static void conflict(List<String> warnings, String what, Mode other, Mode choice, String winner) {
        if (other != null && other != choice) {
            warnings.add("mode conflict: " + what + " says " + other.id() + ", " + winner + " says "
                    + choice.id() + "; " + winner + " wins");
        }
    }

    private static String ids(Set<Mode> modes) {
        List<String> l = new ArrayList<>();
        modes.forEach(m -> l.add(m.id()));
        return l.toString();
    }

    /**
     * The "uncertain" search case (§2.4 step 4): search with entries, every one without a display_model.
     * Blocks are fetched anyway so raw_blocks.json is never silently lost.
     */
    public static boolean needsBlocks(Mode mode, List<Object> entries) {
        if (mode.needsBlocks()) {
            return true;
        }
        if (entries.isEmpty()) {
            return false;
        }
        for (Object e : entries) {
            if (J.truthy(J.get(e, "display_model"))) {
                return false;
            }
        }
        return true;
    }
}
