package io.github.pplxexport.thread;

import io.github.pplxexport.json.J;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A workflow item from its type and the payload parts read for it (reference-behaviour.md §1.3, §8.5, §8.10). */
final class WorkflowItems {
    private WorkflowItems() {
    }

    static WorkflowItem of(String type, Map<String, Object> parts, List<Citation> sources, Workflow workflow) {
        return new WorkflowItem(type, text(J.map(parts, "text_payload")), sources, todo(J.map(parts, "todo_list_payload")),
                StepBodies.queries(J.map(parts, "queries_payload")), table(J.map(parts, "table_payload")),
                questions(J.map(parts, "user_questions_payload")), responses(J.map(parts, "user_response_payload")),
                contents(J.map(parts, "content_payload")), workflow);
    }

    /** The body is {@code text}, else the string chunks joined. */
    static WorkflowItem.Text text(Map<String, Object> tp) {
        if (tp.isEmpty()) {
            return WorkflowItem.Text.EMPTY;
        }
        String body = J.str(tp, "text");
        if (body.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            for (Object c : J.list(tp, "chunks")) {
                if (c instanceof String s) {
                    sb.append(s);
                }
            }
            body = sb.toString();
        }
        return new WorkflowItem.Text(J.str(tp, "variant"), body, J.truthy(tp.get("is_mono")), J.str(tp, "header"));
    }

    private static WorkflowItem.Todo todo(Map<String, Object> p) {
        if (p.isEmpty()) {
            return WorkflowItem.Todo.EMPTY;
        }
        List<WorkflowItem.TodoEntry> entries = new ArrayList<>();
        for (Object it : J.list(p, "items")) {
            entries.add(new WorkflowItem.TodoEntry(J.asText(J.get(it, "description")), J.str(it, "status")));
        }
        return new WorkflowItem.Todo(J.str(p, "title"), List.copyOf(entries));
    }

    /** Every row and column; a {@code {value}} cell is unwrapped; missing cells are "". */
    private static WorkflowItem.Table table(Map<String, Object> p) {
        List<Object> columns = J.list(p, "columns");
        if (columns.isEmpty()) {
            return WorkflowItem.Table.EMPTY;
        }
        List<String> names = new ArrayList<>();
        for (Object c : columns) {
            names.add(J.asText(c));
        }
        List<List<String>> rows = new ArrayList<>();
        for (Object r : J.list(p, "rows")) {
            List<String> cells = new ArrayList<>();
            if (r instanceof Map<?, ?> m) {
                Object cellMap = m.get("cells");
                for (String name : names) {
                    cells.add(J.asText(unwrap(J.get(cellMap, name))));
                }
            } else if (r instanceof List<?> l) {
                for (int i = 0; i < names.size(); i++) {
                    cells.add(i < l.size() ? J.asText(unwrap(l.get(i))) : "");
                }
            } else {
                continue; // other row shapes carry no cells
            }
            rows.add(List.copyOf(cells));
        }
        return new WorkflowItem.Table(List.copyOf(names), List.copyOf(rows));
    }

    private static Object unwrap(Object v) {
        if (v instanceof Map<?, ?> m && m.containsKey("value")) {
            return m.get("value");
        }
        return v;
    }

    private static List<String> questions(Map<String, Object> p) {
        List<String> out = new ArrayList<>();
        for (Object q : J.list(p, "questions")) {
            out.add(q instanceof Map ? J.firstStr(q, "question", "text") : J.asText(q));
        }
        return List.copyOf(out);
    }

    private static List<WorkflowItem.Response> responses(Map<String, Object> p) {
        List<WorkflowItem.Response> out = new ArrayList<>();
        for (Object r : J.list(p, "responses")) {
            out.add(new WorkflowItem.Response(J.asText(J.get(r, "question")), J.asText(J.get(r, "answer"))));
        }
        return List.copyOf(out);
    }

    private static List<String> contents(Map<String, Object> p) {
        List<String> out = new ArrayList<>();
        for (Object e : J.list(p, "entities")) {
            String d = J.asText(J.get(e, "description"));
            if (!d.isEmpty()) {
                out.add(d);
            }
        }
        return List.copyOf(out);
    }
}
