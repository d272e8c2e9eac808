package io.github.pplxexport.variant;

import io.github.pplxexport.json.J;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Answer-rewrite variants (reference-behaviour.md §4.1): entries whose {@code side_by_side_metadata}
 * shows the platform replaced an answer with a sibling. The same function serves export and re-render.
 */
public final class AnswerVariants {
    static final String UNSPECIFIED = "SELECTION_STATUS_UNSPECIFIED";
    static final String CONTROL_PREFIX = "[control]";

    private AnswerVariants() {
    }

    /** The records for every hit, in entry order; empty when the thread is healthy. */
    public static List<Map<String, Object>> detect(Map<String, Object> rawEntries) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object entry : J.list(rawEntries, "entries")) {
            Map<String, Object> meta = J.asMap(J.get(entry, "side_by_side_metadata"));
            if (meta == null || !isHit(meta)) {
                continue;
            }
            Map<String, Object> rec = new LinkedHashMap<>();
            rec.put("entry_uuid", J.str(entry, "uuid"));
            rec.put("sibling_uuid", J.asText(meta.get("sibling_uuid")));
            rec.put("selection_status", J.asText(meta.get("selection_status")));
            rec.put("experiment_role", J.asText(meta.get("experiment_role")));
            if (J.truthy(meta.get("experiment_override"))) {
                rec.put("experiment_override", meta.get("experiment_override"));
            }
            for (Map.Entry<String, Object> e : meta.entrySet()) {
                String k = e.getKey();
                if (!rec.containsKey(k) && (k.contains("time") || k.contains("date") || k.contains("_us") || k.contains("_at"))) {
                    rec.put(k, e.getValue());
                }
            }
            Object updated = J.get(entry, "updated_datetime");
            if (updated != null) {
                rec.put("entry_updated", updated);
            }
            out.add(rec);
        }
        return out;
    }

    /** The narrowed hit rule: a sibling, and either a real selection status or a non-control role. */
    static boolean isHit(Map<String, Object> meta) {
        if (!J.truthy(meta.get("sibling_uuid"))) {
            return false;
        }
        String selection = J.asText(meta.get("selection_status"));
        String role = J.asText(meta.get("experiment_role"));
        return (!selection.isEmpty() && !UNSPECIFIED.equals(selection)) || !role.startsWith(CONTROL_PREFIX);
    }
}
