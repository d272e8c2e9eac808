package io.github.pplxexport.thread;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Citation de-duplication (reference-behaviour.md §8.9): the per-turn rule (first occurrence per URL; the
 * channels are read by {@link ResponseParser}) and the thread-level rule shared by export and re-render
 * (first occurrence across turns, then a stable sort by name).
 */
public final class Citations {
    private Citations() {
    }

    /** First occurrence per URL wins; empty URLs are dropped. */
    public static List<Citation> dedupe(List<Citation> in) {
        Map<String, Citation> seen = new LinkedHashMap<>();
        for (Citation c : in) {
            if (!c.url().isEmpty()) {
                seen.putIfAbsent(c.url(), c);
            }
        }
        return new ArrayList<>(seen.values());
    }

    /** Thread level: first occurrence across turns in turn order, then a stable sort by name (code points). */
    public static List<Citation> ofThread(List<Turn> turns) {
        List<Citation> all = new ArrayList<>();
        for (Turn t : turns) {
            all.addAll(t.citations());
        }
        List<Citation> out = dedupe(all);
        out.sort(Comparator.comparing(Citation::name, Citations::compareCodePoints));
        return List.copyOf(out);
    }

    /** Python compares str by code point; Java's compareTo by UTF-16 unit differs above U+FFFF. */
    static int compareCodePoints(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                // UTF-16 order is code point order except around surrogates: there, compare code point by
                // code point from the last boundary the two strings share (this char, or the one before)
                if (Character.isSurrogate(x) || Character.isSurrogate(y)) {
                    return byCodePoint(a, b, i > 0 && Character.isHighSurrogate(a.charAt(i - 1)) ? i - 1 : i);
                }
                return Character.compare(x, y);
            }
        }
        return Integer.compare(a.length(), b.length());
    }

    private static int byCodePoint(String a, String b, int from) {
        int i = from;
        int j = from;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
