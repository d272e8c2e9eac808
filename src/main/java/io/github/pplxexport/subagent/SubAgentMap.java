package io.github.pplxexport.subagent;

import io.github.pplxexport.json.J;
import io.github.pplxexport.thread.Turn;
import io.github.pplxexport.thread.TurnParser;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sub-agent map a workflow turn renders from (reference-behaviour.md §3.1 level ①): council members
 * by model when the thread is a council, else background runs by their {@code toolu_…} id, completed with
 * the anchors' headline and prompt. Built from the blocks and plain responses alone, with no network.
 */
public final class SubAgentMap {
    private final Map<String, SubAgent> subAgents = new LinkedHashMap<>();
    private final Map<String, CouncilMember> council = new LinkedHashMap<>();

    public SubAgent subAgent(String id) {
        return subAgents.get(id);
    }

    public CouncilMember councilMember(String model) {
        return council.get(model);
    }

    public Map<String, SubAgent> subAgents() {
        return subAgents;
    }

    public static SubAgentMap build(Map<String, Object> rawBlocks, Map<String, Object> rawEntries) {
        SubAgentMap map = new SubAgentMap();
        if (rawBlocks == null) {
            return map;
        }
        for (Object entry : J.list(rawBlocks, "entries")) {
            for (Map<String, Object> wb : Workflows.workflowBlocks(entry)) {
                for (Object step : Workflows.steps(wb)) {
                    for (Object item : Workflows.items(step)) {
                        Map<String, Object> wp = Workflows.workflowPayload(item);
                        if (Workflows.isCouncilPayload(wp)) {
                            map.council.putIfAbsent(J.str(wp, "model"), CouncilMember.of(wp));
                        }
                    }
                }
            }
        }
        if (!map.council.isEmpty()) {
            return map; // a council thread has no background logic
        }
        Map<String, Object> plainById = new LinkedHashMap<>();
        for (Object bg : J.list(rawEntries, "background_entries")) {
            plainById.putIfAbsent(J.str(bg, "uuid"), bg);
        }
        for (Object bg : J.list(rawBlocks, "background_entries")) {
            String sid = null;
            String status = "";
            for (Map<String, Object> wb : Workflows.workflowBlocks(bg)) {
                for (Object step : Workflows.steps(wb)) {
                    if ("run_subagent".equals(J.str(step, "tool_name")) && !J.str(step, "id").isEmpty()) {
                        sid = J.str(step, "id");
                        status = J.str(wb, "status");
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
            SubAgent sub = new SubAgent(sid);
            sub.hasBackground = true;
            sub.status = status;
            sub.lockedReason = J.str(bg, "locked_reason");
            Object plain = plainById.getOrDefault(J.str(bg, "uuid"), bg);
            Map<String, Object> plainEntry = J.asMap(plain);
            Turn parsed = TurnParser.parse(plainEntry, 0);
            sub.steps = parsed.steps;
            sub.answer = parsed.answer;
            sub.citations = parsed.citations;
            sub.threadUuid = J.str(plainEntry, "backend_uuid");
            map.subAgents.put(sid, sub);
        }
        // Anchors name their sub-agents and hold the prompt; an anchor without a background run still gets
        // an entry (status unknown, so never annotated), which is how the reference renders it.
        for (Object entry : J.list(rawBlocks, "entries")) {
            for (Map<String, Object> wb : Workflows.workflowBlocks(entry)) {
                for (Object step : Workflows.steps(wb)) {
                    Map<String, Object> wp = Workflows.subAgentPayload(step);
                    if (wp == null) {
                        continue;
                    }
                    String sid = Workflows.subAgentId(step, wp);
                    SubAgent sub = map.subAgents.computeIfAbsent(sid, SubAgent::new);
                    String headline = J.str(wp, "headline");
                    sub.headline = headline.isEmpty() ? J.str(step, "title") : headline;
                    sub.prompt = Workflows.prompt(wp);
                }
            }
        }
        return map;
    }
}
