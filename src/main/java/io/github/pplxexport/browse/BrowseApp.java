package io.github.pplxexport.browse;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.search.RelatedThread;
import io.github.pplxexport.search.SearchIndex;
import io.github.pplxexport.search.ThreadFilter;
import io.github.pplxexport.search.ThreadList;
import io.github.pplxexport.search.ThreadSummary;
import io.github.pplxexport.search.ThreadText;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The web app over an archive and its index, read-only: the library ({@code /}), a thread ({@code /t/<uuid>} and its
 * files), the search ({@code /search?q=}), the JSON API ({@code /api/…}) and the app's static files
 * ({@code /static/…}). Knows nothing of the HTTP server: a {@link WebRequest} in, a {@link WebResponse} out.
 */
public final class BrowseApp {
    static final int LIBRARY_PAGE = 50;
    static final int SEARCH_PAGE = 20;
    private static final Duration REFRESH = Duration.ofMillis(500);
    private static final String KATEX = "META-INF/resources/webjars/katex/";
    private static final String HIGHLIGHT = "META-INF/resources/webjars/highlightjs/";
    private static final java.util.regex.Pattern TURN_FILE = java.util.regex.Pattern.compile("turn_(\\d{1,9})\\.md");

    private final Path archive;
    private final SearchIndex index;
    private final ArchiveFiles files;
    private final Access access;
    private final ThreadStates states;
    private final MarkdownHtml markdown = new MarkdownHtml();
    private final String katexVersion;
    private final String highlightVersion;
    private final Map<String, byte[]> resources = new ConcurrentHashMap<>();

    /**
     * @param katexVersion     the version of KaTeX's WebJar (the math typesetter)
     * @param highlightVersion the version of highlight.js's WebJar (the code highlighter of the products)
     */
    public BrowseApp(SearchIndex index, Access access, String katexVersion, String highlightVersion) throws IOException {
        this.archive = index.archive();
        this.index = index;
        this.files = new ArchiveFiles(archive);
        this.access = access;
        this.states = new ThreadStates(archive);
        this.katexVersion = katexVersion;
        this.highlightVersion = highlightVersion;
    }

    public Access access() {
        return access;
    }

    /** A request whose token was refused. */
    public WebResponse denied() {
        return WebResponse.text(401, "This archive needs a token: send the " + Access.HEADER + " header, or open a link"
                + " with ?token=… once.");
    }

    /** The one answer to a request that failed inside (the cause is logged by the caller, not shown). */
    public WebResponse failed() {
        return WebResponse.html(500, Pages.layout("Error", "", Pages.error(500, "Something went wrong; see the server's log.")));
    }

    public WebResponse notFound() {
        return WebResponse.html(404, Pages.layout("Not found", "", Pages.error(404, "No such page or file in this archive.")));
    }

    // ------------------------------------------------------------------ pages

    public WebResponse library(WebRequest r) throws IOException {
        index.refresh(REFRESH);
        Map<String, String> params = Pages.filters(r);
        ThreadFilter filter = filter(r);
        ThreadList list = index.list(filter, page(r), LIBRARY_PAGE);
        // the filters offer the whole library's values: those of the list itself when nothing is filtered
        Map<String, List<ThreadList.Facet>> options = filter.isEmpty() ? list.facets() : index.list(ThreadFilter.NONE, 1, 1).facets();
        return WebResponse.html(200, Pages.layout("Library", "", Pages.library(list, params, options, states.current())));
    }

    public WebResponse search(WebRequest r) throws IOException {
        index.refresh(REFRESH);
        String q = r.param("q").strip();
        if (q.isEmpty()) {
            return library(r);
        }
        Map<String, String> params = new LinkedHashMap<>();
        params.put("q", q);
        params.putAll(Pages.filters(r));
        ThreadList list = index.search(q, filter(r), page(r), SEARCH_PAGE);
        return WebResponse.html(200, Pages.layout(q, q, Pages.search(q, list, params, states.current())));
    }

    /** {@code /t/<uuid>} and {@code /t/<uuid>/<file>}: the path after {@code /t/}. */
    public WebResponse thread(WebRequest r, String rest) throws IOException {
        index.refresh(REFRESH);
        int slash = rest.indexOf('/');
        String uuid = slash < 0 ? rest : rest.substring(0, slash);
        String file = slash < 0 ? "" : rest.substring(slash + 1);
        Optional<Found> found = find(uuid, r.param("in"));
        if (found.isEmpty()) {
            return notFound();
        }
        Found f = found.get();
        if (file.isEmpty()) {
            return WebResponse.html(200, Pages.layout(f.thread.title(), "", Pages.thread(view(f, page(f, r.param("q")))), true));
        }
        Optional<Path> target = files.file(f.dir, file);
        if (target.isEmpty()) {
            return notFound();
        }
        Path p = target.get();
        String name = p.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean raw = !r.param("raw").isEmpty() || !r.param("download").isEmpty();
        if (name.endsWith(".md") && !raw && !file.startsWith(ThreadFiles.ASSETS_DIR + "/")) {
            String html = markdown.render(Files.readString(p, StandardCharsets.UTF_8));
            String rawUrl = "/t/" + Html.pathSegment(uuid) + "/" + Html.path(file) + "?raw=1&in=" + Html.pathSegment(f.thread.account());
            return WebResponse.html(200, Pages.layout(file + " · " + f.thread.title(), "", Pages.file(f.thread, file, html, rawUrl)));
        }
        if (!r.param("frame").isEmpty() && (name.endsWith(".html") || name.endsWith(".htm")) && r.param("download").isEmpty()) {
            return WebResponse.frame(p);
        }
        return WebResponse.file(p, contentType(name), !r.param("download").isEmpty() || !inline(name));
    }

    /**
     * The thread page's main part: each turn of conversation.md followed by its workflow steps (from its turn file,
     * collapsed; the steps holding the words of {@code q}, a search's, open), then the report and the products.
     */
    private Pages.ThreadHtml page(Found f, String q) throws IOException {
        String conversation = files.file(f.dir, ThreadFiles.CONVERSATION).map(BrowseApp::read).orElse("");
        Map<Integer, List<MarkdownHtml.WorkSection>> work = new java.util.HashMap<>();
        for (String name : list(f.dir.resolve(ThreadFiles.TURNS_DIR), "")) {
            java.util.regex.Matcher m = TURN_FILE.matcher(name);
            Optional<Path> turnFile = files.file(f.dir, ThreadFiles.TURNS_DIR + "/" + name);
            if (m.matches() && turnFile.isPresent()) {
                List<MarkdownHtml.WorkSection> sections = markdown.work(read(turnFile.get()));
                if (!sections.isEmpty()) {
                    work.put(Integer.parseInt(m.group(1)), sections);
                }
            }
        }
        String base = "/t/" + Html.pathSegment(f.thread.uuid()) + "/";
        String in = "?in=" + Html.pathSegment(f.thread.account());
        Optional<Path> report = files.file(f.dir, ThreadFiles.REPORT);
        String reportHtml = report.isEmpty() ? "" : markdown.render(read(report.get()));
        String products = Products.section(Products.read(f.dir, files), f.dir, base, in, report.isPresent(), markdown);
        return new Pages.ThreadHtml(markdown.renderTurns(MarkdownHtml.body(conversation)), work, Steps.terms(q), reportHtml, products);
    }

    private record Found(ThreadSummary thread, Path dir, List<ThreadSummary> copies) {
    }

    /** The indexed dir of a uuid: the copy under account {@code in} if given, else the newest. */
    private Optional<Found> find(String uuid, String in) throws IOException {
        if (!ArchiveFiles.isUuid(uuid)) {
            return Optional.empty();
        }
        List<ThreadSummary> copies = index.byUuid(uuid);
        for (ThreadSummary t : copies) {
            if (in.isEmpty() || t.account().equals(in)) {
                Optional<Path> dir = files.threadDir(t.path());
                if (dir.isPresent()) {
                    return Optional.of(new Found(t, dir.get(), copies));
                }
            }
        }
        return Optional.empty();
    }

    /** What the thread page shows around its conversation, {@code html} (null for the API, which sends the Markdown). */
    private Pages.ThreadView view(Found f, Pages.ThreadHtml html) throws IOException {
        Path dir = f.dir;
        List<String> turnFiles = list(dir.resolve(ThreadFiles.TURNS_DIR), "");
        List<String> assets = list(dir.resolve(ThreadFiles.ASSETS_DIR).resolve("files"), "assets/files/");
        boolean report = files.file(dir, ThreadFiles.REPORT).isPresent();
        List<Map<String, String>> sources = new ArrayList<>();
        Optional<Path> sourcesJson = files.file(dir, ThreadFiles.SOURCES_JSON);
        if (sourcesJson.isPresent()) {
            try {
                for (Object o : J.list(Json.readObject(sourcesJson.get()), "sources")) {
                    // in sources.json's own key order: the API's JSON is the same from one run to the next
                    Map<String, String> source = new LinkedHashMap<>();
                    source.put("name", J.str(o, "name"));
                    source.put("url", J.str(o, "url"));
                    source.put("snippet", J.str(o, "snippet"));
                    sources.add(source);
                }
            } catch (IOException | RuntimeException e) {
                // the page still shows the conversation; sources.md has the list
            }
        }
        List<RelatedThread> related = index.related(f.thread.path(), 5);
        return new Pages.ThreadView(f.thread, states.current().apply(f.thread.uuid()), html, turnFiles, assets,
                report, sources, related, f.copies);
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** The regular files of a folder, sorted, as {@code prefix + name}; links and hidden files left out. */
    private static List<String> list(Path folder, String prefix) throws IOException {
        List<String> out = new ArrayList<>();
        if (!Files.isDirectory(folder)) {
            return out;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(folder)) {
            for (Path p : s) {
                String n = p.getFileName().toString();
                if (!n.startsWith(".") && Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    out.add(prefix + n);
                }
            }
        }
        out.sort(null);
        return out;
    }

    static String contentType(String name) {
        int dot = name.lastIndexOf('.');
        String ext = dot < 0 ? "" : name.substring(dot + 1);
        return switch (ext) {
            case "png" -> "image/png";
            case "jpg", "jpeg" -> "image/jpeg";
            case "gif" -> "image/gif";
            case "webp" -> "image/webp";
            case "svg" -> "image/svg+xml";
            case "pdf" -> "application/pdf";
            case "json" -> "application/json; charset=utf-8";
            case "md", "csv", "txt", "py", "r", "sh", "sql", "yaml", "yml", "js", "mmd", "html", "htm", "xml", "tsv", "log" ->
                    "text/plain; charset=utf-8"; // shown as text: an HTML asset is the thread's data, not a page of this app
            default -> "application/octet-stream";
        };
    }

    private static boolean inline(String name) {
        return !contentType(name).equals("application/octet-stream");
    }

    // ------------------------------------------------------------------ JSON API

    public WebResponse apiThreads(WebRequest r) throws IOException {
        index.refresh(REFRESH);
        ThreadList list = index.list(filter(r), page(r), LIBRARY_PAGE);
        return json(listJson(list, null));
    }

    public WebResponse apiSearch(WebRequest r) throws IOException {
        index.refresh(REFRESH);
        String q = r.param("q").strip();
        ThreadList list = q.isEmpty() ? index.list(filter(r), page(r), SEARCH_PAGE) : index.search(q, filter(r), page(r), SEARCH_PAGE);
        return json(listJson(list, q));
    }

    public WebResponse apiThread(WebRequest r, String uuid) throws IOException {
        index.refresh(REFRESH);
        Optional<Found> found = find(uuid, r.param("in"));
        if (found.isEmpty()) {
            return WebResponse.json(404, "{\"error\":\"not found\"}");
        }
        Found f = found.get();
        Function<String, String> state = states.current();
        Map<String, Object> m = summaryJson(f.thread, state);
        Pages.ThreadView v = view(f, null);
        m.put("turn_files", v.turnFiles());
        m.put("assets", v.assetFiles());
        m.put("sources", v.sources());
        List<Map<String, Object>> related = new ArrayList<>();
        for (RelatedThread rt : v.related()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("kind", rt.kind().id());
            e.put("incoming", rt.incoming());
            e.put("evidence", rt.evidence());
            e.put("thread", summaryJson(rt.thread(), state));
            related.add(e);
        }
        m.put("related", related);
        files.file(f.dir, ThreadFiles.CONVERSATION).ifPresent(p -> m.put("conversation_md", read(p)));
        return json(m);
    }

    private Map<String, Object> listJson(ThreadList list, String q) {
        Function<String, String> state = states.current();
        Map<String, Object> m = new LinkedHashMap<>();
        if (q != null) {
            m.put("query", q);
        }
        m.put("total", list.total());
        m.put("page", list.page());
        m.put("pages", list.pages());
        List<Map<String, Object>> hits = new ArrayList<>();
        for (ThreadList.Hit h : list.hits()) {
            Map<String, Object> t = summaryJson(h.thread(), state);
            if (q != null) {
                t.put("title_html", h.titleHtml());
                t.put("snippet_html", h.snippet());
            }
            hits.add(t);
        }
        m.put("threads", hits);
        Map<String, Object> facets = new LinkedHashMap<>();
        list.facets().forEach((k, v) -> {
            Map<String, Integer> c = new LinkedHashMap<>();
            v.forEach(f -> c.put(f.value(), f.count()));
            facets.put(k, c);
        });
        m.put("facets", facets);
        return m;
    }

    /** @param state the batch state's word on each thread ({@link ThreadStates#current()}) */
    private static Map<String, Object> summaryJson(ThreadSummary t, Function<String, String> state) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("uuid", t.uuid());
        m.put("title", t.title());
        m.put("mode", t.mode());
        m.put("account", t.account());
        m.put("space", t.spaceSlug().isEmpty() && t.spaceTitle().isEmpty() ? null : Map.of("slug", t.spaceSlug(), "title", t.spaceTitle()));
        m.put("updated", t.updated() == 0 ? null : Instant.ofEpochMilli(t.updated()).toString());
        m.put("turns", t.turns());
        m.put("interruptions", t.interruptions());
        m.put("answer_variants", t.variants());
        m.put("report", t.report());
        m.put("assets", t.assets());
        m.put("locked_reason", t.lockedReason().isEmpty() ? null : t.lockedReason());
        m.put("remote_deleted", t.remoteDeleted().isEmpty() ? null : t.remoteDeleted());
        String s = state.apply(t.uuid());
        m.put("state", s.isEmpty() ? null : s);
        m.put("path", t.path());
        m.put("url", Pages.threadUrl(t));
        return m;
    }

    private static WebResponse json(Object o) {
        try {
            return WebResponse.json(200, Json.MAPPER.writeValueAsString(o));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    // ------------------------------------------------------------------ static files

    /** The app's stylesheet and script, and KaTeX's files from its WebJar; nothing else of the class path. */
    public WebResponse resource(String rest) {
        String location;
        if (rest.equals("app.css") || rest.equals("app.js")) {
            location = "browse/" + rest;
        } else if (rest.equals("hljs/highlight.min.js") || rest.equals("hljs/github.min.css")) {
            location = HIGHLIGHT + highlightVersion + (rest.endsWith(".css") ? "/styles/" : "/") + rest.substring(5);
        } else if (rest.startsWith("katex/") && rest.substring(6).matches("(fonts/)?[A-Za-z0-9_.-]+") && !rest.contains("..")) {
            location = KATEX + katexVersion + "/dist/" + rest.substring(6);
        } else {
            return notFound();
        }
        byte[] bytes = resources.computeIfAbsent(location, BrowseApp::load);
        if (bytes.length == 0) {
            return notFound();
        }
        return WebResponse.resource(bytes, staticType(rest));
    }

    private static byte[] load(String location) {
        try (InputStream in = BrowseApp.class.getClassLoader().getResourceAsStream(location)) {
            return in == null ? new byte[0] : in.readAllBytes();
        } catch (IOException e) {
            return new byte[0];
        }
    }

    private static String staticType(String name) {
        if (name.endsWith(".css")) {
            return "text/css; charset=utf-8";
        }
        if (name.endsWith(".js")) {
            return "text/javascript; charset=utf-8";
        }
        if (name.endsWith(".woff2")) {
            return "font/woff2";
        }
        if (name.endsWith(".woff")) {
            return "font/woff";
        }
        return name.endsWith(".ttf") ? "font/ttf" : "application/octet-stream";
    }

    // ------------------------------------------------------------------ parameters

    static ThreadFilter filter(WebRequest r) {
        return new ThreadFilter(r.param("mode"), r.param("account"), r.param("space"), day(r.param("from")), day(r.param("to")));
    }

    private static long day(String s) {
        return s.matches("\\d{4}-\\d{2}-\\d{2}") ? ThreadText.epochMillis(s + "T00:00:00Z") : 0;
    }

    static int page(WebRequest r) {
        try {
            return Math.max(1, Math.min(100_000, Integer.parseInt(r.param("page"))));
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
