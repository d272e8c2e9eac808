package io.github.pplxexport.variant;

import java.util.Collections;
import java.util.Map;

/**
 * One answer-rewrite hit (reference-behaviour.md §4.1): the entry whose answer the platform replaced, its
 * sibling, and the record written verbatim to thread.json and the central log (key order kept).
 */
public record AnswerVariant(String entryUuid, String siblingUuid, Map<String, Object> record) {
    public AnswerVariant {
        record = Collections.unmodifiableMap(record);
    }

    public String selectionStatus() {
        return record.get("selection_status") instanceof String s ? s : "";
    }

    public String experimentRole() {
        return record.get("experiment_role") instanceof String s ? s : "";
    }
}
