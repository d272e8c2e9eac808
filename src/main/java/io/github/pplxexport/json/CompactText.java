package io.github.pplxexport.json;

import java.nio.charset.StandardCharsets;

/**
 * The two kinds of text every row of the library index and every batch_state record holds, packed into longs while
 * the text is exactly what comes back (else the caller keeps the String): a lowercase uuid (two longs instead of an
 * 80-byte String) and a UTC stamp {@code YYYY-MM-DDTHH:MM:SS[.fff|.ffffff]Z} (one long instead of 72 bytes).
 */
final class CompactText {
    /** Not a packable stamp. */
    static final long NO_STAMP = -1;

    private CompactText() {
    }

    static boolean isUuid(String s) {
        if (s.length() != 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            char c = s.charAt(i);
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            if (dash ? c != '-' : hex(c) < 0) {
                return false;
            }
        }
        return true;
    }

    /** The first 64 bits of a uuid {@link #isUuid} accepted. */
    static long uuidHigh(String s) {
        return bits(s, 0, 19);
    }

    /** The last 64 bits. */
    static long uuidLow(String s) {
        return bits(s, 19, 36);
    }

    private static long bits(String s, int from, int to) {
        long v = 0;
        for (int i = from; i < to; i++) {
            int h = hex(s.charAt(i));
            if (h >= 0) {
                v = (v << 4) | h;
            }
        }
        return v;
    }

    static String uuid(long high, long low) {
        byte[] c = new byte[36];
        int p = 0;
        for (int i = 0; i < 32; i++) {
            if (i == 8 || i == 12 || i == 16 || i == 20) {
                c[p++] = '-';
            }
            long word = i < 16 ? high : low;
            c[p++] = HEX[(int) (word >>> (60 - 4 * (i % 16))) & 0xf];
        }
        return new String(c, StandardCharsets.ISO_8859_1); // Latin-1 bytes: the String keeps them as they are
    }

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    /** Lowercase hex only: an uppercase uuid must come back as it was, so it stays a String. */
    private static int hex(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    }

    /**
     * The packed stamp, or {@link #NO_STAMP}: year 14 bits, month 4, day 5, hour 5, minute 6, second 6, fraction 20
     * (its digits), and 2 bits for the fraction's length (none, 3 or 6 digits).
     */
    static long stamp(String s) {
        int n = s.length();
        int kind = n == 20 ? 0 : n == 24 ? 1 : n == 27 ? 2 : -1;
        if (kind < 0 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T' || s.charAt(13) != ':'
                || s.charAt(16) != ':' || s.charAt(n - 1) != 'Z' || (kind > 0 && s.charAt(19) != '.')) {
            return NO_STAMP;
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 7);
        int day = digits(s, 8, 10);
        int hour = digits(s, 11, 13);
        int minute = digits(s, 14, 16);
        int second = digits(s, 17, 19);
        int fraction = kind == 0 ? 0 : digits(s, 20, n - 1);
        if (year < 0 || month < 0 || month > 15 || day < 0 || day > 31 || hour < 0 || hour > 31 || minute < 0
                || minute > 63 || second < 0 || second > 63 || fraction < 0) {
            return NO_STAMP;
        }
        return ((long) year << 48) | ((long) month << 44) | ((long) day << 39) | ((long) hour << 34)
                | ((long) minute << 28) | ((long) second << 22) | ((long) fraction << 2) | kind;
    }

    private static int digits(String s, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    static String stamp(long packed) {
        int kind = (int) (packed & 3);
        byte[] b = new byte[kind == 0 ? 20 : kind == 1 ? 24 : 27];
        digits(b, 0, (int) (packed >>> 48) & 0x3fff, 4);
        b[4] = '-';
        digits(b, 5, (int) (packed >>> 44) & 0xf, 2);
        b[7] = '-';
        digits(b, 8, (int) (packed >>> 39) & 0x1f, 2);
        b[10] = 'T';
        digits(b, 11, (int) (packed >>> 34) & 0x1f, 2);
        b[13] = ':';
        digits(b, 14, (int) (packed >>> 28) & 0x3f, 2);
        b[16] = ':';
        digits(b, 17, (int) (packed >>> 22) & 0x3f, 2);
        if (kind > 0) {
            b[19] = '.';
            digits(b, 20, (int) (packed >>> 2) & 0xfffff, kind == 1 ? 3 : 6);
        }
        b[b.length - 1] = 'Z';
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    /** {@code v} as {@code width} decimal digits (zero-padded) at {@code at}. */
    private static void digits(byte[] b, int at, int v, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            b[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
    }
}
