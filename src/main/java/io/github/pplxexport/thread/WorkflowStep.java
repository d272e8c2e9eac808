package io.github.pplxexport.thread;

import java.util.List;

/**
 * A step of a workflow: title, tool, icon, id, times and items (all "" / empty when missing; an element of a
 * steps list that is not an object is a step with nothing in it).
 */
public record WorkflowStep(String title, String toolName, String icon, String id, String startedAt,
                           String completedAt, List<WorkflowItem> items) {
    public static final WorkflowStep EMPTY = new WorkflowStep("", "", "", "", "", "", List.of());

    /** A council step: one member run per model. */
    public boolean isCouncil() {
        return "council_research".equals(toolName);
    }

    /** The first item carrying a sub-agent payload, or null. */
    public Workflow subAgentPayload() {
        for (WorkflowItem item : items) {
            if (item.workflow() != null && item.workflow().anchor()) {
                return item.workflow();
            }
        }
        return null;
    }

    /**
     * A step that launched a sub-agent (§8.4): {@code run_subagent}, the sub-agent icon, or an item carrying a
     * sub-agent payload; council steps (which share the icon) are not.
     */
    public boolean isSubAgent() {
        return !isCouncil() && ("run_subagent".equals(toolName) || "subagent".equals(icon) || subAgentPayload() != null);
    }

    /** A sub-agent step's id: the payload id, else the step id without a trailing {@code :workflow}. */
    public String subAgentId(Workflow payload) {
        if (payload != null && !payload.id().isEmpty()) {
            return payload.id();
        }
        return id.endsWith(":workflow") ? id.substring(0, id.length() - ":workflow".length()) : id;
    }
}
