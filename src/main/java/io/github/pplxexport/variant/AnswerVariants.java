package io.github.pplxexport.variant;

import io.github.pplxexport.json.J;

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

    /**
     * The hit of one entry, or null when its answer was not rewritten.
     *
     * @param entryUuid       the entry's uuid
     * @param meta            its {@code side_by_side_metadata} (null when absent or not an object)
     * @param updatedDatetime its raw {@code updated_datetime} (null when absent)
     */
    public static AnswerVariant of(String entryUuid, Map<String, Object> meta, Object updatedDatetime) {
        if (meta == null || !isHit(meta)) {
            return null;
        }
        Map<String, Object> rec = new LinkedHashMap<>();
        rec.put("entry_uuid", entryUuid);
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
        if (updatedDatetime != null) {
            rec.put("entry_updated", updatedDatetime);
        }
        return new AnswerVariant(entryUuid, (String) rec.get("sibling_uuid"), rec);
    }

    /** The thread.json / log records of the hits, in entry order. */
    public static List<Map<String, Object>> records(List<AnswerVariant> variants) {
        return variants.stream().map(AnswerVariant::record).toList();
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
