package io.github.pplxexport.render;

import io.github.pplxexport.text.PyStrings;
import io.github.pplxexport.thread.Citation;
import io.github.pplxexport.thread.Link;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Small Markdown building blocks shared by every renderer (reference-behaviour.md §8.1, §8.10, §8.12). */
public final class Markdown {
    private static final Pattern MODEL_LINK = Pattern.compile("\\[([^\\]]*)\\]\\(pplx://action/[^)]*\\)");
    private static final Pattern BACKTICK_RUN = Pattern.compile("`+");

    private Markdown() {
    }

    /** {@code > } before every line; empty lines become {@code "> "} with the trailing space, as the reference writes. */
    public static String blockquote(String text) {
        return "> " + text.replace("\n", "\n> ");
    }

    /** A fence one backtick longer than the longest backtick run in the body, at least three. */
    public static String fenceFor(String body) {
        int longest = 0;
        Matcher m = BACKTICK_RUN.matcher(body);
        while (m.find()) {
            longest = Math.max(longest, m.end() - m.start());
        }
        return "`".repeat(Math.max(3, longest + 1));
    }

    /** A fenced block: fence + language, the right-trimmed body, fence. */
    public static String fenced(String body, String language) {
        String b = PyStrings.rstrip(body);
        String fence = fenceFor(b);
        return fence + language + "\n" + b + "\n" + fence;
    }

    public static String linkLine(String label, String url) {
        return "- [" + (label.isEmpty() ? url : label) + "](" + url + ")";
    }

    public static String linkLine(Link l) {
        return linkLine(l.label(), l.url());
    }

    public static String linkLine(Citation c) {
        return linkLine(c.label(), c.url());
    }

    public static void linkLines(List<String> out, List<Citation> citations) {
        for (Citation c : citations) {
            out.add(linkLine(c));
        }
    }

    /** {@code [label](pplx://action/…)} model links become {@code **label**}. */
    public static String rewriteModelLinks(String text) {
        if (!text.contains("pplx://action/")) {
            return text;
        }
        return MODEL_LINK.matcher(text).replaceAll(m -> Matcher.quoteReplacement("**" + m.group(1) + "**"));
    }

    /** An answer as rendered in turn and conversation files: math-normalised, model links rewritten. */
    public static String answer(String text) {
        return rewriteModelLinks(MathDelimiters.normalize(text));
    }

    /** A table cell or header: {@code |} → full-width {@code ｜}, newlines → spaces. */
    public static String cell(String s) {
        return s.replace("|", "｜").replace("\r\n", " ").replace("\n", " ").replace("\r", " ");
    }

    /** Step times as headings show them: the first 19 characters, {@code T} replaced by a space. */
    public static String time(String iso) {
        String s = iso.length() > 19 ? iso.substring(0, 19) : iso;
        return s.replace('T', ' ');
    }

    /** Python's {@code "\n".join(lines)}. */
    public static String lines(List<String> lines) {
        return String.join("\n", lines);
    }
}
