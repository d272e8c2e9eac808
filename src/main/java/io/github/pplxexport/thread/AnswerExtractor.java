package io.github.pplxexport.thread;

import io.github.pplxexport.text.PyStrings;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;

import java.util.List;
import java.util.Map;

/**
 * The turn answer from the plain step list (reference-behaviour.md §8.8, {@code extract_answer}).
 * FINAL steps are scanned from the last one backwards; then the plan-goal fallback.
 */
public final class AnswerExtractor {
    static final int LONG_STRING = 30;
    static final int LONG_GOAL = 80;

    private AnswerExtractor() {
    }

    public static String extract(Map<String, Object> entry, List<Step> steps) {
        for (int i = steps.size() - 1; i >= 0; i--) {
            Step step = steps.get(i);
            if (!"FINAL".equals(step.type())) {
                continue;
            }
            Object raw = step.content().get("answer");
            Object decoded = Json.decodeLenient(raw);
            if (decoded instanceof Map<?, ?> dict) {
                if (dict.containsKey("answer")) {
                    if (dict.get("answer") instanceof String s && !s.isEmpty()) {
                        return s; // short answers count too
                    }
                    continue; // an empty answer key skips the long-string fallback of this step
                }
                if (!dict.containsKey("workflow_snapshots")) {
                    String longest = longestString(dict, "");
                    if (PyStrings.length(longest) > LONG_STRING) {
                        return longest;
                    }
                }
            } else if (raw instanceof String s && PyStrings.length(s) > LONG_STRING) {
                return s;
            }
        }
        // Decision (spec Appendix C.9): the plan-goal fallback runs even after an empty answer key,
        // as the reference's code does.
        Object plan = Json.decodeLenient(entry.get("plan"));
        String best = "";
        for (Object goal : J.list(plan, "goals")) {
            String d = J.str(goal, "description");
            if (PyStrings.length(d) > LONG_GOAL && PyStrings.length(d) > PyStrings.length(best)) {
                best = d;
            }
        }
        return best;
    }

    /** The longest string found by recursive descent through dict values and list items (first wins ties). */
    private static String longestString(Object node, String best) {
        if (node instanceof String s) {
            return PyStrings.length(s) > PyStrings.length(best) ? s : best;
        }
        if (node instanceof Map<?, ?> m) {
            for (Object v : m.values()) {
                best = longestString(v, best);
            }
        } else if (node instanceof List<?> l) {
            for (Object v : l) {
                best = longestString(v, best);
            }
        }
        return best;
    }
}
