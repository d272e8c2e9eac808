package io.github.pplxexport.subagent;

import java.util.Locale;

/**
 * Status classification of a workflow ({@code classify_wf_status}, reference-behaviour.md §3.2): the
 * single source of truth shared by rendering (heading tags), registration (thread.json interruptions)
 * and alerting. Completed runs are never annotated; unknown values stay silent.
 */
public enum WorkflowStatus {
    COMPLETED("completed", false),
    LIMIT_INTERRUPTED("limit_interrupted", true),
    AWAITING("awaiting", true),
    CANCELED("canceled", true),
    OTHER("other", false);

    public static final String SPENDING_LIMIT = "spending_limit_exceeded";

    private final String kind;
    private final boolean interruption;

    WorkflowStatus(String kind, boolean interruption) {
        this.kind = kind;
        this.interruption = interruption;
    }

    /** The {@code kind} written to thread.json interruptions. */
    public String kind() {
        return kind;
    }

    /** Annotated in the Markdown and registered in thread.json: exactly the same cases (spec README decision). */
    public boolean isInterruption() {
        return interruption;
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
