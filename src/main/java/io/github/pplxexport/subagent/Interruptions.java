package io.github.pplxexport.subagent;

import io.github.pplxexport.text.PyStrings;
import io.github.pplxexport.thread.Turn;
import io.github.pplxexport.thread.Workflow;
import io.github.pplxexport.thread.WorkflowStep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code thread.json.interruptions} registry (reference-behaviour.md §3.3): one
 * {@code {location, kind, headline, status}} record per annotated workflow, in turn order, then the
 * appendix. Decision (spec README): exactly the annotated cases are registered (limit_interrupted,
 * awaiting, canceled); completed and unknown statuses never are, the appendix included.
 */
public final class Interruptions {
    static final int HEADLINE_MAX = 80;

    private Interruptions() {
    }

    public static List<Map<String, Object>> of(List<Turn> turns, SubAgentMap subAgents, List<AppendixItem> appendix) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Turn t : turns) {
            String loc = Turn.name(t.index());
            WorkflowStatus turnClass = WorkflowStatus.classify(t.workflowStatus(), t.lockedReason());
            if (turnClass.isInterruption()) {
                out.add(record(loc, turnClass, PyStrings.head(t.query(), HEADLINE_MAX), t.workflowStatus()));
            }
            if (t.workflow() != null) {
                for (WorkflowStep step : t.workflow().steps()) {
                    Workflow wp = step.subAgentPayload();
                    if (wp == null) {
                        continue;
                    }
                    SubAgent sub = subAgents.subAgent(step.subAgentId(wp));
                    if (sub != null && sub.statusClass().isInterruption()) {
                        out.add(record(loc + "/subagent", sub.statusClass(), sub.headline(), sub.status()));
                    }
                }
            }
            for (Workflow wp : t.stubPayloads()) {
                WorkflowStatus cls = WorkflowStatus.classify(wp.status(), t.lockedReason());
                if (cls.isInterruption()) {
                    out.add(record(loc + "/subagent_stub", cls, wp.headline(), wp.status()));
                }
            }
        }
        for (AppendixItem item : appendix) {
            String status = item.payload().status();
            WorkflowStatus cls = WorkflowStatus.classify(status, item.lockedReason());
            if (cls.isInterruption()) {
                out.add(record("background_unassigned", cls, item.payload().headline(), status));
            }
        }
        return out;
    }

    private static Map<String, Object> record(String location, WorkflowStatus kind, String headline, String status) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("location", location);
        r.put("kind", kind.kind());
        r.put("headline", headline);
        r.put("status", status);
        return r;
    }
}
