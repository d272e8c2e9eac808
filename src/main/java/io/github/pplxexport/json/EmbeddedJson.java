package io.github.pplxexport.json;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayDeque;

/**
 * JSON held in a JSON string (the API nests step lists and answers this way), read without decoding it to
 * characters and without letting the outer parser scan it: the string's raw UTF-8 bytes are un-escaped
 * byte for byte (runs without a backslash are copied as they are) into a buffer that is parsed as UTF-8
 * JSON, and the outer parser's input jumps over the string. A nested document then costs one cheap byte
 * pass instead of a skip plus a full character decode, and only the values kept become Strings. The same
 * jump passes over the objects and arrays nobody reads ({@link #skip}).
 */
public final class EmbeddedJson {
    private EmbeddedJson() {
    }

    /**
     * Bytes a parser reads as a stream, so that the reader can move its position past a string the parser has
     * just started (see {@link #open}).
     */
    public static final class Source extends InputStream {
        private final byte[] bytes;
        private final int end;
        private int pos;

        public Source(byte[] bytes, int length) {
            this.bytes = bytes;
            this.end = length;
        }

        @Override
        public int read() {
            return pos < end ? bytes[pos++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos >= end) {
                return -1;
            }
            int n = Math.min(len, end - pos);
            System.arraycopy(bytes, pos, b, off, n);
            pos += n;
            return n;
        }

        /** A parser over these bytes. */
        public JsonParser parser() throws IOException {
            return Tokens.parser(this);
        }
    }

    /**
     * A parser over a JSON text held in a string, with its source (so JSON nested in its strings can be
     * opened the same way). Closing it returns its buffer for reuse.
     */
    public static final class Nested implements AutoCloseable {
        private final JsonParser parser;
        private final Source source;
        private final Source outer;
        private final int openingQuote;

        Nested(JsonParser parser, Source source, Source outer, int openingQuote) {
            this.parser = parser;
            this.source = source;
            this.outer = outer;
            this.openingQuote = openingQuote;
        }

        /**
         * The string's own text, decoded exactly as the parser decodes strings (for a string that turns out
         * not to hold JSON): the bytes from its opening to its closing quote, read by a parser of their own.
         */
        public String text() throws IOException {
            int[] closing = new int[1];
            unescape(outer.bytes, openingQuote + 1, outer.end, new byte[outer.end - openingQuote], closing);
            try (JsonParser p = Tokens.parser(outer.bytes, openingQuote, closing[0] + 1 - openingQuote)) {
                p.nextToken();
                return p.getText();
            }
        }

        public JsonParser parser() {
            return parser;
        }

        public Source source() {
            return source;
        }

        @Override
        public void close() throws IOException {
            parser.close();
            BUFFERS.get().push(source.bytes);
        }
    }

    /**
     * Per-thread buffers for un-escaped texts, reused (a text and the answer nested in it are open at the
     * same time, so a few per thread). They grow to the largest string seen; nothing is allocated per text.
     */
    private static final ThreadLocal<ArrayDeque<byte[]>> BUFFERS = ThreadLocal.withInitial(ArrayDeque::new);

    /**
     * The JSON text held in the string at the parser's current token, a {@code VALUE_STRING} just read
     * (its text not asked for) from a parser over {@code source}. The outer parser goes on after the string
     * and reads it as empty; {@link Nested#text()} gives its text.
     */
    public static Nested open(JsonParser outer, Source source) throws IOException {
        int released = outer.releaseBuffered(OutputStream.nullOutputStream());
        int start = source.pos - released;
        if (start < 1 || source.bytes[start - 1] != '"') {
            throw new IllegalStateException("not at the start of a string value");
        }
        byte[] out = BUFFERS.get().poll();
        // the un-escaped text is never longer than what is left of the source
        if (out == null || out.length < source.end - start) {
            out = new byte[Math.max(source.end - start, out == null ? 0 : out.length)];
        }
        int[] closing = new int[1];
        int len = unescape(source.bytes, start, source.end, out, closing);
        source.pos = closing[0]; // the outer parser reads the closing quote next: an empty string to skip
        Source nested = new Source(out, len);
        return new Nested(nested.parser(), nested, source, start - 1);
    }

    /**
     * Skips the value at the parser's current token, like {@link JsonParser#skipChildren}, but for an object or
     * array read from a {@link Source} by scanning its bytes for the closing bracket instead of tokenising them:
     * strings are passed over to their closing quote without being decoded, no field name is looked up, and
     * the parser goes on at the closing bracket (its current token is then that END_OBJECT / END_ARRAY). A
     * large part of each raw file is in values the renderers never read, so this is most of what skipping
     * costs. What the scan does not take for JSON (a control character in a string, a byte that cannot stand
     * outside one, brackets that do not match or do not close) is left to the parser's own skip, so such
     * input fails as it did; a skipped value that is only wrong in the order of its commas, colons or literal
     * letters (e.g. {@code [1,, 2]}) is not noticed.
     */
    public static void skip(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if ((t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY) || !(p.getInputSource() instanceof Source src)) {
            p.skipChildren();
            return;
        }
        int from = src.pos - p.releaseBuffered(OutputStream.nullOutputStream());
        int close = from > 0 && src.bytes[from - 1] == (t == JsonToken.START_OBJECT ? '{' : '[')
                ? closing(src.bytes, from, src.end, t == JsonToken.START_OBJECT) : -1;
        if (close < 0) {
            src.pos = from; // the parser reads on from where it was
            p.skipChildren();
        } else {
            src.pos = close;
            p.nextToken();
        }
    }

    /** Bytes that may stand between the strings of a JSON value: white space, punctuation, numbers, literals. */
    private static final boolean[] BETWEEN_STRINGS = new boolean[128];

    static {
        for (byte c : " \t\n\r,:0123456789+-.eEtruefalsn".getBytes(java.nio.charset.StandardCharsets.US_ASCII)) {
            BETWEEN_STRINGS[c] = true;
        }
    }

    /**
     * The index of the bracket closing the object ({@code object}) or array opened just before {@code from}, or
     * -1 when the bytes are not well-formed enough to say (see {@link #skip}). Nesting deeper than 62 levels is
     * left to the parser too (one bit per level says which bracket closes it).
     */
    static int closing(byte[] b, int from, int end, boolean object) {
        long objects = object ? 1 : 0;
        int depth = 0;
        int i = from;
        while (i < end) {
            byte c = b[i++];
            if (c == '"') {
                while (true) {
                    if (i >= end) {
                        return -1;
                    }
                    byte d = b[i++];
                    if (d == '"') {
                        break;
                    }
                    if (d == '\\') {
                        i++;
                    } else if (d >= 0 && d < 0x20) {
                        return -1;
                    }
                }
            } else if (c == '{' || c == '[') {
                if (++depth > 62) {
                    return -1;
                }
                objects = objects << 1 | (c == '{' ? 1 : 0);
            } else if (c == '}' || c == ']') {
                if (((objects & 1) == 1) != (c == '}')) {
                    return -1;
                }
                if (depth-- == 0) {
                    return i - 1;
                }
                objects >>>= 1;
            } else if (c < 0 || !BETWEEN_STRINGS[c]) {
                return -1;
            }
        }
        return -1;
    }

    /**
     * Un-escapes the string content starting at {@code s[start]} up to its closing quote into {@code out} as
     * UTF-8; returns the length written and puts the closing quote's index in {@code closing[0]}.
     */
    static int unescape(byte[] s, int start, int end, byte[] out, int[] closing) throws IOException {
        int o = 0;
        int i = start;
        // one byte at a time: runs between escapes are short in JSON held in JSON, so this beats scan-and-copy
        while (i < end) {
            byte b = s[i++];
            if (b == '"') {
                closing[0] = i - 1;
                return o;
            }
            if (b != '\\') {
                out[o++] = b;
                continue;
            }
            if (i >= end) {
                break;
            }
            byte e = s[i++];
            switch (e) {
                case '"', '\\', '/' -> out[o++] = e;
                case 'n' -> out[o++] = '\n';
                case 't' -> out[o++] = '\t';
                case 'r' -> out[o++] = '\r';
                case 'b' -> out[o++] = '\b';
                case 'f' -> out[o++] = '\f';
                case 'u' -> {
                    int c = hex(s, i, end);
                    i += 4;
                    if (Character.isHighSurrogate((char) c) && i + 6 <= end && s[i] == '\\' && s[i + 1] == 'u') {
                        int low = hex(s, i + 2, end);
                        if (Character.isLowSurrogate((char) low)) {
                            c = Character.toCodePoint((char) c, (char) low);
                            i += 6;
                        }
                    }
                    o = utf8(c, out, o);
                }
                default -> throw new JsonParseException(null, "Unrecognized character escape '" + (char) e + "'");
            }
        }
        throw new JsonParseException(null, "Unexpected end-of-input in a string value");
    }

    private static int hex(byte[] s, int i, int end) throws IOException {
        if (i + 4 > end) {
            throw new JsonParseException(null, "Truncated \\u escape");
        }
        int v = 0;
        for (int k = 0; k < 4; k++) {
            int d = Character.digit(s[i + k], 16);
            if (d < 0) {
                throw new JsonParseException(null, "Illegal character in a \\u escape");
            }
            v = (v << 4) | d;
        }
        return v;
    }

    /**
     * A code point as UTF-8. A lone surrogate (which a JSON escape can hold) is written as its 3-byte form,
     * which the parser reads back as the same char, exactly as if it had decoded the escape itself.
     */
    private static int utf8(int c, byte[] out, int o) {
        if (c < 0x80) {
            out[o++] = (byte) c;
        } else if (c < 0x800) {
            out[o++] = (byte) (0xC0 | (c >> 6));
            out[o++] = (byte) (0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out[o++] = (byte) (0xE0 | (c >> 12));
            out[o++] = (byte) (0x80 | ((c >> 6) & 0x3F));
            out[o++] = (byte) (0x80 | (c & 0x3F));
        } else {
            out[o++] = (byte) (0xF0 | (c >> 18));
            out[o++] = (byte) (0x80 | ((c >> 12) & 0x3F));
            out[o++] = (byte) (0x80 | ((c >> 6) & 0x3F));
            out[o++] = (byte) (0x80 | (c & 0x3F));
        }
        return o;
    }
}
