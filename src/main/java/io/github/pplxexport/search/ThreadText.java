package io.github.pplxexport.search;

import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a thread dir into an {@link IndexedThread}: thread.json for what the library shows, conversation.md for
 * the questions and answers, the turn files for the workflow steps, sources.json for the sources. It reads the
 * products the user reads (not the raw JSON), so what is found is what the thread page shows, and a thread
 * without raw files (an old or hand-made dir) is still found.
 */
public final class ThreadText {
    /** The files whose size and time make a thread dir's stamp (turns/ by its directory time). */
    private static final List<String> STAMPED = List.of(ThreadFiles.THREAD_JSON, ThreadFiles.CONVERSATION,
            ThreadFiles.SOURCES_JSON, ThreadFiles.REPORT, ThreadFiles.TURNS_DIR, "assets/assets_manifest.json");

    private ThreadText() {
    }

    /** A dir the index holds: one with a thread.json or a conversation.md. */
    public static boolean isThreadDir(Path dir) {
        return Files.isRegularFile(dir.resolve(ThreadFiles.THREAD_JSON)) || Files.isRegularFile(dir.resolve(ThreadFiles.CONVERSATION));
    }

    /** The stamp of a thread dir: changes whenever a file the index reads is written, added or removed. */
    public static long stamp(Path dir) {
        long h = 17;
        for (String name : STAMPED) {
            long t = -1;
            long size = -1;
            try {
                BasicFileAttributes a = Files.readAttributes(dir.resolve(name), BasicFileAttributes.class);
                t = a.lastModifiedTime().toMillis();
                size = a.size();
            } catch (IOException e) {
                // absent: part of the stamp as such
            }
            h = h * 31 + t;
            h = h * 31 + size;
        }
        return h;
    }

    /**
     * @param archive the archive root
     * @param dir     a thread dir inside it ({@code <account>/<mode>/<name>})
     */
    public static IndexedThread read(Path archive, Path dir) throws IOException {
        long stamp = stamp(dir);
        Path rel = archive.relativize(dir);
        String path = rel.toString().replace('\\', '/');
        String account = rel.getNameCount() > 0 ? rel.getName(0).toString() : "";
        Map<String, Object> json = readThreadJson(dir.resolve(ThreadFiles.THREAD_JSON));
        String mode = J.str(json, "mode");
        if (mode.isEmpty()) {
            mode = rel.getNameCount() > 1 ? rel.getName(1).toString() : "search";
        }
        Map<String, Object> space = J.map(json, "space");
        String conversation = readText(dir.resolve(ThreadFiles.CONVERSATION));
        Sections sections = sections(conversation);
        String title = J.str(json, "title");
        if (title.isEmpty()) {
            title = sections.title.isEmpty() ? dir.getFileName().toString() : sections.title;
        }
        Map<String, Object> metadata = J.map(json, "metadata");
        int turns = (int) J.toLong(json.get("n_turns"), sections.turns);
        long updated = updated(json, metadata, dir);
        long created = epochMillis(J.str(metadata, "created_at"));
        String uuid = J.str(json, "web_uuid");
        String answers = sections.answers.toString();
        String sources = sources(dir.resolve(ThreadFiles.SOURCES_JSON));
        return new IndexedThread(path, uuid, title, mode, account,
                J.str(space, "slug"), J.str(space, "title"), updated, turns,
                J.list(json, "interruptions").size(), J.list(json, "answer_variants").size(),
                Files.isRegularFile(dir.resolve(ThreadFiles.REPORT)), assetCount(dir), J.str(metadata, "locked_reason"),
                J.str(json, "remote_deleted"), sections.questions.toString(), answers,
                steps(dir.resolve(ThreadFiles.TURNS_DIR), sections.appendix), sources, stamp,
                created != 0 ? created : updated, normalisedPrompt(sections.firstQuestion), uuids(uuid, answers, sources),
                runs(dir.resolve(ThreadFiles.RAW_BLOCKS)));
    }

    private static Map<String, Object> readThreadJson(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Map.of();
        }
        return Json.readObject(file);
    }

    static String readText(Path file) throws IOException {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return "";
        }
    }

    /** lastUpdated, else the created time of the metadata, else the date the dir name starts with. */
    static long updated(Map<String, Object> json, Map<String, Object> metadata, Path dir) {
        for (String ts : new String[]{J.str(json, "lastUpdated"), J.str(metadata, "updated_at"), J.str(metadata, "created_at")}) {
            long t = epochMillis(ts);
            if (t != 0) {
                return t;
            }
        }
        String name = dir.getFileName().toString();
        if (name.length() >= 10) {
            try {
                return LocalDate.parse(name.substring(0, 10)).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
            } catch (DateTimeParseException e) {
                return 0;
            }
        }
        return 0;
    }

    /** An ISO time with or without zone (the API's naive times are UTC); 0 when it is not one. */
    public static long epochMillis(String ts) {
        if (ts == null || ts.isBlank()) {
            return 0;
        }
        try {
            return Instant.parse(ts).toEpochMilli();
        } catch (DateTimeParseException e) {
            try {
                return LocalDateTime.parse(ts).toInstant(ZoneOffset.UTC).toEpochMilli();
            } catch (DateTimeParseException e2) {
                return 0;
            }
        }
    }

    private static int assetCount(Path dir) {
        Path manifest = dir.resolve("assets/assets_manifest.json");
        if (!Files.isRegularFile(manifest)) {
            return 0;
        }
        try {
            return (int) J.toLong(Json.readObject(manifest).get("count"), 0);
        } catch (IOException | RuntimeException e) {
            return 0; // a broken manifest hides no thread: it only loses its asset mark
        }
    }

    /** conversation.md split into its parts: {@code ## Turn}, {@code ### Query}, {@code ### Answer} (both languages). */
    static Sections sections(String md) {
        Sections s = new Sections();
        StringBuilder target = null;
        for (int from = 0, end; from >= 0; from = end < md.length() ? end + 1 : -1) {
            end = lineEnd(md, from);
            if (md.startsWith("# ", from) && s.title.isEmpty() && s.turns == 0) {
                s.title = md.substring(from + 2, end).strip();
                continue;
            }
            if (md.startsWith("## Turn ", from)) {
                s.turns++;
                target = null;
                continue;
            }
            if (isLine(md, from, end, "### Query")) {
                target = s.questions;
                continue;
            }
            if (isLine(md, from, end, "### Answer")) {
                if (s.turns == 1) {
                    s.firstQuestion = s.questions.toString();
                }
                target = s.answers;
                continue;
            }
            if (md.startsWith("## ", from) && s.turns > 0) {
                target = s.appendix; // the background work that no turn claimed
            }
            if (target != null) {
                target.append(md, from, end).append('\n');
            }
        }
        return s;
    }

    /**
     * Where the line that starts at {@code from} ends (its {@code \n}, or the end of the text). The loops over lines
     * see what {@code split("\n", -1)} gives, without a string per line: they run on every file of a full rebuild.
     */
    private static int lineEnd(String text, int from) {
        int nl = text.indexOf('\n', from);
        return nl < 0 ? text.length() : nl;
    }

    private static boolean isLine(String text, int from, int end, String line) {
        return end - from == line.length() && text.startsWith(line, from);
    }

    static final class Sections {
        String title = "";
        String firstQuestion = "";
        int turns;
        final StringBuilder questions = new StringBuilder();
        final StringBuilder answers = new StringBuilder();
        final StringBuilder appendix = new StringBuilder();
    }

    /** The workflow steps of every turn file: each file's sections other than its query and answer. */
    static String steps(Path turnsDir, CharSequence appendix) throws IOException {
        StringBuilder out = new StringBuilder(appendix);
        if (!Files.isDirectory(turnsDir)) {
            return out.toString();
        }
        List<Path> files = new ArrayList<>();
        DirectoryStream.Filter<Path> turnFiles = p -> {
            String name = p.getFileName().toString();
            return name.startsWith("turn_") && name.endsWith(".md"); // the glob turn_*.md, without compiling it each time
        };
        try (DirectoryStream<Path> s = Files.newDirectoryStream(turnsDir, turnFiles)) {
            s.forEach(files::add);
        }
        files.sort(null);
        for (Path f : files) {
            boolean keep = false;
            String text = readText(f);
            for (int from = 0, end; from >= 0; from = end < text.length() ? end + 1 : -1) {
                end = lineEnd(text, from);
                if (text.startsWith("## ", from)) {
                    keep = !isLine(text, from, end, "## Query") && !isLine(text, from, end, "## Answer");
                }
                if (keep) {
                    out.append(text, from, end).append('\n');
                }
            }
        }
        return out.toString();
    }

    private static final java.util.regex.Pattern UUID = java.util.regex.Pattern.compile(
            "\\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\b");

    /** The first question as threads asked again share it: case folded, runs of white space as one space. */
    static String normalisedPrompt(String question) {
        String q = question.strip().replaceAll("\\s+", " ").toLowerCase(java.util.Locale.ROOT);
        // the renderer's placeholder of an empty query (both languages) is no prompt
        return java.util.Arrays.stream(io.github.pplxexport.labels.Lang.values()).anyMatch(l -> q.equals(io.github.pplxexport.labels.Label.EMPTY_QUERY.text(l))) ? "" : q;
    }

    /** The thread uuids named in answers and sources (a link to a thread or a bare uuid), without the thread's own. */
    static List<String> uuids(String own, String... texts) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (String text : texts) {
            // the pattern is tried only where its four dashes are (8, 13, 18 and 23 after its start), which is what
            // makes it cheap on long answers; transparent bounds let its \b see the character before that start
            java.util.regex.Matcher m = UUID.matcher(text).useTransparentBounds(true);
            for (int dash = text.indexOf('-', 8); dash >= 0 && dash + 28 <= text.length(); dash = text.indexOf('-', dash + 1)) {
                if (text.charAt(dash + 5) == '-' && text.charAt(dash + 10) == '-' && text.charAt(dash + 15) == '-'
                        && m.region(dash - 8, text.length()).lookingAt()) {
                    out.add(m.group());
                    dash = m.end() - 1;
                }
            }
        }
        out.remove(own);
        return List.copyOf(out);
    }

    /** The sub-agent run ids of raw_blocks.json (a workflow thread's), in order of appearance, once each. */
    static List<String> runs(Path rawBlocks) throws IOException {
        if (!Files.isRegularFile(rawBlocks)) {
            return List.of();
        }
        byte[] raw = Files.readAllBytes(rawBlocks);
        // toolu_[A-Za-z0-9]+ found in the bytes: ASCII never occurs inside a UTF-8 sequence, so the file (the
        // largest one read) need not be decoded
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        for (int at = indexOf(raw, RUN_PREFIX, 0); at >= 0; at = indexOf(raw, RUN_PREFIX, at)) {
            int end = at + RUN_PREFIX.length;
            while (end < raw.length && isAsciiLetterOrDigit(raw[end])) {
                end++;
            }
            if (end > at + RUN_PREFIX.length) {
                out.add(new String(raw, at, end - at, StandardCharsets.US_ASCII));
            }
            at = end;
        }
        return List.copyOf(out);
    }

    private static final byte[] RUN_PREFIX = "toolu_".getBytes(StandardCharsets.US_ASCII);
    /** Horspool's shifts for RUN_PREFIX: how far the prefix may move on when its last byte meets this one. */
    private static final int[] RUN_SHIFT = new int[256];

    static {
        java.util.Arrays.fill(RUN_SHIFT, RUN_PREFIX.length);
        for (int i = 0; i < RUN_PREFIX.length - 1; i++) {
            RUN_SHIFT[RUN_PREFIX[i] & 0xff] = RUN_PREFIX.length - 1 - i;
        }
    }

    private static int indexOf(byte[] text, byte[] word, int from) {
        int m = word.length;
        for (int i = from; i <= text.length - m; i += RUN_SHIFT[text[i + m - 1] & 0xff]) {
            if (text[i + m - 1] == word[m - 1] && java.util.Arrays.equals(text, i, i + m - 1, word, 0, m - 1)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isAsciiLetterOrDigit(byte b) {
        return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9');
    }

    /** Name and URL of each source, one per line. */
    static String sources(Path sourcesJson) {
        if (!Files.isRegularFile(sourcesJson)) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        try {
            for (Object o : J.list(Json.readObject(sourcesJson), "sources")) {
                out.append(J.str(o, "name")).append('\n').append(J.str(o, "url")).append('\n');
            }
        } catch (IOException | RuntimeException e) {
            return ""; // the thread is still found by its text
        }
        return out.toString();
    }
}
