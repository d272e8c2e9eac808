package io.github.pplxexport.browse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.github.pplxexport.browse.Html.esc;

/**
 * A turn's workflow steps on the thread page, under its answer: the turn file's sections (the renderer's own
 * Markdown, as HTML) collapsed in a {@code <details>}, each step in one of its own with an anchor
 * ({@code #turn-2-step-5}). Opened from a search, the steps that hold most of its words are open.
 */
final class Steps {
    /** A query's words: {@code "a phrase"} whole, {@code field:word} as its word, Lucene's operators left out. */
    private static final Pattern TERM = Pattern.compile("(?:([A-Za-z_]+):)?(?:\"([^\"]*)\"?|(\\S+))");
    /** Fields that name no text of a step (the filters). */
    private static final Set<String> FILTER_FIELDS = Set.of("mode", "account", "space");

    private Steps() {
    }

    /** The words of a search's query, lower case, as a step's text is matched against them. */
    static List<String> terms(String q) {
        List<String> out = new ArrayList<>();
        if (q == null) {
            return out;
        }
        Matcher m = TERM.matcher(q);
        while (m.find()) {
            String field = m.group(1);
            if (field != null && FILTER_FIELDS.contains(field.toLowerCase(Locale.ROOT))) {
                continue;
            }
            String t = m.group(2) != null ? m.group(2) : m.group(3);
            if (m.group(3) != null) {
                if (field == null && (t.equals("AND") || t.equals("OR") || t.equals("NOT") || t.startsWith("-"))) {
                    continue;
                }
                t = t.replaceAll("^[+(]+|[)*?~]+$", "");
            }
            t = t.strip().toLowerCase(Locale.ROOT);
            if (!t.isEmpty()) {
                out.add(t);
            }
        }
        return out;
    }

    /** How many of the words a step's text holds. */
    static int score(MarkdownHtml.Step step, List<String> terms) {
        int n = 0;
        for (String t : terms) {
            if (step.text().contains(t)) {
                n++;
            }
        }
        return n;
    }

    /** The best score of any step of the page: the steps that reach it are opened (none when it is 0). */
    static int best(Map<Integer, List<MarkdownHtml.WorkSection>> work, List<String> terms) {
        int best = 0;
        if (terms.isEmpty()) {
            return 0;
        }
        for (List<MarkdownHtml.WorkSection> sections : work.values()) {
            for (MarkdownHtml.WorkSection s : sections) {
                for (MarkdownHtml.Step step : s.steps()) {
                    best = Math.max(best, score(step, terms));
                }
            }
        }
        return best;
    }

    /** The steps of turn {@code turn}: one {@code <details>} per section, one per step inside it. */
    static void html(StringBuilder b, int turn, List<MarkdownHtml.WorkSection> sections, List<String> terms, int best) {
        b.append("<section class=\"steps\" id=\"turn-").append(turn).append("-steps\">");
        int k = 0;
        for (int i = 0; i < sections.size(); i++) {
            MarkdownHtml.WorkSection s = sections.get(i);
            StringBuilder inner = new StringBuilder();
            boolean anyOpen = false;
            for (MarkdownHtml.Step step : s.steps()) {
                k++;
                boolean hit = best > 0 && score(step, terms) == best;
                anyOpen |= hit;
                inner.append("<details class=\"step").append(hit ? " hit" : "").append("\" id=\"turn-").append(turn).append("-step-")
                        .append(k).append('"').append(hit ? " open" : "").append("><summary>").append(step.headingHtml().strip())
                        .append("</summary><div class=\"step-body\">").append(step.html()).append("</div></details>");
            }
            b.append("<details class=\"work\" id=\"turn-").append(turn).append("-work").append(i == 0 ? "" : "-" + (i + 1)).append('"')
                    .append(anyOpen ? " open" : "").append("><summary><span class=\"label\">Turn ").append(turn)
                    .append("</span> ").append(esc(s.title())).append("</summary>");
            if (!s.introHtml().isEmpty()) {
                b.append("<div class=\"step-intro\">").append(s.introHtml()).append("</div>");
            }
            b.append(inner).append("</details>");
        }
        b.append("</section>");
    }
}
