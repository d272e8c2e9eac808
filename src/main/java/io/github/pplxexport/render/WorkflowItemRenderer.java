package io.github.pplxexport.render;

import io.github.pplxexport.json.J;
import io.github.pplxexport.subagent.CouncilMember;
import io.github.pplxexport.subagent.WorkflowStatus;
import io.github.pplxexport.subagent.Workflows;
import io.github.pplxexport.thread.Citation;
import io.github.pplxexport.thread.Citations;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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
    public String item(Object item, int depth, Set<String> seen) {
        String type = Workflows.itemType(item);
        switch (type) {
            case Workflows.ITEM_TEXT:
                return text(Workflows.payload(item, "text_payload"));
            case Workflows.ITEM_SOURCES:
                return sources(item);
            case "WORKFLOW_ITEM_TODO_LIST":
                return todo(Workflows.payload(item, "todo_list_payload"));
            case Workflows.ITEM_QUERIES:
                return queries(CouncilMember.queries(Workflows.payload(item, "queries_payload")));
            case "WORKFLOW_ITEM_TABLE":
                return Tables.render(Workflows.payload(item, "table_payload"));
            case "WORKFLOW_ITEM_USER_QUESTIONS":
                return userQuestions(Workflows.payload(item, "user_questions_payload"));
            case "WORKFLOW_ITEM_USER_RESPONSE":
                return userResponse(Workflows.payload(item, "user_response_payload"));
            case "WORKFLOW_ITEM_CONTENT":
                return content(Workflows.payload(item, "content_payload"));
            case Workflows.ITEM_WORKFLOW:
                return nestedItem(Workflows.workflowPayload(item), depth, seen);
            default:
                return labels.format(Label.UNKNOWN_ITEM, type);
        }
    }

    String text(Map<String, Object> tp) {
        String variant = J.str(tp, "variant");
        if ("answer".equals(variant)) {
            return ""; // the answer renders under ## Answer
        }
        String body = Workflows.text(tp);
        if (body.isEmpty()) {
            return "";
        }
        if ("thought".equals(variant) || "thinking".equals(variant)) {
            return Markdown.blockquote(MathDelimiters.normalize(body));
        }
        if (J.truthy(tp.get("is_mono")) || "Output".equals(J.str(tp, "header"))) {
            return Markdown.fenced(body, "");
        }
        return MathDelimiters.normalize(body);
    }

    /** Sources in a workflow step: the page text raw, then the link list. */
    private String sources(Object item) {
        List<String> lines = new ArrayList<>();
        String body = Workflows.text(Workflows.payload(item, "text_payload"));
        if (!body.isEmpty()) {
            lines.add(body);
        }
        List<Citation> links = Citations.withUrl(J.list(Workflows.payload(item, "sources_payload"), "sources"));
        if (!links.isEmpty()) {
            lines.add(labels.get(Label.SOURCES));
            Markdown.linkLines(lines, links);
        }
        return Markdown.lines(lines);
    }

    private String todo(Map<String, Object> p) {
        List<String> lines = new ArrayList<>();
        String title = J.str(p, "title");
        lines.add(labels.format(Label.TODO_TITLE, title.isEmpty() ? labels.get(Label.TODO_DEFAULT_TITLE) : title));
        for (Object it : J.list(p, "items")) {
            String d = J.asText(J.get(it, "description"));
            Label l = switch (J.str(it, "status")) {
                case "COMPLETED" -> Label.TODO_DONE;
                case "IN_PROGRESS" -> Label.TODO_IN_PROGRESS;
                default -> Label.TODO_PENDING;
            };
            lines.add(labels.format(l, d));
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

    private String userQuestions(Map<String, Object> p) {
        List<String> lines = new ArrayList<>();
        for (Object q : J.list(p, "questions")) {
            String text = q instanceof Map ? J.firstStr(q, "question", "text") : J.asText(q);
            lines.add("- " + text);
        }
        if (lines.isEmpty()) {
            return "";
        }
        lines.add(0, labels.get(Label.USER_QUESTIONS));
        return Markdown.lines(lines);
    }

    private String userResponse(Map<String, Object> p) {
        List<String> paras = new ArrayList<>();
        for (Object r : J.list(p, "responses")) {
            paras.add(labels.format(Label.USER_QUESTION, J.asText(J.get(r, "question"))));
            paras.add(labels.format(Label.USER_ANSWER, J.asText(J.get(r, "answer"))));
        }
        return String.join("\n\n", paras);
    }

    private String content(Map<String, Object> p) {
        List<String> parts = new ArrayList<>();
        for (Object e : J.list(p, "entities")) {
            String d = J.asText(J.get(e, "description"));
            if (!d.isEmpty()) {
                parts.add(MathDelimiters.normalize(d));
            }
        }
        return String.join("\n\n", parts);
    }

    private String nestedItem(Map<String, Object> wp, int depth, Set<String> seen) {
        if (wp == null) {
            return labels.format(Label.UNKNOWN_ITEM, Workflows.ITEM_WORKFLOW);
        }
        if (Workflows.isCouncilPayload(wp) || Workflows.isSubAgentPayload(wp)) {
            return ""; // rendered by the council step / the sub-agent step
        }
        if (Workflows.steps(wp).isEmpty()) {
            return labels.format(Label.UNKNOWN_ITEM, Workflows.ITEM_WORKFLOW);
        }
        String id = J.str(wp, "id");
        if (depth >= MAX_DEPTH || (!id.isEmpty() && seen.contains(id))) {
            String headline = J.str(wp, "headline");
            return labels.format(Label.NESTED_RECURSION_LIMIT, headline.isEmpty() ? labels.get(Label.UNNAMED) : headline);
        }
        return details(wp, labels.get(Label.LABEL_NESTED), "", depth, seen);
    }

    /** A payload as a {@code <details>} block, starting a fresh recursion set with its own id. */
    public String details(Map<String, Object> wp, String label, String lockedReason) {
        Set<String> seen = new HashSet<>();
        return details(wp, label, lockedReason, 0, seen);
    }

    private String details(Map<String, Object> wp, String label, String lockedReason, int depth, Set<String> seen) {
        Set<String> ids = new HashSet<>(seen);
        String ownId = J.str(wp, "id");
        if (!ownId.isEmpty()) {
            ids.add(ownId);
        }
        List<String> body = new ArrayList<>();
        String answer = "";
        List<Citation> citations = new ArrayList<>();
        List<Object> steps = Workflows.steps(wp);
        for (Object step : steps) {
            List<String> parts = new ArrayList<>();
            for (Object item : Workflows.items(step)) {
                String type = Workflows.itemType(item);
                if (Workflows.ITEM_TEXT.equals(type)
                        && "answer".equals(J.str(Workflows.payload(item, "text_payload"), "variant"))) {
                    String t = Workflows.text(Workflows.payload(item, "text_payload"));
                    if (!t.isBlank()) {
                        answer = t;
                    }
                } else if (Workflows.ITEM_SOURCES.equals(type)) {
                    String t = Workflows.text(Workflows.payload(item, "text_payload"));
                    if (!t.isBlank()) {
                        parts.add(MathDelimiters.normalize(t));
                    }
                    citations.addAll(Citations.withUrl(J.list(Workflows.payload(item, "sources_payload"), "sources")));
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
        String headline = J.str(wp, "headline");
        WorkflowStatus status = WorkflowStatus.classify(J.str(wp, "status"), lockedReason);
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
            for (Object step : steps) {
                if (!J.str(step, "title").isEmpty()) {
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
    private String stepLine(Object step, boolean compact) {
        String title = J.str(step, "title");
        String tool = J.str(step, "tool_name");
        StringBuilder sb = new StringBuilder();
        if (!title.isEmpty()) {
            sb.append(compact ? title : labels.format(Label.NESTED_STEP_HEADING, title));
        }
        if (!tool.isEmpty()) {
            sb.append(labels.format(Label.STEP_TOOL, tool));
        }
        return sb.toString();
    }

    /** {@code " · <tag>"} for annotated statuses, else "". */
    public String tag(WorkflowStatus status) {
        return status.tag() == null ? "" : labels.format(Label.TAG_SEPARATOR, labels.get(status.tag()));
    }
}
