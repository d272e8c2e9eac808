package io.github.pplxexport.json;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Strings as Python's {@code json.dumps(s, ensure_ascii=False)} writes them (the expected values are its output). */
class PyJsonTest {

    @Test
    void escapesAtTheStartTheEndAndBetweenRunsOfPlainCharacters() {
        assertEquals("\"\\\"start\"", PyJson.compact("\"start"));
        assertEquals("\"end\\\\\"", PyJson.compact("end\\"));
        assertEquals("\"a\\\"b\\\\c\\nd\\te\\u0001f\\u001fé中\"", PyJson.compact("a\"b\\c\nd\te\u0001f\u001fé中"));
        assertEquals("\"plain text, 中文\"", PyJson.compact("plain text, 中文"));
        assertEquals("\"\"", PyJson.compact(""));
        assertEquals("\"\\b\\f\\r\"", PyJson.compact("\b\f\r"));
        assertEquals("[\n \"x\\\"\",\n \"y\"\n]", PyJson.pretty(List.of("x\"", "y")));
    }
}
