package io.github.pplxexport.space;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.rerender.ThreadDirs;
import io.github.pplxexport.rerender.ThreadDirs.Archived;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The {@code spaces} pages (reference-cli-and-archive.md §2.14), offline: every space some
 * {@code index/library_<account>.json} row names (with the accounts that take part) and every
 * {@code index/space_<slug>.json} of {@code space-index} (other members' threads), and every archived thread whose
 * thread.json names a space (a thread deleted on the platform stays on its page), one {@code <slug>.md} each under
 * {@code <out>/spaces/} (a header, then a table of its threads, newest first, each linked to its archived
 * {@code conversation.md} when a thread dir's {@code thread.json} has that {@code web_uuid}), and
 * {@code spaces.json}. With {@code index/space_meta.json} ({@code spaces --fetch-meta}) the header names the owner
 * and the members. A page whose bytes do not change is not written.
 */
public final class SpacePages {
    public static final String DIR = "spaces";

    /** One thread of a space. */
    record Row(String uuid, String title, String lastUpdated, String mode, String author) {
    }

    /** One space as the indexes know it. */
    static final class Space {
        final String slug;
        String title = "";
        String uuid = "";
        final TreeSet<String> accounts = new TreeSet<>();
        final Map<String, Row> threads = new LinkedHashMap<>();

        Space(String slug) {
            this.slug = slug;
        }
    }

    private SpacePages() {
    }

    /** The spaces of the indexes under {@code out}, by slug. */
    static Map<String, Space> read(Path out) throws IOException {
        Map<String, Space> spaces = new TreeMap<>();
        Path index = out.resolve("index");
        for (Path f : files(index, "library_*.json")) {
            String name = f.getFileName().toString();
            String account = name.substring("library_".length(), name.length() - ".json".length());
            for (Object row : threads(f)) {
                Object space = J.get(row, "space");
                String slug = J.str(space, "slug");
                if (slug.isEmpty()) {
                    continue;
                }
                Space s = spaces.computeIfAbsent(slug, Space::new);
                s.title = s.title.isEmpty() ? J.str(space, "title") : s.title;
                s.uuid = s.uuid.isEmpty() ? J.str(space, "uuid") : s.uuid;
                s.accounts.add(account);
                s.threads.putIfAbsent(J.str(row, "entryUUID"), new Row(J.str(row, "entryUUID"), J.str(row, "title"),
                        J.str(row, "lastUpdated"), J.str(row, "mode"), account));
            }
        }
        for (Path f : files(index, "space_*.json")) {
            if (f.getFileName().toString().equals(SpaceMeta.FILE)) {
                continue;
            }
            Object doc = readOrNull(f);
            String slug = J.str(doc, "slug");
            if (slug.isEmpty()) {
                continue;
            }
            Space s = spaces.computeIfAbsent(slug, Space::new);
            for (Object row : J.list(doc, "threads")) {
                s.threads.putIfAbsent(J.str(row, "entryUUID"), new Row(J.str(row, "entryUUID"), J.str(row, "title"),
                        J.str(row, "lastUpdated"), J.str(row, "mode"), J.str(row, "author")));
            }
        }
        spaces.values().forEach(s -> s.threads.remove(""));
        return spaces;
    }

    /** Writes the pages and spaces.json; returns how many spaces. */
    public static int write(Path out) throws IOException {
        Map<String, Space> spaces = read(out);
        Map<String, Archived> archived = ThreadDirs.byUuid(out);
        // an archived thread whose thread.json names a space is on its page even when no index lists it any more
        // (deleted on the platform, or its account's index not refreshed): the archive keeps it
        for (Archived a : archived.values()) {
            Object space = J.get(a.threadJson(), "space");
            String slug = J.str(space, "slug");
            if (!slug.isEmpty()) {
                Space s = spaces.computeIfAbsent(slug, Space::new);
                s.title = s.title.isEmpty() ? J.str(space, "title") : s.title;
                s.uuid = s.uuid.isEmpty() ? J.str(space, "uuid") : s.uuid;
                Row row = row(a);
                s.threads.putIfAbsent(row.uuid(), row);
            }
        }
        Map<String, Object> meta = SpaceMeta.read(out);
        Path dir = out.resolve(DIR);
        List<Object> summary = new ArrayList<>();
        for (Space s : spaces.values()) {
            List<Row> rows = new ArrayList<>(s.threads.values());
            rows.sort(Comparator.comparing(Row::lastUpdated).reversed());
            Map<String, Object> m = J.map(meta, s.slug);
            StringBuilder md = new StringBuilder("# ").append(cell(s.title.isEmpty() ? s.slug : s.title)).append("\n\n");
            md.append("- space: `").append(s.slug).append('`').append(s.uuid.isEmpty() ? "" : " (" + s.uuid + ")").append('\n');
            md.append("- accounts: ").append(s.accounts.isEmpty() ? "-" : String.join(", ", s.accounts)).append('\n');
            if (!m.isEmpty()) {
                md.append("- owner: ").append(person(J.get(m, "owner"))).append('\n');
                List<String> members = new ArrayList<>();
                J.list(m, "members").forEach(p -> members.add(person(p)));
                md.append("- members: ").append(members.isEmpty() ? "-" : String.join(", ", members)).append('\n');
            }
            int linked = 0;
            StringBuilder table = new StringBuilder("| updated | title | mode | author | archived |\n| --- | --- | --- | --- | --- |\n");
            for (Row r : rows) {
                Path d = archived.containsKey(r.uuid()) ? archived.get(r.uuid()).dir() : null;
                String link = "-";
                if (d != null) {
                    linked++;
                    link = "[" + cell(out.relativize(d).toString().replace('\\', '/')) + "](<../"
                            + out.relativize(d.resolve("conversation.md")).toString().replace('\\', '/') + ">)";
                }
                table.append("| ").append(r.lastUpdated().length() >= 10 ? r.lastUpdated().substring(0, 10) : r.lastUpdated())
                        .append(" | ").append(cell(r.title())).append(" | ").append(cell(r.mode())).append(" | ")
                        .append(cell(r.author())).append(" | ").append(link).append(" |\n");
            }
            md.append("- threads: ").append(rows.size()).append(", archived: ").append(linked).append("\n\n").append(table);
            AtomicFiles.writeIfChanged(dir.resolve(SpaceUrl.fileSafe(s.slug) + ".md"), md.toString());
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("slug", s.slug);
            j.put("title", s.title);
            j.put("uuid", s.uuid);
            j.put("accounts", List.copyOf(s.accounts));
            j.put("threads", rows.size());
            j.put("archived", linked);
            if (!m.isEmpty()) {
                j.put("owner", J.get(m, "owner"));
                j.put("members", J.get(m, "members"));
            }
            summary.add(j);
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("count", summary.size());
        doc.put("spaces", summary);
        AtomicFiles.writeIfChanged(dir.resolve("spaces.json"), PyJson.pretty(doc));
        return summary.size();
    }

    /** The index row an archived thread stands for on its space's page. */
    private static Row row(Archived a) {
        Map<String, Object> t = a.threadJson();
        return new Row(J.str(t, "web_uuid"), J.str(t, "title"), J.str(t, "lastUpdated"), J.str(t, "mode"),
                J.firstStr(t, "author", "export_via"));
    }

    private static String person(Object p) {
        String name = J.str(p, "username");
        String email = J.str(p, "email");
        return (name.isEmpty() ? "?" : name) + (email.isEmpty() ? "" : " (" + email + ")");
    }

    /** A table cell: '|' as the full-width '｜' (as the archive's tables do), line breaks as spaces. */
    static String cell(String s) {
        return s == null ? "" : s.replace("|", "｜").replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
    }

    static List<Path> files(Path dir, String glob) throws IOException {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, glob)) {
            ds.forEach(out::add);
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }

    static List<Object> threads(Path libraryFile) {
        return J.list(readOrNull(libraryFile), "threads");
    }

    static Object readOrNull(Path f) {
        try {
            return Json.read(f);
        } catch (IOException | JsonException e) {
            return null;
        }
    }
}
