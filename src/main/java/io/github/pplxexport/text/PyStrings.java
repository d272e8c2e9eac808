package io.github.pplxexport.text;

/**
 * String operations that count and trim like Python, so truncation limits ({@code title[:80]},
 * the 40-character slug) and {@code str.strip()} give the reference's results on astral characters
 * (emoji) and on Unicode white space such as U+3000 or NBSP.
 */
public final class PyStrings {
    /**
     * Python's {@code \w} on str as the body of a regex character class: letters (L*), numbers (Nd, Nl,
     * No) and {@code _}. Java's UNICODE_CHARACTER_CLASS {@code \w} differs (it takes combining marks and
     * joiners, misses No), which would change names built from Hindi or Thai text.
     */
    public static final String WORD_CHARS = "\\p{L}\\p{Nd}\\p{Nl}\\p{No}_";

    private PyStrings() {
    }

    /** Python's {@code s[:n]} for n &gt;= 0: the first n code points; null reads as "". */
    public static String head(String s, int n) {
        if (s == null) {
            return "";
        }
        int len = s.length();
        if (len <= n) {
            return s;
        }
        // walk n code points at most (a long snippet cut at 500 is not counted to its end)
        int i = 0;
        for (int cps = 0; cps < n && i < len; cps++) {
            if (Character.isHighSurrogate(s.charAt(i++)) && i < len && Character.isLowSurrogate(s.charAt(i))) {
                i++;
            }
        }
        return i >= len ? s : s.substring(0, i);
    }

    /** Python's {@code a < b} order for str: by code point (Java's compareTo orders UTF-16 units, which differs above U+FFFF). */
    public static int compare(String a, String b) {
        return java.util.Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
    }

    /** Python's {@code len(s)}: code points, not UTF-16 units. */
    public static int length(String s) {
        return s.codePointCount(0, s.length());
    }

    /** Python's {@code s.rstrip()}. */
    public static String rstrip(String s) {
        int e = s.length();
        while (e > 0 && isSpace(s.charAt(e - 1))) {
            e--;
        }
        return s.substring(0, e);
    }

    /** Python's {@code not s.strip()}; null counts as blank. */
    public static boolean isBlank(String s) {
        return s == null || strip(s).isEmpty();
    }

    /** Python's {@code str.strip()}: trims characters for which {@code str.isspace()} is true. */
    public static String strip(String s) {
        int b = 0;
        int e = s.length();
        while (b < e && isSpace(s.charAt(b))) {
            b++;
        }
        while (e > b && isSpace(s.charAt(e - 1))) {
            e--;
        }
        return s.substring(b, e);
    }

    /** Python's {@code s.strip(c)} for one character. */
    public static String strip(String s, char c) {
        int b = 0;
        int e = s.length();
        while (b < e && s.charAt(b) == c) {
            b++;
        }
        while (e > b && s.charAt(e - 1) == c) {
            e--;
        }
        return s.substring(b, e);
    }

    /**
     * Python's {@code str.isspace()} for one character. Checked against CPython over all code
     * points: Java white space plus the space separators (NBSP and friends) plus U+0085. All such
     * characters are in the BMP, so a char test is exact.
     */
    static boolean isSpace(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u0085';
    }
}
