package io.github.pplxexport.render;

import io.github.pplxexport.text.PyStrings;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * LaTeX delimiter normalisation ({@code normalize_math_delims}, reference-behaviour.md §8.11):
 * {@code \[…\]} → display {@code $$}, {@code \(…\)} → inline {@code $}, plus three repairs of mixed
 * residue; fenced code and inline code spans are never touched.
 */
public final class MathDelimiters {
    private static final Pattern FENCE_RUN = Pattern.compile("`{3,}");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`\\n]+`");
    private static final Pattern EMPTY_DISPLAY = Pattern.compile("\\\\\\[\\\\\\]");
    private static final Pattern DISPLAY = Pattern.compile("\\\\\\[(.+?)\\\\\\]", Pattern.DOTALL);
    private static final Pattern INLINE = Pattern.compile("\\\\\\((.+?)\\\\\\)");
    private static final Pattern OPEN_PAREN_CLOSE_DOLLAR = Pattern.compile("\\\\\\(([^$\\n]+?)\\$(?!\\$)");
    private static final Pattern OPEN_DOLLAR_CLOSE_PAREN = Pattern.compile("\\$([^$\\n]+?)\\\\\\)");
    private static final Pattern OPEN_PAREN_FULLWIDTH = Pattern.compile("\\\\\\(([^$\\n]+?)\\\\）");

    private MathDelimiters() {
    }

    public static String normalize(String text) {
        if (text == null || text.isEmpty()) {
            return text == null ? "" : text;
        }
        if (text.indexOf('\\') < 0 && text.indexOf('$') < 0) {
            return text; // nothing to rewrite: skip the splitting work
        }
        if (text.indexOf('`') < 0) {
            return transform(text); // no fence and no code span: one prose segment (a regex scan of a long answer is not free)
        }
        StringBuilder out = new StringBuilder(text.length());
        for (Segment seg : splitFences(text)) {
            out.append(seg.code ? seg.text : prose(seg.text));
        }
        return out.toString();
    }

    private record Segment(String text, boolean code) {
    }

    /**
     * Every run of three or more backticks, anywhere, is a fence boundary; an opening run of length N is
     * closed by the next run of length ≥ N; an unclosed fence makes the rest code.
     */
    static List<Segment> splitFences(String text) {
        List<Segment> segs = new ArrayList<>();
        Matcher m = FENCE_RUN.matcher(text);
        int pos = 0;
        int openStart = -1;
        int openLen = 0;
        while (m.find()) {
            int len = m.end() - m.start();
            if (openStart < 0) {
                if (m.start() > pos) {
                    segs.add(new Segment(text.substring(pos, m.start()), false));
                }
                openStart = m.start();
                openLen = len;
            } else if (len >= openLen) {
                segs.add(new Segment(text.substring(openStart, m.end()), true));
                pos = m.end();
                openStart = -1;
            }
        }
        if (openStart >= 0) {
            segs.add(new Segment(text.substring(openStart), true));
        } else if (pos < text.length()) {
            segs.add(new Segment(text.substring(pos), false));
        }
        return segs;
    }

    /** Prose outside fences: inline code spans kept verbatim, the text between them transformed. */
    private static String prose(String text) {
        StringBuilder out = new StringBuilder(text.length());
        Matcher m = INLINE_CODE.matcher(text);
        int pos = 0;
        while (m.find()) {
            out.append(transform(text.substring(pos, m.start())));
            out.append(m.group());
            pos = m.end();
        }
        out.append(transform(text.substring(pos)));
        return out.toString();
    }

    static String transform(String s) {
        if (s.indexOf('\\') < 0 && s.indexOf('$') < 0) {
            return s;
        }
        // each rewrite runs only when the text holds what it needs (a regex scan of a long answer is not free)
        if (s.contains("\\[\\]")) {
            s = EMPTY_DISPLAY.matcher(s).replaceAll("");
        }
        if (s.contains("\\[")) {
            s = replace(s, DISPLAY, x -> "$$\n" + PyStrings.strip(x) + "\n$$");
        }
        boolean openParen = s.contains("\\(");
        if (openParen) {
            s = replace(s, INLINE, x -> "$" + PyStrings.strip(x) + "$");
        }
        boolean dollar = s.indexOf('$') >= 0;
        if (openParen && dollar) {
            s = replace(s, OPEN_PAREN_CLOSE_DOLLAR, x -> "$" + PyStrings.strip(x) + "$");
        }
        if (dollar && s.contains("\\)")) {
            s = replace(s, OPEN_DOLLAR_CLOSE_PAREN, x -> "$" + PyStrings.strip(x) + "$");
        }
        if (s.contains("\\(")) {
            s = replace(s, OPEN_PAREN_FULLWIDTH, x -> "$" + PyStrings.strip(x) + "$");
        }
        return s;
    }

    private static String replace(String s, Pattern p, java.util.function.UnaryOperator<String> f) {
        Matcher m = p.matcher(s);
        if (!m.find()) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        do {
            m.appendReplacement(sb, Matcher.quoteReplacement(f.apply(m.group(1))));
        } while (m.find());
        m.appendTail(sb);
        return sb.toString();
    }
}
