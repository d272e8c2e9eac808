package io.github.pplxexport.mode;

import io.github.pplxexport.json.J;
import io.github.pplxexport.thread.Entry;
import io.github.pplxexport.thread.Step;

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
     * @param entries        the main entries in response order (search_mode, display_model, step types)
     */
    public static Detection detect(Map<String, Object> threadMetadata, Map<String, Object> indexRow, String url,
                                   List<Entry> entries) {
        List<String> warnings = new ArrayList<>();
        Mode stepMode = stepMode(threadMetadata, indexRow, url, entries);
        Mode dmMode = null;
        for (Entry e : entries) {
            Mode m = Mode.DISPLAY_MODEL_MAP.get(e.displayModel());
            if (m != null) {
                dmMode = m;
                break;
            }
        }
        Set<Mode> smModes = EnumSet.noneOf(Mode.class);
        for (Entry e : entries) {
            Mode.fromSearchMode(e.searchMode()).ifPresent(smModes::add);
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
                         List<Entry> entries) {
        String metaMode = J.asText(J.get(threadMetadata, "mode"));
        String idxMode = J.asText(J.get(indexRow, "mode")).toUpperCase(Locale.ROOT);
        if ((url != null && url.contains("/computer/tasks/")) || "4".equals(metaMode)
                || "ASI".equals(idxMode) || "COMPUTER".equals(idxMode)) {
            return Mode.COMPUTER;
        }
        if (anyStep(entries, "COUNCIL_RESEARCH")) {
            return Mode.COUNCIL;
        }
        if (anyStep(entries, "RESEARCH_ANSWER")) {
            return Mode.DEEP_RESEARCH;
        }
        return null;
    }

    private static boolean anyStep(List<Entry> entries, String type) {
        for (Entry e : entries) {
            for (Step s : e.steps()) {
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
    public static boolean needsBlocks(Mode mode, List<Entry> entries) {
        if (mode.needsBlocks()) {
            return true;
        }
        if (entries.isEmpty()) {
            return false;
        }
        for (Entry e : entries) {
            if (e.hasDisplayModel()) {
                return false;
            }
        }
        return true;
    }
}
