package io.github.pplxexport.json;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;

import java.io.IOException;
import java.util.ArrayDeque;

/**
 * JSON held in a JSON string (the API nests step lists and answers this way), read without decoding it to
 * characters: the string's raw UTF-8 bytes are un-escaped byte for byte (runs without a backslash are
 * copied as they are) and the result is parsed as UTF-8 JSON. A nested document then costs one cheap
 * byte pass instead of a full character decode plus a copy, and only the values kept become Strings.
 */
public final class EmbeddedJson {
    private EmbeddedJson() {
    }

    /**
     * A parser over a JSON text, with the bytes it reads (null when it reads characters), so JSON nested in
     * its strings can be opened the same way. Closing it returns its buffer for reuse.
     */
    public static final class Nested implements AutoCloseable {
        private final JsonParser parser;
        private final byte[] bytes;

        Nested(JsonParser parser, byte[] bytes) {
            this.parser = parser;
            this.bytes = bytes;
        }

        public JsonParser parser() {
            return parser;
        }

        public byte[] bytes() {
            return bytes;
        }

        @Override
        public void close() throws IOException {
            parser.close();
            if (bytes != null) {
                BUFFERS.get().push(bytes);
            }
        }
    }

    /**
     * Per-thread buffers for un-escaped texts, reused (a text and the answer nested in it are open at the
     * same time, so a few per thread). They grow to the largest string seen; nothing is allocated per text.
     */
    private static final ThreadLocal<ArrayDeque<byte[]>> BUFFERS = ThreadLocal.withInitial(ArrayDeque::new);

    /**
     * The JSON text held in the string at the parser's current token ({@code VALUE_STRING}). The outer
     * parser is left on the string token; it skips the string when it moves on.
     *
     * @param source the byte array the outer parser reads, from offset 0 (null: decode the string as usual)
     */
    public static Nested open(JsonParser outer, byte[] source) throws IOException {
        long at = outer.currentTokenLocation().getByteOffset();
        if (source == null || at < 0 || at >= source.length || source[(int) at] != '"') {
            return new Nested(Tokens.parser(outer.getTextCharacters(), outer.getTextOffset(), outer.getTextLength()), null);
        }
        int start = (int) at + 1;
        byte[] out = BUFFERS.get().poll();
        // the un-escaped text is never longer than what is left of the source
        if (out == null || out.length < source.length - start) {
            out = new byte[Math.max(source.length - start, out == null ? 0 : out.length)];
        }
        int len = unescape(source, start, out);
        return new Nested(Tokens.parser(out, 0, len), out);
    }

    /** Un-escapes the string content starting at {@code s[start]} up to its closing quote into {@code out} as UTF-8. */
    static int unescape(byte[] s, int start, byte[] out) throws IOException {
        int o = 0;
        int i = start;
        int end = s.length;
        while (true) {
            int run = i;
            byte b = 0;
            while (run < end && (b = s[run]) != '\\' && b != '"') {
                run++;
            }
            System.arraycopy(s, i, out, o, run - i);
            o += run - i;
            if (run >= end) {
                throw new JsonParseException(null, "Unexpected end-of-input in a string value");
            }
            if (b == '"') {
                return o;
            }
            i = run + 1;
            if (i >= end) {
                throw new JsonParseException(null, "Unexpected end-of-input in a string value");
            }
            byte e = s[i++];
            switch (e) {
                case '"', '\\', '/' -> out[o++] = e;
                case 'b' -> out[o++] = '\b';
                case 'f' -> out[o++] = '\f';
                case 'n' -> out[o++] = '\n';
                case 'r' -> out[o++] = '\r';
                case 't' -> out[o++] = '\t';
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
