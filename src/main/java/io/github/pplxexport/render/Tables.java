package io.github.pplxexport.render;

import io.github.pplxexport.thread.WorkflowItem;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code WORKFLOW_ITEM_TABLE} as a pipe table (reference-behaviour.md §8.10): every row and column, never
 * truncated; {@code |} becomes the full-width {@code ｜} and newlines become spaces, in headers and cells.
 */
public final class Tables {
    private Tables() {
    }

    public static String render(WorkflowItem.Table table) {
        if (table.columns().isEmpty()) {
            return "";
        }
        List<String> lines = new ArrayList<>();
        lines.add(row(table.columns()));
        lines.add("|" + "---|".repeat(table.columns().size()));
        for (List<String> r : table.rows()) {
            lines.add(row(r));
        }
        return Markdown.lines(lines);
    }

    private static String row(List<String> values) {
        List<String> cells = new ArrayList<>();
        for (String v : values) {
            cells.add(Markdown.cell(v));
        }
        return "| " + String.join(" | ", cells) + " |";
    }
}
