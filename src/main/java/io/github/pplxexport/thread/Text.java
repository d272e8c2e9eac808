package io.github.pplxexport.thread;

/**
 * String helpers that count like Python (code points, not UTF-16 units), so lengths, truncation and
 * "longer than N characters" rules match the reference on emoji and other astral characters.
 */
public final class Text {
    private Text() {
    }

    public static int length(String s) {
        return s.codePointCount(0, s.length());
    }

    /** Python's {@code s[:n]}. */
    public static String truncate(String s, int n) {
        if (s.length() <= n) {
            return s;
        }
        if (length(s) <= n) {
            return s;
        }
        return s.substring(0, s.offsetByCodePoints(0, n));
    }

    /** Python's {@code str.strip()} (whitespace per str.isspace, close enough: Unicode white space). */
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

    public static String rstrip(String s) {
        int e = s.length();
        while (e > 0 && isSpace(s.charAt(e - 1))) {
            e--;
        }
        return s.substring(0, e);
    }

    public static boolean isBlank(String s) {
        return s == null || strip(s).isEmpty();
    }

    static boolean isSpace(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u001c' || c == '\u001d'
                || c == '\u001e' || c == '\u001f' || c == '\u0085';
    }
}
