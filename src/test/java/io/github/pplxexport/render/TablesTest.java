package io.github.pplxexport.render;

import io.github.pplxexport.testkit.RawThreads;
import io.github.pplxexport.thread.WorkflowItem;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.github.pplxexport.testkit.RawThreads.arr;
import static io.github.pplxexport.testkit.RawThreads.obj;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** WORKFLOW_ITEM_TABLE rendering (reference-behaviour.md §8.10). */
class TablesTest {

    private static WorkflowItem.Table table(List<Object> columns, List<Object> rows) {
        return table(obj("columns", columns, "rows", rows));
    }

    /** A table payload as the parser reads it from a TABLE item. */
    private static WorkflowItem.Table table(Map<String, Object> payload) {
        return RawThreads.item(obj("type", "WORKFLOW_ITEM_TABLE", "payload", obj("table_payload", payload))).table();
    }

    @Test
    void pipesBecomeFullWidthInHeadersAndCells() {
        String md = Tables.render(table(arr("a|b", "c"), arr(obj("cells", obj("a|b", "x | y", "c", "|")))));
        assertEquals("| a｜b | c |\n|---|---|\n| x ｜ y | ｜ |", md);
    }

    @Test
    void newlinesBecomeSpacesInHeadersAndCells() {
        String md = Tables.render(table(arr("first\nline"), arr(obj("cells", obj("first\nline", "one\ntwo\nthree")))));
        assertEquals("| first line |\n|---|\n| one two three |", md);
    }

    @Test
    void valueObjectsAreUnwrapped() {
        String md = Tables.render(table(arr("name", "n"),
                arr(obj("cells", obj("name", obj("value", "Dune"), "n", obj("value", 412L))))));
        assertEquals("| name | n |\n|---|---|\n| Dune | 412 |", md);
    }

    @Test
    void listRowsAreReadByColumnIndexAndMissingCellsAreEmpty() {
        String md = Tables.render(table(arr("a", "b", "c"), arr(arr("1", "2", "3"), arr("only"), arr(obj("value", "v"), null))));
        assertEquals("| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n| only |  |  |\n| v |  |  |", md);
    }

    @Test
    void rowsThatAreNeitherObjectsNorListsAreSkipped() {
        String md = Tables.render(table(arr("a"), arr("stray text", 7L, null, arr("kept"))));
        assertEquals("| a |\n|---|\n| kept |", md);
    }

    @Test
    void nullAndMissingValuesRenderEmpty() {
        String md = Tables.render(table(arr("a", "b", "c"), arr(obj("cells", obj("a", null, "b", obj("value", null))))));
        assertEquals("| a | b | c |\n|---|---|---|\n|  |  |  |", md);
    }

    @Test
    void aTableWithoutColumnsRendersNothing() {
        assertEquals("", Tables.render(table(arr(), arr(arr("1", "2")))));
        assertEquals("", Tables.render(table(obj("rows", arr(arr("1"))))));
    }

    @Test
    void manyRowsAreNeverTruncated() {
        List<Object> rows = arr();
        StringBuilder want = new StringBuilder("| i | sq |\n|---|---|");
        for (int i = 0; i < 500; i++) {
            rows.add(arr(String.valueOf(i), String.valueOf(i * i)));
            want.append("\n| ").append(i).append(" | ").append(i * i).append(" |");
        }
        String md = Tables.render(table(arr("i", "sq"), rows));
        assertEquals(502, md.split("\n", -1).length);
        assertEquals(want.toString(), md);
    }
}
