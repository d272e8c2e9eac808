package io.github.pplxexport.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link EmbeddedJson#skip}: the byte scan skips what Jackson's skipChildren skips, and leaves bad input to it. */
class EmbeddedJsonSkipTest {

    /** Values a raw file holds where nobody reads them, each followed by a field that is read. */
    private static final String DOC = "{\"a\": {\"x\": [1, -2.5e3, true, false, null], \"q\": \"say \\\"}]\\\" \\\\\"},"
            + " \"b\": [], \"c\": {}, \"d\": [[[{\"k\": \"\\u4e2d\\ud83d\\ude00 中文 \\/ \\n\"}]]],"
            + " \"e\": \"a string\", \"f\": 7, \"deep\": " + "[".repeat(70) + "\"bottom\"" + "]".repeat(70) + ","
            + " \"g\": {\"text\": \"[{\\\"step_type\\\": \\\"FINAL\\\", \\\"content\\\": {\\\"skip\\\": [1, {\\\"s\\\": \\\"\\\\\\\"\\\"}]}}]\"},"
            + " \"last\": \"read\"}";

    /** Field name, then the text of the token after the skipped value, for every top-level field. */
    private static List<String> walk(JsonParser p, boolean fast) throws IOException {
        List<String> seen = new ArrayList<>();
        assertEquals(JsonToken.START_OBJECT, p.nextToken());
        String name;
        while ((name = p.nextFieldName()) != null) {
            JsonToken v = p.nextToken();
            if (fast) {
                EmbeddedJson.skip(p);
            } else {
                p.skipChildren();
            }
            seen.add(name + " " + v + " -> " + p.currentToken());
        }
        assertEquals(JsonToken.END_OBJECT, p.currentToken());
        assertEquals(null, p.nextToken());
        return seen;
    }

    private static EmbeddedJson.Source source(String json) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        return new EmbeddedJson.Source(b, b.length);
    }

    @Test
    void skipsEveryKindOfValueLikeTheTokenizer() throws IOException {
        List<String> expected;
        try (JsonParser p = Tokens.parser(DOC.getBytes(StandardCharsets.UTF_8))) {
            expected = walk(p, false);
        }
        try (JsonParser p = source(DOC).parser()) {
            assertEquals(expected, walk(p, true));
        }
        assertEquals(9, expected.size());
        assertEquals("deep START_ARRAY -> END_ARRAY", expected.get(6)); // deeper than the scan's 62 levels
    }

    @Test
    void theParserReadsOnAfterASkippedValue() throws IOException {
        try (JsonParser p = source(DOC).parser()) {
            p.nextToken();
            p.nextFieldName();
            p.nextToken();
            EmbeddedJson.skip(p);
            assertEquals("b", p.nextFieldName());
            assertEquals(JsonToken.START_ARRAY, p.nextToken());
            assertEquals(JsonToken.END_ARRAY, p.nextToken());
            assertEquals("c", p.nextFieldName());
            while (!"e".equals(p.nextFieldName())) {
                p.nextToken();
                EmbeddedJson.skip(p);
            }
            p.nextToken();
            assertEquals("a string", p.getText());
        }
    }

    @Test
    void skipsInsideJsonHeldInAString() throws IOException {
        String json = "{\"text\": \"[{\\\"content\\\": {\\\"big\\\": [\\\"x\\\\\\\"]\\\", {\\\"y\\\": 1}]},"
                + " \\\"step_type\\\": \\\"FINAL\\\"}]\", \"after\": 2}";
        EmbeddedJson.Source src = source(json);
        try (JsonParser p = src.parser()) {
            p.nextToken();
            assertEquals("text", p.nextFieldName());
            p.nextToken();
            try (EmbeddedJson.Nested text = EmbeddedJson.open(p, src)) {
                JsonParser in = text.parser();
                assertEquals(JsonToken.START_ARRAY, in.nextToken());
                assertEquals(JsonToken.START_OBJECT, in.nextToken());
                assertEquals("content", in.nextFieldName());
                in.nextToken();
                EmbeddedJson.skip(in);
                assertEquals("step_type", in.nextFieldName());
                in.nextToken();
                assertEquals("FINAL", in.getText());
            }
            assertEquals("after", p.nextFieldName());
            p.nextToken();
            assertEquals(2, p.getIntValue());
        }
    }

    /** Input the scan does not take for JSON fails with the tokenizer's own message. */
    @Test
    void badInputFailsAsTheTokenizerSaysIt() {
        for (String bad : List.of(
                "{\"a\": [1, 2}",                  // mismatched bracket
                "{\"a\": {\"b\": [1, 2]",          // never closed
                "{\"a\": [\"tab\tin a string\"]}", // raw control character
                "{\"a\": [1, @]}",                 // not JSON at all
                "{\"a\": {\"k\": yes}}")) {         // a word that is no literal
            String tokenizer = assertThrows(IOException.class, () -> {
                try (JsonParser p = Tokens.parser(bad.getBytes(StandardCharsets.UTF_8))) {
                    walk(p, false);
                }
            }, bad).getMessage().lines().findFirst().orElseThrow();
            String scan = assertThrows(IOException.class, () -> {
                try (JsonParser p = source(bad).parser()) {
                    walk(p, true);
                }
            }, bad).getMessage().lines().findFirst().orElseThrow();
            assertEquals(tokenizer, scan, bad);
        }
    }

    /**
     * The documented limit: the order of commas, colons and literal letters inside a skipped value is not checked
     * (the tokenizer is not asked), so such a value is skipped where the tokenizer would have failed.
     */
    @Test
    void aSkippedValueIsNotTokenised() throws IOException {
        for (String json : List.of("{\"a\": [1,, 2], \"b\": 3}", "{\"a\": {\"k\": nul}, \"b\": 3}")) {
            assertThrows(IOException.class, () -> {
                try (JsonParser p = Tokens.parser(json.getBytes(StandardCharsets.UTF_8))) {
                    walk(p, false);
                }
            });
            try (JsonParser p = source(json).parser()) {
                String a = json.contains("[1") ? "a START_ARRAY -> END_ARRAY" : "a START_OBJECT -> END_OBJECT";
                assertEquals(List.of(a, "b VALUE_NUMBER_INT -> VALUE_NUMBER_INT"), walk(p, true));
            }
        }
    }
}
