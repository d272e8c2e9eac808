package io.github.pplxexport.subagent;

import io.github.pplxexport.thread.Entry;
import io.github.pplxexport.thread.RawResponse;
import io.github.pplxexport.thread.ThreadInputException;
import io.github.pplxexport.thread.Workflow;
import io.github.pplxexport.thread.WorkflowItem;
import io.github.pplxexport.thread.WorkflowStep;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sub-agent map a workflow turn renders from (reference-behaviour.md §3.1 level ①): council members
 * by model when the thread is a council, else background runs by their {@code toolu_…} id, completed with
 * the anchors' headline and prompt. Built from the blocks and plain responses alone, with no network.
 */
public final class SubAgentMap {
    public static final SubAgentMap EMPTY = new SubAgentMap(Map.of(), Map.of());

    private final Map<String, SubAgent> subAgents;
    private final Map<String, CouncilMember> council;

    private SubAgentMap(Map<String, SubAgent> subAgents, Map<String, CouncilMember> council) {
        this.subAgents = Collections.unmodifiableMap(subAgents);
        this.council = Collections.unmodifiableMap(council);
    }

    public SubAgent subAgent(String id) {
        return subAgents.get(id);
    }

    public CouncilMember councilMember(String model) {
        return council.get(model);
    }

    public Map<String, SubAgent> subAgents() {
        return subAgents;
    }

    public static SubAgentMap build(RawResponse blocks, RawResponse plain) {
        Map<String, CouncilMember> council = new LinkedHashMap<>();
        for (Entry entry : blocks.entries()) {
            for (Workflow wb : entry.workflowBlocks()) {
                for (WorkflowStep step : wb.steps()) {
                    for (WorkflowItem item : step.items()) {
                        if (item.workflow() != null && item.workflow().isCouncil()) {
                            council.putIfAbsent(item.workflow().model(), CouncilMember.of(item.workflow()));
                        }
                    }
                }
            }
        }
        if (!council.isEmpty()) {
            return new SubAgentMap(Map.of(), council); // a council thread has no background logic
        }
        Map<String, Entry> plainById = new LinkedHashMap<>();
        for (Entry bg : plain.background()) {
            plainById.putIfAbsent(bg.uuid(), bg);
        }
        Map<String, SubAgent> subAgents = new LinkedHashMap<>();
        for (Entry bg : blocks.background()) {
            String sid = null;
            String status = "";
            for (Workflow wb : bg.workflowBlocks()) {
                for (WorkflowStep step : wb.steps()) {
                    if ("run_subagent".equals(step.toolName()) && !step.id().isEmpty()) {
                        sid = step.id();
                        status = wb.status();
                        break;
                    }
                }
                if (sid != null) {
                    break;
                }
            }
            if (sid == null) {
                continue;
            }
            Entry run = plainById.getOrDefault(bg.uuid(), bg);
            if (run.problem() != null) {
                throw new ThreadInputException(run.problem());
            }
            subAgents.put(sid, new SubAgent(sid, "", "", run.steps(), run.answer(), run.citations(), status,
                    bg.lockedReason(), true));
        }
        // Anchors name their sub-agents and hold the prompt; an anchor without a background run still gets
        // an entry (status unknown, so never annotated), which is how the reference renders it.
        for (Entry entry : blocks.entries()) {
            for (Workflow wb : entry.workflowBlocks()) {
                for (WorkflowStep step : wb.steps()) {
                    Workflow wp = step.subAgentPayload();
                    if (wp == null) {
                        continue;
                    }
                    String sid = step.subAgentId(wp);
                    SubAgent sub = subAgents.computeIfAbsent(sid, SubAgent::anchorOnly);
                    subAgents.put(sid, sub.withAnchor(wp.headline().isEmpty() ? step.title() : wp.headline(), wp.prompt()));
                }
            }
        }
        return new SubAgentMap(subAgents, Map.of());
    }
}
