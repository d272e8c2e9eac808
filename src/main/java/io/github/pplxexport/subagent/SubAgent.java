package io.github.pplxexport.subagent;

import io.github.pplxexport.thread.Citation;
import io.github.pplxexport.thread.Step;

import java.util.List;

/**
 * A background sub-agent run launched from a main turn (reference-behaviour.md §3.1, §5.5). The prompt
 * comes from the anchor's objective_chunks; steps, answer and citations from the plain background entry;
 * the status from the background workflow block, because the anchor side can lag.
 *
 * @param hasBackground false for an anchor whose background run is not in the response (nothing but
 *                      headline and prompt)
 */
public record SubAgent(String id, String headline, String prompt, List<Step> steps, String answer,
                       List<Citation> citations, String status, String lockedReason, boolean hasBackground) {

    /** An anchor without a background run: status unknown, so never annotated. */
    public static SubAgent anchorOnly(String id) {
        return new SubAgent(id, "", "", List.of(), "", List.of(), "", "", false);
    }

    public SubAgent withAnchor(String headline, String prompt) {
        return new SubAgent(id, headline, prompt, steps, answer, citations, status, lockedReason, hasBackground);
    }

    public WorkflowStatus statusClass() {
        return WorkflowStatus.classify(status, lockedReason);
    }
}
