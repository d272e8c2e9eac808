package io.github.pplxexport.render;

import io.github.pplxexport.subagent.SubAgent;
import io.github.pplxexport.subagent.SubAgentMap;
import io.github.pplxexport.text.PyStrings;
import io.github.pplxexport.thread.Turn;
import io.github.pplxexport.thread.WorkflowStep;

/**
 * The answer a turn shows ({@code _turn_answer}, reference-behaviour.md §8.8). Workflow modes fall back
 * to the workflow block's answer, then to the first sub-agent answer (the turn only waited for its
 * sub-agents); other modes show the plain answer. "" renders as {@code EMPTY_ANSWER}.
 */
public final class TurnAnswer {
    private TurnAnswer() {
    }

    public static String of(Turn turn, boolean workflowMode, SubAgentMap subAgents) {
        if (!workflowMode || !PyStrings.isBlank(turn.answer())) {
            return turn.answer();
        }
        if (turn.workflow() != null) {
            String fromBlock = turn.workflow().answer();
            if (!PyStrings.isBlank(fromBlock)) {
                return fromBlock;
            }
            for (WorkflowStep step : turn.workflow().steps()) {
                if (!step.isSubAgent()) {
                    continue;
                }
                SubAgent sub = subAgents.subAgent(step.subAgentId(step.subAgentPayload()));
                if (sub != null && !PyStrings.isBlank(sub.answer())) {
                    return sub.answer();
                }
            }
        }
        return "";
    }
}
