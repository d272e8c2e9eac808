package io.github.pplxexport.subagent;

import io.github.pplxexport.thread.Citation;
import io.github.pplxexport.thread.Workflow;
import io.github.pplxexport.thread.WorkflowItem;
import io.github.pplxexport.thread.WorkflowStep;

import java.util.ArrayList;
import java.util.List;

/**
 * One model's run inside a Model Council step (reference-behaviour.md §8.4): its search rounds (a QUERIES
 * item sets the current queries, each SOURCES item closes a round), its answer and all its sources.
 */
public record CouncilMember(String model, String headline, List<Round> rounds, List<Citation> sources, String answer) {
    public record Round(List<String> queries, List<Citation> sources) {
    }

    public static CouncilMember of(Workflow payload) {
        List<Round> rounds = new ArrayList<>();
        List<Citation> sources = new ArrayList<>();
        String answer = "";
        List<String> current = List.of();
        for (WorkflowStep step : payload.steps()) {
            for (WorkflowItem item : step.items()) {
                switch (item.type()) {
                    case WorkflowItem.QUERIES -> current = item.queries();
                    case WorkflowItem.SOURCES -> {
                        rounds.add(new Round(current, item.sources()));
                        sources.addAll(item.sources());
                        current = List.of();
                    }
                    case WorkflowItem.TEXT -> {
                        if (item.text().isAnswer()) {
                            answer = item.text().body();
                        }
                    }
                    default -> {
                    }
                }
            }
        }
        return new CouncilMember(payload.model(), payload.headline(), List.copyOf(rounds), List.copyOf(sources), answer);
    }

    public int queryCount() {
        int n = 0;
        for (Round r : rounds) {
            n += r.queries().size();
        }
        return n;
    }
}
