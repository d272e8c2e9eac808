package io.github.pplxexport.render;

import io.github.pplxexport.subagent.SubAgent;
import io.github.pplxexport.subagent.SubAgentMap;
import io.github.pplxexport.subagent.Workflows;
import io.github.pplxexport.text.PyStrings;
import io.github.pplxexport.thread.Turn;

/**
 * The answer a turn shows ({@code _turn_answer}, reference-behaviour.md §8.8). Workflow modes fall back
 * to the workflow block's answer, then to the first sub-agent answer (the turn only waited for its
 * sub-agents); other modes show the plain answer. "" renders as {@code (无)}.
 */
public final class TurnAnswer {
    private TurnAnswer() {
    }

    public static String of(Turn turn, boolean workflowMode, SubAgentMap subAgents) {
        if (!workflowMode || !PyStrings.isBlank(turn.answer)) {
            return turn.answer;
        }
        if (turn.workflowBlock != null) {
            String fromBlock = Workflows.blockAnswer(turn.workflowBlock);
            if (!PyStrings.isBlank(fromBlock)) {
                return fromBlock;
            }
            for (Object step : Workflows.steps(turn.workflowBlock)) {
                if (!Workflows.isSubAgentStep(step)) {
                    continue;
                }
                SubAgent sub = subAgents.subAgent(Workflows.subAgentId(step, Workflows.subAgentPayload(step)));
                if (sub != null && !PyStrings.isBlank(sub.answer)) {
                    return sub.answer;
                }
            }
        }
        return "";
    }
}
