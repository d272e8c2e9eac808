package io.github.pplxexport.mcp;

import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.browse.ArchiveFiles;
import io.github.pplxexport.export.ThreadUrls;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.labels.Lang;
import io.github.pplxexport.search.RelatedThread;
import io.github.pplxexport.search.SearchIndex;
import io.github.pplxexport.search.ThreadFilter;
import io.github.pplxexport.search.ThreadList;
import io.github.pplxexport.search.ThreadSummary;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The archive as an agent reads it (the read tools and resources of {@code mcp}): search, list, related threads, a
 * thread's files read verbatim page by page, and its assets. Read-only; every file is reached through
 * {@link ArchiveFiles} (plain segments inside one thread dir, links followed and checked), so no argument can name a
 * path outside the archive. What the archive holds is returned as it is: it is data, never interpreted.
 * Arguments come as the tool's JSON arguments (a map); a bad one is a {@link ToolException} with one sentence.
 */
public final class AgentArchive {
    /** A thread named by its uuid, the first 8 characters of it, or a thread URL. */
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Pattern PREFIX = Pattern.compile("[0-9a-f]{8}");
    private static final Pattern URL = Pattern.compile("https?://[^\\s/]+/(?:search|page|computer/tasks|tasks)/[^\\s?#]*?("
            + UUID.pattern() + ")(?:[/?#].*)?");
    private static final Duration REFRESH = Duration.ofMillis(500);
    static final int MAX_CHARS = 100_000;
    static final int RESOURCE_PAGE = 50;

    private final Path archive;
    private final Supplier<SearchIndex> index;
    private final ArchiveFiles files;
    private final IndexReadiness readiness;

    public AgentArchive(Path archive, Supplier<SearchIndex> index, IndexReadiness readiness) throws IOException {
        this.archive = archive.toAbsolutePath().normalize();
        this.index = index;
        this.files = new ArchiveFiles(this.archive);
        this.readiness = readiness;
    }

    public Path root() {
        return archive;
    }

    /** The index, once it is ready (a build in progress is waited for a while, else said). */
    private SearchIndex ready() throws IOException {
        readiness.await();
        SearchIndex i = index.get();
        i.refresh(REFRESH);
        return i;
    }

    // ------------------------------------------------------------------ tools

    /** pplx_search: {query, mode?, account?, space?, limit?}. */
    public Map<String, Object> search(Map<String, Object> args) throws IOException {
        String query = Args.text(args, "query", true);
        int limit = Args.integer(args, "limit", 10, 1, 50);
        ThreadList list = ready().search(query, filter(args, null), 1, limit);
        List<Map<String, Object>> results = new ArrayList<>();
        for (ThreadList.Hit h : list.hits()) {
            Map<String, Object> r = summary(h.thread());
            r.put("snippet", h.snippet() == null ? "" : plain(h.snippet()));
            results.add(r);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("query", query);
        out.put("total", list.total());
        out.put("results", results);
        return out;
    }

    /** pplx_list_threads: {mode?, account?, space?, since?, limit?, offset?}, newest first. */
    public Map<String, Object> list(Map<String, Object> args) throws IOException {
        int limit = Args.integer(args, "limit", 20, 1, 200);
        int offset = Args.integer(args, "offset", 0, 0, Integer.MAX_VALUE - 1000);
        long since = 0;
        String s = Args.text(args, "since", false);
        if (s != null) {
            try {
                since = LocalDate.parse(s.length() > 10 ? s.substring(0, 10) : s).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
            } catch (DateTimeParseException e) {
                throw new ToolException("since must be a date such as 2026-01-31, got '" + s + "'.");
            }
        }
        ThreadList list = ready().list(filter(args, since), 1, offset + limit);
        List<Map<String, Object>> threads = new ArrayList<>();
        List<ThreadList.Hit> hits = list.hits();
        for (int i = offset; i < hits.size(); i++) {
            threads.add(summary(hits.get(i).thread()));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("total", list.total());
        out.put("offset", offset);
        out.put("next_offset", offset + threads.size() < list.total() ? (Object) (offset + threads.size()) : null);
        out.put("threads", threads);
        return out;
    }

    /** pplx_related: {thread}. */
    public Map<String, Object> related(Map<String, Object> args) throws IOException {
        Found f = find(Args.text(args, "thread", true));
        List<Map<String, Object>> related = new ArrayList<>();
        for (RelatedThread r : ready().related(f.thread.path(), 10)) {
            Map<String, Object> m = summary(r.thread());
            m.put("kind", r.kind().id());
            m.put("direction", r.incoming() ? "incoming" : "outgoing");
            m.put("evidence", r.evidence());
            related.add(m);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("uuid", f.thread.uuid());
        out.put("title", f.thread.title());
        out.put("related", related);
        return out;
    }

    /**
     * pplx_read_thread: {thread, part?, turn?, offset?, max_chars?}: the file verbatim from {@code offset} (in
     * characters, i.e. Unicode code points), at most {@code max_chars} of them; {@code next_offset} null at the end.
     */
    public Page read(Map<String, Object> args) throws IOException {
        Found f = find(Args.text(args, "thread", true));
        String part = Args.text(args, "part", false);
        part = part == null ? "conversation" : part;
        String relative = switch (part) {
            case "conversation" -> ThreadFiles.CONVERSATION;
            case "report" -> ThreadFiles.REPORT;
            case "sources" -> ThreadFiles.SOURCES_MD;
            case "turn" -> String.format(Locale.ROOT, "%s/turn_%04d.md", ThreadFiles.TURNS_DIR,
                    Args.integer(args, "turn", 1, 1, 9999));
            default -> throw new ToolException("part must be conversation, report, sources or turn, got '" + part + "'.");
        };
        Path file = files.file(f.dir, relative).orElseThrow(() -> new ToolException(switch (relative) {
            case ThreadFiles.REPORT -> "Thread " + f.thread.uuid() + " has no report (only deep-research threads have one).";
            case ThreadFiles.SOURCES_MD -> "Thread " + f.thread.uuid() + " has no sources file.";
            case ThreadFiles.CONVERSATION -> "Thread " + f.thread.uuid() + " has no conversation.md in the archive.";
            default -> "Thread " + f.thread.uuid() + " has no turn " + args.get("turn") + " (it has " + f.thread.turns() + ").";
        }));
        int offset = Args.integer(args, "offset", 0, 0, Integer.MAX_VALUE);
        int max = Args.integer(args, "max_chars", 20_000, 1, MAX_CHARS);
        String text = Files.readString(file, StandardCharsets.UTF_8);
        int total = text.codePointCount(0, text.length());
        if (offset > total) {
            throw new ToolException("offset " + offset + " is past the end of the text (" + total + " characters).");
        }
        int from = text.offsetByCodePoints(0, offset);
        int n = Math.min(max, total - offset);
        int to = text.offsetByCodePoints(from, n);
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("uuid", f.thread.uuid());
        meta.put("title", f.thread.title());
        meta.put("mode", f.thread.mode());
        meta.put("part", part);
        meta.put("path", archivePath(file));
        meta.put("offset", offset);
        meta.put("total_chars", total);
        meta.put("next_offset", offset + n < total ? (Object) (offset + n) : null);
        return new Page(text.substring(from, to), meta);
    }

    /** A page of a file: the text verbatim, and what the structured result says about it. */
    public record Page(String text, Map<String, Object> meta) {
    }

    /** The thread a tool names: its newest archived copy (a thread exported under two accounts has two). */
    Found find(String ref) throws IOException {
        String uuid = null;
        String prefix = null;
        String r = ref.strip();
        Matcher url = URL.matcher(r);
        if (UUID.matcher(r).matches()) {
            uuid = r;
        } else if (url.matches()) {
            uuid = url.group(1);
        } else if (PREFIX.matcher(r).matches()) {
            prefix = r;
        } else {
            throw new ToolException("thread must be a thread uuid, its first 8 characters or a thread URL, got '"
                    + abbreviate(r) + "'.");
        }
        SearchIndex i = ready();
        List<ThreadSummary> copies = uuid != null ? i.byUuid(uuid) : i.byUuidPrefix(prefix);
        long threads = copies.stream().map(ThreadSummary::uuid).distinct().count();
        if (prefix != null && threads > 1) {
            throw new ToolException("'" + prefix + "' starts " + threads + " threads' uuids; give the whole uuid.");
        }
        for (ThreadSummary t : copies) {
            Optional<Path> dir = files.threadDir(t.path());
            if (dir.isPresent()) {
                return new Found(t, dir.get());
            }
        }
        throw new ToolException("No thread " + r + " in this archive (pplx_search or pplx_list_threads find the uuids"
                + " it has).");
    }

    record Found(ThreadSummary thread, Path dir) {
    }

    // -------------------------------------------------------------- resources

    /** One page of the resource list (newest thread first): each thread's conversation, and its report when it has one. */
    public ResourcePage resources(String cursor) throws IOException {
        int offset = 0;
        if (cursor != null && !cursor.isEmpty()) {
            try {
                offset = Integer.parseInt(cursor);
            } catch (NumberFormatException e) {
                offset = -1;
            }
            if (offset < 0) {
                throw new ToolException("not a cursor of this list: " + abbreviate(cursor));
            }
        }
        ThreadList list = ready().list(ThreadFilter.NONE, 1, offset + RESOURCE_PAGE);
        List<Resource> out = new ArrayList<>();
        List<ThreadList.Hit> hits = list.hits();
        for (int i = offset; i < hits.size(); i++) {
            ThreadSummary t = hits.get(i).thread();
            String base = "pplx://thread/" + t.uuid();
            String when = t.updated() == 0 ? "" : ", " + Instant.ofEpochMilli(t.updated()).toString().substring(0, 10);
            out.add(new Resource(base, t.title(), "The conversation (" + t.mode() + when + ")", "text/markdown"));
            if (t.report()) {
                out.add(new Resource(base + "/report", t.title() + " (report)", "The deep-research report", "text/markdown"));
            }
        }
        int next = offset + (hits.size() - Math.min(offset, hits.size()));
        return new ResourcePage(out, next < list.total() ? String.valueOf(next) : null);
    }

    public record Resource(String uri, String name, String description, String mimeType) {
    }

    public record ResourcePage(List<Resource> resources, String nextCursor) {
    }

    /** A resource's content: text (UTF-8) or a blob (base64), with its MIME type. */
    public record Content(String uri, String mimeType, String text, String blob) {
    }

    private static final Pattern RESOURCE = Pattern.compile("pplx://thread/(" + UUID.pattern() + ")(/report|/assets/([^/]+))?");

    /** The content of {@code pplx://thread/{uuid}}, {@code …/report} or {@code …/assets/{name}}; empty when there is none. */
    public Optional<Content> resource(String uri) throws IOException {
        Matcher m = RESOURCE.matcher(uri == null ? "" : uri);
        if (!m.matches()) {
            return Optional.empty();
        }
        Found f;
        try {
            f = find(m.group(1));
        } catch (ToolException e) {
            return Optional.empty();
        }
        String relative;
        if (m.group(2) == null) {
            relative = ThreadFiles.CONVERSATION;
        } else if (m.group(2).equals("/report")) {
            relative = ThreadFiles.REPORT;
        } else {
            String name = java.net.URLDecoder.decode(m.group(3).replace("+", "%2B"), StandardCharsets.UTF_8);
            if (name.contains("/")) {
                return Optional.empty();
            }
            relative = ThreadFiles.ASSETS_DIR + "/files/" + name;
        }
        Optional<Path> file = files.file(f.dir, relative);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        String mime = mimeType(file.get().getFileName().toString());
        byte[] bytes = Files.readAllBytes(file.get());
        if (isText(mime)) {
            return Optional.of(new Content(uri, mime, new String(bytes, StandardCharsets.UTF_8), null));
        }
        return Optional.of(new Content(uri, mime, null, Base64.getEncoder().encodeToString(bytes)));
    }

    /** The asset names of a thread (assets/files/), for the tools' answers. */
    List<String> assets(Path dir) throws IOException {
        List<String> out = new ArrayList<>();
        Path d = dir.resolve(ThreadFiles.ASSETS_DIR).resolve("files");
        if (Files.isDirectory(d)) {
            try (DirectoryStream<Path> s = Files.newDirectoryStream(d)) {
                for (Path p : s) {
                    if (Files.isRegularFile(p)) {
                        out.add(p.getFileName().toString());
                    }
                }
            }
        }
        out.sort(null);
        return out;
    }

    static String mimeType(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        String ext = n.contains(".") ? n.substring(n.lastIndexOf('.') + 1) : "";
        return switch (ext) {
            case "md", "markdown" -> "text/markdown";
            case "txt", "log" -> "text/plain";
            case "csv" -> "text/csv";
            case "json" -> "application/json";
            case "py" -> "text/x-python";
            case "html", "htm" -> "text/html";
            case "svg" -> "image/svg+xml";
            case "png" -> "image/png";
            case "jpg", "jpeg" -> "image/jpeg";
            case "gif" -> "image/gif";
            case "webp" -> "image/webp";
            case "pdf" -> "application/pdf";
            case "zip" -> "application/zip";
            case "xlsx" -> "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
            case "docx" -> "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
            case "pptx" -> "application/vnd.openxmlformats-officedocument.presentationml.presentation";
            default -> "application/octet-stream";
        };
    }

    static boolean isText(String mime) {
        return mime.startsWith("text/") || mime.equals("application/json") || mime.equals("image/svg+xml");
    }

    // ------------------------------------------------------------------ shared

    /** The finished ask's answer: the {@code ## Answer} section of the thread's last turn file, verbatim. */
    public String lastAnswer(String archivedTo) throws IOException {
        Optional<Path> dir = files.threadDir(archivedTo);
        if (dir.isEmpty()) {
            return "";
        }
        List<String> turns = new ArrayList<>();
        Path t = dir.get().resolve(ThreadFiles.TURNS_DIR);
        if (Files.isDirectory(t)) {
            try (DirectoryStream<Path> s = Files.newDirectoryStream(t, "turn_*.md")) {
                s.forEach(p -> turns.add(p.getFileName().toString()));
            }
        }
        if (turns.isEmpty()) {
            return "";
        }
        turns.sort(null);
        String text = Files.readString(t.resolve(turns.get(turns.size() - 1)), StandardCharsets.UTF_8);
        String heading = Labels.DEFAULT.get(Label.TURN_ANSWER) + "\n";
        int start = text.startsWith(heading) ? 0 : text.indexOf("\n" + heading);
        if (start < 0) {
            return "";
        }
        start = text.indexOf('\n', start + 1) + 1;
        int end = text.length();
        for (Lang lang : Lang.values()) {
            int c = text.lastIndexOf("\n" + Labels.of(lang).get(Label.TURN_CITATIONS) + "\n");
            if (c >= start && c < end) {
                end = c + 1;
            }
        }
        return text.substring(start, end).strip();
    }

    /** Whether the thread dir {@code archivedTo} has a report, and its asset names. */
    public Map<String, Object> products(String archivedTo) throws IOException {
        Map<String, Object> out = new LinkedHashMap<>();
        Optional<Path> dir = archivedTo == null ? Optional.empty() : files.threadDir(archivedTo);
        out.put("report", dir.isPresent() && files.file(dir.get(), ThreadFiles.REPORT).isPresent());
        out.put("assets", dir.isPresent() ? assets(dir.get()) : List.of());
        return out;
    }

    /** The sources of the thread dir {@code archivedTo} (its sources.json): {title, url}, in their order. */
    public List<Map<String, Object>> sources(String archivedTo) throws IOException {
        List<Map<String, Object>> out = new ArrayList<>();
        Optional<Path> dir = archivedTo == null ? Optional.empty() : files.threadDir(archivedTo);
        Optional<Path> json = dir.flatMap(d -> files.file(d, ThreadFiles.SOURCES_JSON));
        if (json.isPresent()) {
            for (Object o : io.github.pplxexport.json.J.list(io.github.pplxexport.json.Json.readObject(json.get()), "sources")) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("title", io.github.pplxexport.json.J.str(o, "name"));
                m.put("url", io.github.pplxexport.json.J.str(o, "url"));
                out.add(m);
            }
        }
        return out;
    }

    /** The thread dir's path relative to the archive root ({@code /} separators). */
    String archivePath(Path p) {
        Path real;
        try {
            real = archive.toRealPath();
        } catch (IOException e) {
            real = archive;
        }
        Path rel = p.startsWith(real) ? real.relativize(p) : archive.relativize(p.toAbsolutePath().normalize());
        return rel.toString().replace('\\', '/');
    }

    private static ThreadFilter filter(Map<String, Object> args, Long since) {
        return new ThreadFilter(Args.text(args, "mode", false), Args.text(args, "account", false),
                Args.text(args, "space", false), since == null ? 0 : since, 0);
    }

    static Map<String, Object> summary(ThreadSummary t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("uuid", t.uuid());
        m.put("title", t.title());
        m.put("mode", t.mode());
        m.put("account", t.account());
        m.put("space", t.spaceSlug() == null ? "" : t.spaceSlug());
        m.put("updated", t.updated() == 0 ? "" : Instant.ofEpochMilli(t.updated()).toString());
        m.put("url", ThreadUrls.canonical(t.uuid(), "computer".equals(t.mode())));
        m.put("path", t.path());
        m.put("report", t.report());
        return m;
    }

    /** A highlighted passage (HTML-escaped, matches in {@code <mark>}) as the plain text it was cut from. */
    static String plain(String html) {
        return html.replace("<mark>", "").replace("</mark>", "")
                .replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#x27;", "'")
                .replace("&#39;", "'").replace("&#x2F;", "/").replace("&#47;", "/").replace("&amp;", "&");
    }

    static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 60) + "…";
    }
}
