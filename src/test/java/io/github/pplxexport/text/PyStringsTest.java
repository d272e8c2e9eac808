package io.github.pplxexport.text;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PyStringsTest {

    @Test
    void headCountsCodePointsLikePythonSlicing() {
        assertEquals("ab", PyStrings.head("abc", 2));
        assertEquals("😀😀", PyStrings.head("😀😀😀", 2));
        assertEquals("short", PyStrings.head("short", 80));
        assertEquals("", PyStrings.head(null, 3));
        assertEquals("", PyStrings.head("abc", 0));
    }

    @Test
    void stripUsesPythonWhiteSpace() {
        assertEquals("x", PyStrings.strip("\u3000\u00a0 x\t\u2007\n"));
        assertEquals("\u200bx", PyStrings.strip("\u200bx"));   // ZERO WIDTH SPACE is not isspace()
        assertEquals("a-b", PyStrings.strip("--a-b---", '-'));
        assertEquals("", PyStrings.strip("---", '-'));
    }
}
