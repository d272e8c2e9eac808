package io.github.pplxexport.render;

import io.github.pplxexport.json.J;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code WORKFLOW_ITEM_TABLE} as a pipe table (reference-behaviour.md §8.10): every row and column, never
 * truncated; {@code |} becomes the full-width {@code ｜} and newlines become spaces, in headers and cells.
 */
public final class Tables {
    private Tables() {
    }

    public static String render(Map<String, Object> tablePayload) {
        List<Object> columns = J.list(tablePayload, "columns");
        if (columns.isEmpty()) {
            return "";
        }
        List<String> names = new ArrayList<>();
        for (Object c : columns) {
            names.add(J.asText(c));
        }
        List<String> lines = new ArrayList<>();
        lines.add(row(names));
        lines.add("|" + "---|".repeat(names.size()));
        for (Object r : J.list(tablePayload, "rows")) {
            List<String> cells = new ArrayList<>();
            if (r instanceof Map<?, ?> m) {
                Object cellMap = m.get("cells");
                for (String name : names) {
                    cells.add(Markdown.cell(unwrap(J.get(cellMap, name))));
                }
            } else if (r instanceof List<?> l) {
                for (int i = 0; i < names.size(); i++) {
                    cells.add(i < l.size() ? Markdown.cell(unwrap(l.get(i))) : "");
                }
            } else {
                continue; // other row shapes carry no cells
            }
            lines.add("| " + String.join(" | ", cells) + " |");
        }
        return Markdown.lines(lines);
    }

    private static String row(List<String> names) {
        List<String> cells = new ArrayList<>();
        for (String n : names) {
            cells.add(Markdown.cell(n));
        }
        return "| " + String.join(" | ", cells) + " |";
    }

    /** A cell written as {@code {value}} is unwrapped. */
    private static Object unwrap(Object v) {
        if (v instanceof Map<?, ?> m && m.containsKey("value")) {
            return m.get("value");
        }
        return v;
    }
}
