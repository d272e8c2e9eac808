package io.github.pplxexport.subagent;

import io.github.pplxexport.thread.Citation;
import io.github.pplxexport.thread.Step;

import java.util.ArrayList;
import java.util.List;

/**
 * A background sub-agent run launched from a main turn (reference-behaviour.md §3.1, §5.5). The prompt
 * comes from the anchor's objective_chunks; steps, answer and citations from the plain background entry;
 * the status from the background workflow block, because the anchor side can lag.
 */
public final class SubAgent {
    public final String id;
    public String headline = "";
    public String prompt = "";
    public List<Step> steps = new ArrayList<>();
    public String answer = "";
    public List<Citation> citations = new ArrayList<>();
    public String status = "";
    public String lockedReason = "";
    public String threadUuid = "";
    /** False for an anchor whose background run is not in the response (nothing but headline and prompt). */
    public boolean hasBackground;

    public SubAgent(String id) {
        this.id = id;
    }

    public WorkflowStatus statusClass() {
        return WorkflowStatus.classify(status, lockedReason);
    }
}
