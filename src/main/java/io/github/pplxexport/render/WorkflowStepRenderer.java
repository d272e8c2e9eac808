package io.github.pplxexport.render;

import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.subagent.CouncilMember;
import io.github.pplxexport.subagent.SubAgent;
import io.github.pplxexport.subagent.SubAgentMap;
import io.github.pplxexport.subagent.WorkflowStatus;
import io.github.pplxexport.text.PyStrings;
import io.github.pplxexport.thread.Citation;
import io.github.pplxexport.thread.Workflow;
import io.github.pplxexport.thread.WorkflowItem;
import io.github.pplxexport.thread.WorkflowStep;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * Steps of a computer or council turn's workflow block (reference-behaviour.md §8.4): council steps with
 * per-model details, sub-agent steps (mapped and fallback forms) and generic steps with their items.
 */
public final class WorkflowStepRenderer {
    private final Labels labels;
    private final WorkflowItemRenderer items;
    private final PlainStepRenderer plainSteps;

    public WorkflowStepRenderer(Labels labels, WorkflowItemRenderer items, PlainStepRenderer plainSteps) {
        this.labels = labels;
        this.items = items;
        this.plainSteps = plainSteps;
    }

    /** Step {@code index} (1-based) of a workflow block; "" when it renders nothing. */
    public String render(WorkflowStep step, int index, SubAgentMap subAgents) {
        if (step.isCouncil()) {
            return council(step, index, subAgents);
        }
        if (step.isSubAgent()) {
            return subAgent(step, index, step.subAgentPayload(), subAgents);
        }
        return generic(step, index);
    }

    private String generic(WorkflowStep step, int index) {
        String title = step.title();
        StringBuilder heading = new StringBuilder(title.isEmpty()
                ? labels.format(Label.STEP, index) : labels.format(Label.STEP_TITLED, index, title));
        if (!step.toolName().isEmpty()) {
            heading.append(labels.format(Label.STEP_TOOL, step.toolName()));
        }
        String start = step.startedAt();
        String end = step.completedAt();
        // The range shows at second precision, so it is compared there (the goldens omit 12:00:01 → 12:00:01).
        if (!start.isEmpty() && !end.isEmpty() && !Markdown.time(start).equals(Markdown.time(end))) {
            heading.append(labels.format(Label.TIME_RANGE, Markdown.time(start), Markdown.time(end)));
        }
        List<String> parts = renderedItems(step, false);
        return parts.isEmpty() ? heading.toString() : heading + "\n\n" + String.join("\n\n", parts);
    }

    private List<String> renderedItems(WorkflowStep step, boolean skipPayloadItems) {
        List<String> parts = new ArrayList<>();
        for (WorkflowItem item : step.items()) {
            if (skipPayloadItems && item.workflow() != null) {
                continue;
            }
            String r = items.item(item, 0, new HashSet<>());
            if (!r.isBlank()) {
                parts.add(r);
            }
        }
        return parts;
    }

    private String subAgent(WorkflowStep step, int index, Workflow anchor, SubAgentMap subAgents) {
        Workflow wp = anchor;
        if (wp == null) {
            for (WorkflowItem item : step.items()) {
                if (item.workflow() != null) {
                    wp = item.workflow();
                    break;
                }
            }
        }
        String sid = step.subAgentId(wp);
        String start = step.startedAt();
        String end = step.completedAt();
        String dur = !start.isEmpty() && !Markdown.time(start).equals(Markdown.time(end))
                ? labels.format(Label.TIME_RANGE, Markdown.time(start), Markdown.time(end)) : "";
        SubAgent sub = subAgents.subAgent(sid);
        List<String> lines = new ArrayList<>();
        if (sub != null) {
            lines.add(labels.format(Label.SUBAGENT_STEP, index, sub.headline(), dur, items.tag(sub.statusClass())));
            lines.add("");
            if (!sub.prompt().isEmpty()) {
                lines.add(labels.get(Label.SUBAGENT_PROMPT));
                lines.add("");
                lines.add(Markdown.blockquote(sub.prompt()));
                lines.add("");
            }
            if (!sub.hasBackground()) {
                // The reference shows only heading and prompt here; the anchor step's own items (e.g. the
                // tool output the UI folds away) are kept too, so nothing is lost. Goldens have none.
                List<String> own = renderedItems(step, true);
                if (!own.isEmpty()) {
                    lines.add(String.join("\n\n", own));
                    lines.add("");
                }
            }
            List<String> work = plainSteps.blocks(sub.steps());
            if (!work.isEmpty()) {
                lines.add(labels.get(Label.SUBAGENT_WORK));
                lines.add("");
                for (String b : work) {
                    lines.add(b);
                    lines.add("");
                }
            }
            if (!PyStrings.isBlank(sub.answer())) {
                lines.add(labels.get(Label.SUBAGENT_CONCLUSION));
                lines.add("");
                lines.add(sub.answer()); // raw: sub-agent conclusions are not normalised (§8.11)
                lines.add("");
            }
            if (!sub.citations().isEmpty()) {
                lines.add(labels.get(Label.SUBAGENT_CITATIONS));
                lines.add("");
                Markdown.linkLines(lines, sub.citations());
                lines.add("");
            }
            return Markdown.lines(lines);
        }
        String headline = wp == null ? "" : wp.headline();
        if (headline.isEmpty()) {
            headline = step.title();
        }
        WorkflowStatus status = WorkflowStatus.classify(wp == null ? "" : wp.status(), "");
        lines.add(labels.format(Label.SUBAGENT_STEP, index, headline, dur, items.tag(status)));
        lines.add("");
        String prompt = wp == null ? "" : wp.prompt();
        if (!prompt.isEmpty()) {
            lines.add(labels.get(Label.SUBAGENT_PROMPT));
            lines.add("");
            lines.add(Markdown.blockquote(prompt));
            lines.add("");
        }
        lines.add(String.join("\n\n", renderedItems(step, true)));
        lines.add("");
        return Markdown.lines(lines);
    }

    private String council(WorkflowStep step, int index, SubAgentMap subAgents) {
        String title = step.title();
        List<String> parts = new ArrayList<>();
        parts.add(title.isEmpty() ? labels.format(Label.COUNCIL_STEP, index) : labels.format(Label.COUNCIL_STEP_TITLED, index, title));
        List<Workflow> members = new ArrayList<>();
        for (WorkflowItem item : step.items()) {
            if (item.workflow() != null && item.workflow().isCouncil()) {
                members.add(item.workflow());
            }
        }
        List<String> models = new ArrayList<>();
        for (Workflow wp : members) {
            models.add("`" + wp.model() + "`");
        }
        parts.add(labels.format(Label.COUNCIL_MODELS, String.join(labels.get(Label.COUNCIL_MODEL_SEPARATOR), models)));
        for (Workflow wp : members) {
            CouncilMember m = subAgents.councilMember(wp.model());
            if (m != null) {
                parts.add(councilDetails(m));
            }
        }
        return String.join("\n\n", parts);
    }

    private String councilDetails(CouncilMember m) {
        List<String> lines = new ArrayList<>();
        lines.add(labels.get(Label.DETAILS_OPEN));
        lines.add(labels.format(Label.COUNCIL_SUMMARY, m.headline().isEmpty() ? m.model() : m.headline(),
                m.queryCount(), m.sources().size(), PyStrings.length(m.answer())));
        lines.add("");
        for (CouncilMember.Round r : m.rounds()) {
            List<String> qs = new ArrayList<>();
            for (String q : r.queries()) {
                qs.add("`" + q + "`");
            }
            lines.add("- " + String.join(labels.get(Label.QUERY_SEPARATOR), qs));
            int n = 1;
            for (Citation c : r.sources()) {
                lines.add("  " + n++ + ". [" + c.label() + "](" + c.url() + ")");
            }
        }
        lines.add("");
        lines.add(labels.get(Label.COUNCIL_ANSWER));
        lines.add("");
        lines.add(Markdown.answer(m.answer()));
        lines.add("");
        lines.add(labels.get(Label.DETAILS_CLOSE));
        return Markdown.lines(lines);
    }
}
