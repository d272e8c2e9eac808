package io.github.pplxexport.browse;

import io.github.pplxexport.search.RelatedThread;
import io.github.pplxexport.search.SearchIndex;
import io.github.pplxexport.search.ThreadList;
import io.github.pplxexport.search.ThreadSummary;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import static io.github.pplxexport.browse.Html.esc;

/** The HTML of the pages: plain server-side markup, one stylesheet and one script of the app's own. */
final class Pages {
    static final List<String> FILTERS = List.of("mode", "account", "space", "from", "to");

    private Pages() {
    }

    static String layout(String title, String query, String body) {
        return layout(title, query, body, false);
    }

    /** @param code whether the page shows code (a thread's): then the highlighter comes too */
    static String layout(String title, String query, String body, boolean code) {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<title>" + esc(title) + " · pplx archive</title>"
                + "<link rel=\"stylesheet\" href=\"/static/katex/katex.min.css\">"
                + (code ? "<link rel=\"stylesheet\" href=\"/static/hljs/github.min.css\">" : "")
                + "<link rel=\"stylesheet\" href=\"/static/app.css\">"
                + "<script defer src=\"/static/katex/katex.min.js\"></script>"
                + (code ? "<script defer src=\"/static/hljs/highlight.min.js\"></script>" : "")
                + "<script defer src=\"/static/app.js\"></script>"
                + "</head><body>\n<header class=\"top\"><a class=\"brand\" href=\"/\">pplx archive</a>"
                + "<form class=\"search\" action=\"/search\" method=\"get\" role=\"search\">"
                + "<input type=\"search\" name=\"q\" id=\"q\" value=\"" + esc(query) + "\" placeholder=\"Search every thread"
                + " — words, &quot;a phrase&quot;, mode:council, account:bob, 中文\" aria-label=\"Search\">"
                + "<button type=\"submit\">Search</button></form></header>\n<main>" + body + "</main>\n</body></html>\n";
    }

    // ------------------------------------------------------------ library and search

    static String library(ThreadList list, Map<String, String> params, Map<String, List<ThreadList.Facet>> options,
                          Function<String, String> state) {
        StringBuilder b = new StringBuilder();
        b.append("<h1>Library <span class=\"count\">").append(String.format(Locale.ROOT, "%,d", list.total()))
                .append(list.total() == 1 ? " thread" : " threads").append("</span></h1>\n");
        b.append("<form class=\"filters\" action=\"/\" method=\"get\">");
        select(b, "mode", "Mode", options.get("mode"), params.get("mode"));
        select(b, "account", "Account", options.get("account"), params.get("account"));
        select(b, "space", "Space", options.get("space"), params.get("space"));
        b.append("<label>From <input type=\"date\" name=\"from\" value=\"").append(esc(params.get("from"))).append("\"></label>");
        b.append("<label>To <input type=\"date\" name=\"to\" value=\"").append(esc(params.get("to"))).append("\"></label>");
        b.append("<button type=\"submit\" id=\"apply-filters\">Filter</button>");
        if (FILTERS.stream().anyMatch(f -> params.get(f) != null && !params.get(f).isBlank())) {
            b.append("<a class=\"clear\" href=\"/\">Clear</a>");
        }
        b.append("</form>\n");
        threads(b, list, state, null);
        paging(b, list, "/", params);
        return b.toString();
    }

    static String search(String q, ThreadList list, Map<String, String> params, Function<String, String> state) {
        StringBuilder b = new StringBuilder();
        b.append("<div class=\"with-facets\"><aside class=\"facets\">");
        for (Map.Entry<String, List<ThreadList.Facet>> f : list.facets().entrySet()) {
            if (f.getValue().isEmpty()) {
                continue;
            }
            b.append("<h3>").append(esc(f.getKey())).append("</h3><ul>");
            String chosen = params.get(f.getKey());
            for (ThreadList.Facet v : f.getValue()) {
                boolean on = v.value().equalsIgnoreCase(chosen == null ? "" : chosen);
                Map<String, String> p = Html.with(params, f.getKey(), on ? "" : v.value());
                p.remove("page");
                b.append("<li><a class=\"facet").append(on ? " on" : "").append("\" data-facet=\"").append(esc(f.getKey()))
                        .append("\" href=\"").append(esc(Html.url("/search", p))).append("\">").append(esc(v.value()))
                        .append(" <span class=\"n\">").append(v.count()).append("</span></a></li>");
            }
            b.append("</ul>");
        }
        b.append("</aside><section class=\"results\">");
        b.append("<h1>").append(String.format(Locale.ROOT, "%,d", list.total())).append(list.total() == 1 ? " result" : " results")
                .append(" for <q>").append(esc(q)).append("</q></h1>\n");
        if (list.total() == 0) {
            b.append("<p class=\"empty\">Nothing found. Words are all required; try fewer, or a part of a Chinese word"
                    + " (two characters are enough).</p>");
        }
        threads(b, list, state, q);
        paging(b, list, "/search", params);
        b.append("</section></div>");
        return b.toString();
    }

    private static void select(StringBuilder b, String name, String label, List<ThreadList.Facet> values, String chosen) {
        b.append("<label>").append(label).append(" <select name=\"").append(name).append("\"><option value=\"\">all</option>");
        if (values != null) {
            for (ThreadList.Facet v : values) {
                boolean on = v.value().equalsIgnoreCase(chosen == null ? "" : chosen);
                b.append("<option value=\"").append(esc(v.value())).append("\"").append(on ? " selected" : "").append(">")
                        .append(esc(v.value())).append(" (").append(v.count()).append(")</option>");
            }
        }
        b.append("</select></label>");
    }

    /** @param q the search's query (the thread page opens the workflow steps that hold its words), null for the library */
    private static void threads(StringBuilder b, ThreadList list, Function<String, String> state, String q) {
        boolean search = q != null;
        b.append("<ol class=\"threads\">\n");
        for (ThreadList.Hit h : list.hits()) {
            ThreadSummary t = h.thread();
            b.append("<li class=\"thread\" data-uuid=\"").append(esc(t.uuid())).append("\" data-mode=\"").append(esc(t.mode()))
                    .append("\"><a class=\"title\" href=\"").append(esc(search ? threadUrl(t) + "&q=" + Html.pathSegment(q) : threadUrl(t))).append("\">")
                    .append(h.titleHtml() != null ? h.titleHtml() : esc(t.title())).append("</a>");
            b.append("<div class=\"meta\">");
            meta(b, t);
            marks(b, t, state.apply(t.uuid()));
            b.append("</div>");
            if (search && h.snippet() != null) {
                b.append("<p class=\"snippet\">").append(h.snippet()).append("</p>");
            }
            b.append("</li>\n");
        }
        b.append("</ol>\n");
    }

    static String threadUrl(ThreadSummary t) {
        return "/t/" + Html.pathSegment(t.uuid()) + "?in=" + Html.pathSegment(t.account());
    }

    private static void meta(StringBuilder b, ThreadSummary t) {
        b.append("<span class=\"mode mode-").append(esc(t.mode())).append("\">").append(esc(t.mode())).append("</span>");
        b.append("<span class=\"account\">").append(esc(t.account())).append("</span>");
        String space = SearchIndex.spaceName(t.spaceTitle(), t.spaceSlug());
        if (!space.isEmpty()) {
            b.append("<span class=\"space\">").append(esc(space)).append("</span>");
        }
        b.append("<time>").append(Html.day(t.updated())).append("</time>");
        b.append("<span class=\"turns\">").append(t.turns()).append(t.turns() == 1 ? " turn" : " turns").append("</span>");
    }

    private static void marks(StringBuilder b, ThreadSummary t, String state) {
        if (t.interruptions() > 0) {
            b.append("<span class=\"mark warn\" title=\"interrupted work (thread.json interruptions)\">interrupted</span>");
        }
        if (!t.lockedReason().isEmpty()) {
            b.append("<span class=\"mark warn\" title=\"locked_reason\">").append(esc(t.lockedReason())).append("</span>");
        }
        if (t.variants() > 0) {
            b.append("<span class=\"mark\" title=\"answer variants\">⇄ ").append(t.variants()).append(t.variants() == 1 ? " variant" : " variants").append("</span>");
        }
        if (t.report()) {
            b.append("<span class=\"mark good\">report</span>");
        }
        if (t.assets() > 0) {
            b.append("<span class=\"mark good\">").append(t.assets()).append(t.assets() == 1 ? " asset" : " assets").append("</span>");
        }
        if (!state.isEmpty()) {
            b.append("<span class=\"mark bad\" title=\"batch state\">").append(esc(state.equals("error") ? "failed" : state)).append("</span>");
        }
        if (!t.remoteDeleted().isEmpty()) {
            b.append("<span class=\"mark bad\" title=\"remote_deleted ").append(esc(t.remoteDeleted())).append("\">deleted online</span>");
        }
    }

    private static void paging(StringBuilder b, ThreadList list, String base, Map<String, String> params) {
        if (list.pages() <= 1) {
            return;
        }
        b.append("<nav class=\"paging\">");
        int page = list.page();
        if (page > 1) {
            b.append("<a rel=\"prev\" href=\"").append(esc(Html.url(base, Html.with(params, "page", String.valueOf(page - 1))))).append("\">← newer</a>");
        }
        b.append("<span>page ").append(page).append(" of ").append(list.pages()).append("</span>");
        if (page < list.pages()) {
            b.append("<a rel=\"next\" href=\"").append(esc(Html.url(base, Html.with(params, "page", String.valueOf(page + 1))))).append("\">")
                    .append(base.equals("/") ? "older →" : "more →").append("</a>");
        }
        b.append("</nav>");
    }

    // ------------------------------------------------------------ a thread

    /**
     * The thread page's own HTML: the conversation in pieces (before the turns, each turn, the appendix), each turn's
     * workflow sections by turn number, the words of the search it was opened from, report.md and the products.
     */
    record ThreadHtml(List<MarkdownHtml.Part> conversation, Map<Integer, List<MarkdownHtml.WorkSection>> work, List<String> terms,
                      String reportHtml, String productsHtml) {
    }

    /** What the thread page shows besides the conversation ({@code html} null for the API). */
    record ThreadView(ThreadSummary thread, String state, ThreadHtml html, List<String> turnFiles,
                      List<String> assetFiles, boolean report, List<Map<String, String>> sources, List<RelatedThread> related,
                      List<ThreadSummary> copies) {
    }

    static String thread(ThreadView v) {
        ThreadSummary t = v.thread();
        String base = "/t/" + Html.pathSegment(t.uuid()) + "/";
        String in = "?in=" + Html.pathSegment(t.account());
        StringBuilder b = new StringBuilder("<article class=\"thread-page\">");
        b.append("<h1 class=\"thread-title\">").append(esc(t.title())).append("</h1>");
        b.append("<div class=\"meta\">");
        meta(b, t);
        marks(b, t, v.state());
        b.append("</div>");
        b.append("<nav class=\"files\">");
        if (v.turnFiles().size() > 1) {
            b.append("<span class=\"label\">Turns</span>");
            for (int i = 1; i <= v.turnFiles().size(); i++) {
                b.append("<a href=\"#turn-").append(i).append("\">").append(i).append("</a>");
            }
        }
        if (v.report()) {
            b.append("<a class=\"report\" href=\"").append(esc(base + "report.md" + in)).append("\">Report</a>");
        }
        if (v.html() != null && !v.html().productsHtml().isEmpty()) {
            b.append("<a href=\"#products\">Products</a>");
        }
        b.append("<a href=\"").append(esc(base + "sources.md" + in)).append("\">Sources</a>");
        b.append("<a href=\"").append(esc(base + "thread.json" + in)).append("\">thread.json</a>");
        b.append("</nav>");
        if (!v.assetFiles().isEmpty()) {
            b.append("<section class=\"assets\"><h2>Assets</h2><ul>");
            for (String a : v.assetFiles()) {
                String name = a.substring(a.lastIndexOf('/') + 1);
                b.append("<li><a class=\"asset\" href=\"").append(esc(base + Html.path(a) + in)).append("\">").append(esc(name))
                        .append("</a> <a class=\"download\" download href=\"").append(esc(base + Html.path(a) + in + "&download=1"))
                        .append("\" title=\"download\">⬇</a></li>");
            }
            b.append("</ul></section>");
        }
        ThreadHtml html = v.html();
        int best = Steps.best(html.work(), html.terms());
        for (MarkdownHtml.Part part : html.conversation()) {
            b.append("<div class=\"markdown\">").append(part.html()).append("</div>");
            if (part.turn() > 0 && html.work().containsKey(part.turn())) {
                Steps.html(b, part.turn(), html.work().get(part.turn()), html.terms(), best);
            }
        }
        if (!html.reportHtml().isEmpty()) {
            b.append("<section class=\"report\" id=\"report\"><details open><summary>Report</summary><div class=\"markdown\">")
                    .append(html.reportHtml()).append("</div></details></section>");
        }
        b.append(html.productsHtml());
        if (!v.turnFiles().isEmpty()) {
            b.append("<section class=\"turn-files\"><h2>Turn files</h2><p>Each turn with its workflow steps:</p><ul>");
            for (String f : v.turnFiles()) {
                b.append("<li><a href=\"").append(esc(base + "turns/" + Html.pathSegment(f) + in)).append("\">").append(esc(f)).append("</a></li>");
            }
            b.append("</ul></section>");
        }
        if (!v.sources().isEmpty()) {
            b.append("<section class=\"sources\"><h2>Sources</h2><ol>");
            for (Map<String, String> s : v.sources()) {
                String url = s.get("url");
                String name = s.get("name").isEmpty() ? url : s.get("name");
                b.append("<li>");
                if (url.startsWith("https://") || url.startsWith("http://")) {
                    b.append("<a rel=\"noopener noreferrer nofollow\" href=\"").append(esc(url)).append("\">").append(esc(name)).append("</a>");
                } else {
                    b.append(esc(name));
                }
                if (!s.get("snippet").isEmpty()) {
                    b.append("<div class=\"snippet\">").append(esc(s.get("snippet"))).append("</div>");
                }
                b.append("</li>");
            }
            b.append("</ol></section>");
        }
        if (!v.related().isEmpty()) {
            b.append("<section class=\"related\"><h2>Related threads</h2><ul>");
            for (RelatedThread r : v.related()) {
                b.append("<li data-kind=\"").append(r.kind().id()).append("\"><span class=\"kind\">").append(esc(relation(r))).append("</span> ")
                        .append("<a href=\"").append(esc(threadUrl(r.thread()))).append("\">").append(esc(r.thread().title())).append("</a>")
                        .append(" <span class=\"dim\">").append(esc(r.thread().account())).append(" · ").append(Html.day(r.thread().updated()))
                        .append("</span></li>");
            }
            b.append("</ul></section>");
        }
        if (v.copies().size() > 1) {
            b.append("<section class=\"copies\"><h2>Also archived under</h2><ul>");
            for (ThreadSummary c : v.copies()) {
                if (!c.path().equals(t.path())) {
                    b.append("<li><a href=\"").append(esc(threadUrl(c))).append("\">").append(esc(c.account())).append("</a></li>");
                }
            }
            b.append("</ul></section>");
        }
        b.append("<p class=\"dim path\">").append(esc(t.path())).append("</p></article>");
        return b.toString();
    }

    private static String relation(RelatedThread r) {
        return switch (r.kind()) {
            case SAME_PROMPT -> "same prompt";
            case REFERENCES -> r.incoming() ? "referenced by" : "references";
            case SAME_SPACE -> "same space";
            case SUBAGENT_OF -> "same sub-agent run";
        };
    }

    /** A Markdown file of a thread (report, sources, a turn) on its own page. */
    static String file(ThreadSummary t, String name, String html, String rawUrl) {
        return "<article class=\"thread-page\"><nav class=\"files\"><a href=\"" + esc(threadUrl(t)) + "\">← " + esc(t.title())
                + "</a><a href=\"" + esc(rawUrl) + "\">" + esc(name) + " as text</a></nav><div class=\"markdown\">" + html
                + "</div></article>";
    }

    static String error(int status, String message) {
        return "<section class=\"error\"><h1>" + status + "</h1><p>" + esc(message) + "</p><p><a href=\"/\">Library</a></p></section>";
    }

    static Map<String, String> filters(WebRequest r) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String f : FILTERS) {
            m.put(f, r.param(f));
        }
        return m;
    }
}
