package io.github.pplxexport.subagent;

import io.github.pplxexport.render.Label;

import java.util.Locale;

/**
 * Status classification of a workflow ({@code classify_wf_status}, reference-behaviour.md §3.2): the
 * single source of truth shared by rendering (heading tags), registration (thread.json interruptions)
 * and alerting. Completed runs are never annotated; unknown values stay silent.
 */
public enum WorkflowStatus {
    COMPLETED("completed", null),
    LIMIT_INTERRUPTED("limit_interrupted", Label.TAG_LIMIT_INTERRUPTED),
    AWAITING("awaiting", Label.TAG_AWAITING),
    CANCELED("canceled", Label.TAG_CANCELED),
    OTHER("other", null);

    public static final String SPENDING_LIMIT = "spending_limit_exceeded";

    private final String kind;
    private final Label tag;

    WorkflowStatus(String kind, Label tag) {
        this.kind = kind;
        this.tag = tag;
    }

    /** The {@code kind} written to thread.json interruptions. */
    public String kind() {
        return kind;
    }

    /** The heading annotation, or null when this class is not annotated. */
    public Label tag() {
        return tag;
    }

    /** Annotated cases are exactly the ones registered in thread.json (spec README decision). */
    public boolean isInterruption() {
        return tag != null;
    }

    public static WorkflowStatus classify(String status, String lockedReason) {
        String s = status == null ? "" : status.toUpperCase(Locale.ROOT);
        switch (s) {
            case "", "COMPLETED", "WORKFLOW_COMPLETED":
                return COMPLETED;
            case "WORKFLOW_AWAITING_NEXT_STEPS":
                return SPENDING_LIMIT.equals(lockedReason) ? LIMIT_INTERRUPTED : AWAITING;
            case "WORKFLOW_CANCELED":
                return CANCELED;
            default:
                return OTHER;
        }
    }
}
