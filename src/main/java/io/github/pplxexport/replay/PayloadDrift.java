package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The replay's drift marks ({@code --faults drift-answer:<uuid>,…}): the platform changed the shape of a thread's
 * payload. Each takes the stored response of one form (plain or schematized) and returns the drifted one; the
 * archive's files are never changed. What the exporter must then notice: its schema-drift report, and that the new
 * copy holds less than the archived one.
 */
final class PayloadDrift {
    /** The step type a drifted plain step gets: one no version of the exporter knows. */
    static final String UNKNOWN_STEP = "WEB_BROWSE_V2";
    /** Where a drifted FINAL step's answer moves, and where a drifted entry's block list moves. */
    static final String MOVED_ANSWER = "answer_v2";
    static final String MOVED_BLOCKS = "blocks_v2";

    private PayloadDrift() {
    }

    /** {@code stored} with the drifts of {@code marks} applied (a copy; {@code stored} is left as it is). */
    static Map<String, Object> apply(Map<String, Object> stored, Set<FaultPlan.Mark> marks, boolean blocks) {
        if (marks.isEmpty()) {
            return stored;
        }
        Map<String, Object> out = new LinkedHashMap<>(stored);
        List<Object> entries = new ArrayList<>(J.list(stored, "entries") == null ? List.of() : J.list(stored, "entries"));
        if (marks.contains(FaultPlan.Mark.DRIFT_TURN) && entries.size() > 1) {
            entries.remove(entries.size() - 1); // the last follow-up, gone from the platform
        }
        List<Object> drifted = new ArrayList<>();
        for (Object e : entries) {
            Map<String, Object> entry = new LinkedHashMap<>(J.asMap(e));
            if (blocks) {
                if (marks.contains(FaultPlan.Mark.DRIFT_BLOCKS) && entry.containsKey("blocks")) {
                    entry.put(MOVED_BLOCKS, entry.remove("blocks"));
                }
            } else if (entry.get("text") instanceof String text
                    && (marks.contains(FaultPlan.Mark.DRIFT_ANSWER) || marks.contains(FaultPlan.Mark.DRIFT_STEP))) {
                entry.put("text", steps(text, marks));
            }
            drifted.add(entry);
        }
        out.put("entries", drifted);
        return out;
    }

    /** The steps nested as JSON in an entry's text: the answer moved, the non-final steps of an unknown type. */
    private static String steps(String text, Set<FaultPlan.Mark> marks) {
        Object parsed;
        try {
            parsed = Json.parse(text);
        } catch (RuntimeException e) {
            return text;
        }
        if (!(parsed instanceof List<?> list)) {
            return text;
        }
        List<Object> steps = new ArrayList<>();
        for (Object s : list) {
            Map<String, Object> step = J.asMap(s);
            if (step == null) {
                steps.add(s);
                continue;
            }
            step = new LinkedHashMap<>(step);
            String type = J.str(step, "step_type");
            if (marks.contains(FaultPlan.Mark.DRIFT_ANSWER) && "FINAL".equals(type) && J.isMap(step.get("content"))) {
                Map<String, Object> content = new LinkedHashMap<>(J.asMap(step.get("content")));
                if (content.containsKey("answer")) {
                    content.put(MOVED_ANSWER, content.remove("answer"));
                }
                step.put("content", content);
            }
            if (marks.contains(FaultPlan.Mark.DRIFT_STEP) && !type.isEmpty() && !"FINAL".equals(type)
                    && !"INITIAL_QUERY".equals(type)) {
                step.put("step_type", UNKNOWN_STEP);
            }
            steps.add(step);
        }
        return PyJson.compact(steps);
    }
}
