package io.github.pplxexport.thread;

import java.util.List;

/**
 * A workflow: a main or background entry's {@code workflow_block}, or a {@code workflow_payload} nested in an
 * item (a sub-agent run, a council member, a nested workflow). Reference-behaviour.md §1.3, §3.
 *
 * @param prompt          the sub-agent prompt: {@code objective_chunks} concatenated
 * @param anchor          a payload that anchors a sub-agent: non-empty objective_chunks or is_background_anchor
 * @param hasCompletedAt  {@code completed_at} is set (truthy), even when it is not a string
 */
public record Workflow(String id, String headline, String status, String mode, String model, String prompt,
                       boolean anchor, String startedAt, String completedAt, boolean hasCompletedAt,
                       List<WorkflowStep> steps) {
    public static final String LLM_COUNCIL = "LLM_COUNCIL";

    /** A Model Council member run. */
    public boolean isCouncil() {
        return LLM_COUNCIL.equals(mode);
    }

    /**
     * The last non-blank answer text in the workflow ({@code wf_block_answer}, §8.8): TEXT items with variant
     * {@code answer} in any step.
     */
    public String answer() {
        String answer = "";
        for (WorkflowStep step : steps) {
            for (WorkflowItem item : step.items()) {
                if (WorkflowItem.TEXT.equals(item.type()) && item.text().isAnswer() && !item.text().body().isBlank()) {
                    answer = item.text().body();
                }
            }
        }
        return answer;
    }
}
