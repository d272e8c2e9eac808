package io.github.pplxexport.thread;

import java.util.List;

/**
 * One item of a workflow step (reference-behaviour.md §1.3, §8.5): its wire type and the payload read for
 * it. Every part is present (empty when the item has none), so renderers never test for null except
 * {@link #workflow()}, the nested workflow payload any item may carry.
 */
public record WorkflowItem(String type, Text text, List<Citation> sources, Todo todo, List<String> queries,
                           Table table, List<String> questions, List<Response> responses, List<String> contents,
                           Workflow workflow) {
    public static final String TEXT = "WORKFLOW_ITEM_TEXT";
    public static final String SOURCES = "WORKFLOW_ITEM_SOURCES";
    public static final String QUERIES = "WORKFLOW_ITEM_QUERIES";
    public static final String WORKFLOW = "WORKFLOW_ITEM_WORKFLOW";
    public static final String TODO_LIST = "WORKFLOW_ITEM_TODO_LIST";
    public static final String TABLE = "WORKFLOW_ITEM_TABLE";
    public static final String USER_QUESTIONS = "WORKFLOW_ITEM_USER_QUESTIONS";
    public static final String USER_RESPONSE = "WORKFLOW_ITEM_USER_RESPONSE";
    public static final String CONTENT = "WORKFLOW_ITEM_CONTENT";

    /** An element of an items list that is not an object: an item of no type. */
    public static final WorkflowItem EMPTY = new WorkflowItem("", Text.EMPTY, List.of(), Todo.EMPTY, List.of(),
            Table.EMPTY, List.of(), List.of(), List.of(), null);

    /** {@code text_payload}: variant, the body ({@code text}, else the chunks joined), mono flag and header. */
    public record Text(String variant, String body, boolean mono, String header) {
        public static final Text EMPTY = new Text("", "", false, "");

        public boolean isAnswer() {
            return "answer".equals(variant);
        }
    }

    /** {@code todo_list_payload}: the title and one entry per list element. */
    public record Todo(String title, List<TodoEntry> entries) {
        public static final Todo EMPTY = new Todo("", List.of());
    }

    public record TodoEntry(String description, String status) {
    }

    /** {@code table_payload}: column names and, per row, one cell text per column ("" for none). */
    public record Table(List<String> columns, List<List<String>> rows) {
        public static final Table EMPTY = new Table(List.of(), List.of());
    }

    /** One {@code user_response_payload} response. */
    public record Response(String question, String answer) {
    }
}
