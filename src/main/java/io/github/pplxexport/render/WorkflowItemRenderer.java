package io.github.pplxexport.render;

import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.subagent.WorkflowStatus;
import io.github.pplxexport.thread.Citation;
import io.github.pplxexport.thread.Citations;
import io.github.pplxexport.thread.Workflow;
import io.github.pplxexport.thread.WorkflowItem;
import io.github.pplxexport.thread.WorkflowStep;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Workflow items ({@code render_wf_item}, reference-behaviour.md §8.5) and nested {@code <details>}
 * blocks ({@code _render_nested_wf}, §8.6), shared by workflow steps, tool input/output steps, stub
 * turns and the background appendix.
 */
public final class WorkflowItemRenderer {
    /** Nested workflows deeper than this render the recursion-limit line instead. */
    static final int MAX_DEPTH = 2;

    private final Labels labels;

    public WorkflowItemRenderer(Labels labels) {
        this.labels = labels;
    }

    /** One item; "" when it renders nothing. {@code seen} holds the workflow ids already being rendered. */
    public String item(WorkflowItem item, int depth, Set<String> seen) {
        switch (item.type()) {
            case WorkflowItem.TEXT:
                return text(item.text());
            case WorkflowItem.SOURCES:
                return sources(item);
            case WorkflowItem.TODO_LIST:
                return todo(item.todo());
            case WorkflowItem.QUERIES:
                return queries(item.queries());
            case WorkflowItem.TABLE:
                return Tables.render(item.table());
            case WorkflowItem.USER_QUESTIONS:
                return userQuestions(item.questions());
            case WorkflowItem.USER_RESPONSE:
                return userResponse(item.responses());
            case WorkflowItem.CONTENT:
                return content(item.contents());
            case WorkflowItem.WORKFLOW:
                return nestedItem(item.workflow(), depth, seen);
            default:
                return labels.format(Label.UNKNOWN_ITEM, item.type());
        }
    }

    String text(WorkflowItem.Text tp) {
        if (tp.isAnswer()) {
            return ""; // the answer renders under ## Answer
        }
        String body = tp.body();
        if (body.isEmpty()) {
            return "";
        }
        if ("thought".equals(tp.variant()) || "thinking".equals(tp.variant())) {
            return Markdown.blockquote(MathDelimiters.normalize(body));
        }
        if (tp.mono() || "Output".equals(tp.header())) {
            return Markdown.fenced(body, "");
        }
        return MathDelimiters.normalize(body);
    }

    /** Sources in a workflow step: the page text raw, then the link list. */
    private String sources(WorkflowItem item) {
        List<String> lines = new ArrayList<>();
        String body = item.text().body();
        if (!body.isEmpty()) {
            lines.add(body);
        }
        if (!item.sources().isEmpty()) {
            lines.add(labels.get(Label.SOURCES));
            Markdown.linkLines(lines, item.sources());
        }
        return Markdown.lines(lines);
    }

    private String todo(WorkflowItem.Todo p) {
        List<String> lines = new ArrayList<>();
        lines.add(labels.format(Label.TODO_TITLE, p.title().isEmpty() ? labels.get(Label.TODO_DEFAULT_TITLE) : p.title()));
        for (WorkflowItem.TodoEntry it : p.entries()) {
            Label l = switch (it.status()) {
                case "COMPLETED" -> Label.TODO_DONE;
                case "IN_PROGRESS" -> Label.TODO_IN_PROGRESS;
                default -> Label.TODO_PENDING;
            };
            lines.add(labels.format(l, it.description()));
        }
        return Markdown.lines(lines);
    }

    String queries(List<String> queries) {
        if (queries.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(labels.get(Label.QUERIES));
        for (String q : queries) {
            sb.append("\n- ").append(q);
        }
        return sb.toString();
    }

    private String userQuestions(List<String> questions) {
        if (questions.isEmpty()) {
            return "";
        }
        List<String> lines = new ArrayList<>();
        lines.add(labels.get(Label.USER_QUESTIONS));
        for (String q : questions) {
            lines.add("- " + q);
        }
        return Markdown.lines(lines);
    }

    private String userResponse(List<WorkflowItem.Response> responses) {
        List<String> paras = new ArrayList<>();
        for (WorkflowItem.Response r : responses) {
            paras.add(labels.format(Label.USER_QUESTION, r.question()));
            paras.add(labels.format(Label.USER_ANSWER, r.answer()));
        }
        return String.join("\n\n", paras);
    }

    private String content(List<String> descriptions) {
        List<String> parts = new ArrayList<>();
        for (String d : descriptions) {
            parts.add(MathDelimiters.normalize(d));
        }
        return String.join("\n\n", parts);
    }

    private String nestedItem(Workflow wp, int depth, Set<String> seen) {
        if (wp == null) {
            return labels.format(Label.UNKNOWN_ITEM, WorkflowItem.WORKFLOW);
        }
        if (wp.isCouncil() || wp.anchor()) {
            return ""; // rendered by the council step / the sub-agent step
        }
        if (wp.steps().isEmpty()) {
            return labels.format(Label.UNKNOWN_ITEM, WorkflowItem.WORKFLOW);
        }
        String id = wp.id();
        if (depth >= MAX_DEPTH || (!id.isEmpty() && seen.contains(id))) {
            String headline = wp.headline();
            return labels.format(Label.NESTED_RECURSION_LIMIT, headline.isEmpty() ? labels.get(Label.UNNAMED) : headline);
        }
        return details(wp, labels.get(Label.LABEL_NESTED), "", depth, seen);
    }

    /** A payload as a {@code <details>} block, starting a fresh recursion set with its own id. */
    public String details(Workflow wp, String label, String lockedReason) {
        return details(wp, label, lockedReason, 0, new HashSet<>());
    }

    private String details(Workflow wp, String label, String lockedReason, int depth, Set<String> seen) {
        Set<String> ids = new HashSet<>(seen);
        if (!wp.id().isEmpty()) {
            ids.add(wp.id());
        }
        List<String> body = new ArrayList<>();
        String answer = "";
        List<Citation> citations = new ArrayList<>();
        List<WorkflowStep> steps = wp.steps();
        for (WorkflowStep step : steps) {
            List<String> parts = new ArrayList<>();
            for (WorkflowItem item : step.items()) {
                String type = item.type();
                if (WorkflowItem.TEXT.equals(type) && item.text().isAnswer()) {
                    String t = item.text().body();
                    if (!t.isBlank()) {
                        answer = t;
                    }
                } else if (WorkflowItem.SOURCES.equals(type)) {
                    String t = item.text().body();
                    if (!t.isBlank()) {
                        parts.add(MathDelimiters.normalize(t));
                    }
                    citations.addAll(item.sources());
                } else {
                    String r = item(item, depth + 1, ids);
                    if (!r.isBlank()) {
                        parts.add(r);
                    }
                }
            }
            if (!parts.isEmpty()) {
                String heading = stepLine(step, false);
                if (!heading.isEmpty()) {
                    body.add(heading);
                }
                body.addAll(parts);
            }
        }
        citations = Citations.dedupe(citations);
        String headline = wp.headline();
        WorkflowStatus status = WorkflowStatus.classify(wp.status(), lockedReason);
        List<String> lines = new ArrayList<>();
        lines.add(labels.get(Label.DETAILS_OPEN));
        lines.add(labels.format(Label.DETAILS_SUMMARY, label,
                headline.isEmpty() ? labels.get(Label.UNNAMED) : headline,
                steps.size(),
                labels.get(answer.isEmpty() ? Label.NO_CONCLUSION : Label.HAS_CONCLUSION),
                citations.isEmpty() ? "" : labels.format(Label.CITATION_COUNT, citations.size()),
                tag(status)));
        lines.add("");
        if (!body.isEmpty()) {
            lines.add(String.join("\n\n", body));
        } else if (!steps.isEmpty()) {
            List<String> compact = new ArrayList<>();
            for (WorkflowStep step : steps) {
                if (!step.title().isEmpty()) {
                    compact.add("- " + stepLine(step, true));
                }
            }
            lines.add(compact.isEmpty() ? labels.get(Label.NO_STEPS) : Markdown.lines(compact));
        } else {
            lines.add(labels.get(Label.NO_STEPS));
        }
        if (!answer.isEmpty()) {
            lines.add("");
            lines.add(labels.get(Label.NESTED_CONCLUSION));
            lines.add("");
            lines.add(MathDelimiters.normalize(answer));
        }
        if (!citations.isEmpty()) {
            lines.add("");
            lines.add(labels.get(Label.NESTED_CITATIONS));
            lines.add("");
            Markdown.linkLines(lines, citations);
        }
        lines.add("");
        lines.add(labels.get(Label.DETAILS_CLOSE));
        return Markdown.lines(lines);
    }

    /**
     * A step's line inside a details block: {@code **title**（`tool`）} as a heading, or
     * {@code title（`tool`）} in the compact list; "" when the step has neither.
     */
    private String stepLine(WorkflowStep step, boolean compact) {
        StringBuilder sb = new StringBuilder();
        if (!step.title().isEmpty()) {
            sb.append(compact ? step.title() : labels.format(Label.NESTED_STEP_HEADING, step.title()));
        }
        if (!step.toolName().isEmpty()) {
            sb.append(labels.format(Label.STEP_TOOL, step.toolName()));
        }
        return sb.toString();
    }

    /** {@code " · <tag>"} for annotated statuses, else "". */
    public String tag(WorkflowStatus status) {
        Label tag = tagOf(status);
        return tag == null ? "" : labels.format(Label.TAG_SEPARATOR, labels.get(tag));
    }

    /** The heading annotation of a status class (§3.2), or null when that class is not annotated. */
    public static Label tagOf(WorkflowStatus status) {
        return switch (status) {
            case LIMIT_INTERRUPTED -> Label.TAG_LIMIT_INTERRUPTED;
            case AWAITING -> Label.TAG_AWAITING;
            case CANCELED -> Label.TAG_CANCELED;
            case COMPLETED, OTHER -> null;
        };
    }
}
