package io.github.pplxexport.browse;

import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.asset.Manifest;
import io.github.pplxexport.asset.ManifestVersion;
import io.github.pplxexport.json.J;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static io.github.pplxexport.browse.Html.esc;

/**
 * A thread's products on its page: every file of {@code assets/assets_manifest.json} with its versions (oldest first,
 * the newest shown), and the files of {@code assets/files/} the manifest does not name. Each is shown by its kind:
 * an image as an {@code <img>} of the file, CSV/TSV as a table, Markdown rendered, code and text for the highlighter,
 * HTML in a sandboxed frame, a PDF for the browser's viewer, anything else as a download. The files are untrusted:
 * their text is escaped, an image is never inlined markup, an HTML page runs nothing.
 */
final class Products {
    static final int TABLE_ROWS = 200;
    /** Of a text, Markdown or code file, what the page shows; the rest is behind the file's link. */
    static final int TEXT_BYTES = 256 * 1024;

    enum Kind { IMAGE, TABLE, MARKDOWN, CODE, HTML, PDF, OTHER }

    /** A version: its label ({@code v2}), its file relative to the thread dir (null when it was not downloaded), its size. */
    record Version(String label, String file, long size) {
    }

    /** A product: its name, the manifest's asset type ("" for a file it does not name) and its versions, newest last. */
    record Product(String name, String assetType, List<Version> versions) {
        /** The newest version that has a file, if any. */
        Optional<Version> shown() {
            for (int i = versions.size() - 1; i >= 0; i--) {
                if (versions.get(i).file() != null) {
                    return Optional.of(versions.get(i));
                }
            }
            return Optional.empty();
        }
    }

    private Products() {
    }

    /** The products of a thread dir: the manifest's files in its order, then the files it does not name, by name. */
    static List<Product> read(Path dir, ArchiveFiles files) throws IOException {
        Manifest manifest;
        try {
            manifest = Manifest.read(dir).orElse(Manifest.EMPTY);
        } catch (IOException | RuntimeException e) {
            manifest = Manifest.EMPTY; // a broken manifest: its files are still listed, one by one
        }
        Map<String, List<ManifestVersion>> byName = new LinkedHashMap<>();
        for (ManifestVersion v : manifest.versions()) {
            byName.computeIfAbsent(v.filename(), k -> new ArrayList<>()).add(v);
        }
        List<Product> out = new ArrayList<>();
        Set<String> named = new HashSet<>();
        for (Map.Entry<String, List<ManifestVersion>> e : byName.entrySet()) {
            List<ManifestVersion> vs = new ArrayList<>(e.getValue());
            vs.sort(Comparator.comparingLong(v -> J.toLong(v.createdAt(), 0)));
            List<Version> versions = new ArrayList<>();
            String type = "";
            for (int i = 0; i < vs.size(); i++) {
                ManifestVersion v = vs.get(i);
                type = v.assetType();
                String label = v.version().isBlank() ? "v" + (i + 1) : v.version();
                Optional<Path> file = v.downloadedTo().isEmpty() ? Optional.empty() : files.file(dir, v.downloadedTo());
                if (file.isPresent()) {
                    named.add(v.downloadedTo());
                    versions.add(new Version(label, v.downloadedTo(), Files.size(file.get())));
                } else {
                    versions.add(new Version(label, null, 0));
                }
            }
            out.add(new Product(e.getKey(), type, versions));
        }
        Path folder = dir.resolve(ThreadFiles.ASSETS_DIR).resolve("files");
        if (Files.isDirectory(folder)) {
            List<String> rest = new ArrayList<>();
            try (DirectoryStream<Path> s = Files.newDirectoryStream(folder)) {
                for (Path p : s) {
                    String n = p.getFileName().toString();
                    String rel = ThreadFiles.ASSETS_DIR + "/files/" + n;
                    if (!n.startsWith(".") && !named.contains(rel) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                        rest.add(n);
                    }
                }
            }
            rest.sort(null);
            for (String n : rest) {
                String rel = ThreadFiles.ASSETS_DIR + "/files/" + n;
                out.add(new Product(n, "", List.of(new Version("", rel, Files.size(folder.resolve(n))))));
            }
        }
        return out;
    }

    static Kind kind(String file) {
        String ext = extension(file);
        return switch (ext) {
            case "png", "jpg", "jpeg", "gif", "webp", "svg" -> Kind.IMAGE;
            case "csv", "tsv" -> Kind.TABLE;
            case "md", "markdown" -> Kind.MARKDOWN;
            case "html", "htm" -> Kind.HTML;
            case "pdf" -> Kind.PDF;
            default -> language(ext) != null ? Kind.CODE : Kind.OTHER;
        };
    }

    /** highlight.js's name of a text file's language ("plaintext" for plain text), or null for a file that is no text. */
    static String language(String ext) {
        return switch (ext) {
            case "py" -> "python";
            case "r" -> "r";
            case "sh", "bash" -> "bash";
            case "sql" -> "sql";
            case "yaml", "yml" -> "yaml";
            case "js", "mjs" -> "javascript";
            case "ts" -> "typescript";
            case "json" -> "json";
            case "xml" -> "xml";
            case "css" -> "css";
            case "java" -> "java";
            case "go" -> "go";
            case "rs" -> "rust";
            case "c", "h" -> "c";
            case "cpp", "cc", "hpp" -> "cpp";
            case "rb" -> "ruby";
            case "toml", "ini", "cfg" -> "ini";
            case "txt", "log", "mmd", "tex" -> "plaintext";
            default -> null;
        };
    }

    static String extension(String file) {
        String name = file.substring(file.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    /**
     * The products section of a thread page.
     *
     * @param base   {@code /t/<uuid>/}
     * @param in     {@code ?in=<account>}
     * @param report whether the page shows report.md (a research report's own asset then is only linked)
     */
    static String section(List<Product> products, Path dir, String base, String in, boolean report, MarkdownHtml markdown) {
        if (products.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("<section class=\"products\" id=\"products\"><h2>Products</h2>");
        int n = 0;
        for (Product p : products) {
            n++;
            Optional<Version> shown = p.shown();
            Kind kind = shown.map(v -> kind(v.file())).orElse(Kind.OTHER);
            b.append("<figure class=\"product kind-").append(kind.name().toLowerCase(Locale.ROOT)).append("\" id=\"product-")
                    .append(n).append("\"><figcaption><span class=\"name\">").append(esc(p.name())).append("</span>");
            if (shown.isPresent()) {
                Version v = shown.get();
                b.append(" <span class=\"dim\">").append(esc(typeLabel(v.file()))).append(" · ").append(size(v.size())).append("</span>");
                b.append(" <a class=\"download\" download href=\"").append(esc(url(base, v.file(), in) + "&download=1"))
                        .append("\" title=\"download\">⬇</a>");
            }
            if (p.versions().size() > 1) {
                b.append("<span class=\"versions\">");
                for (Version v : p.versions()) {
                    if (v.file() == null) {
                        b.append("<span class=\"version missing\" title=\"not downloaded\">").append(esc(v.label())).append("</span>");
                    } else {
                        boolean current = shown.isPresent() && v == shown.get();
                        b.append("<a class=\"version").append(current ? " current" : "").append("\" href=\"")
                                .append(esc(url(base, v.file(), in))).append("\">").append(esc(v.label()))
                                .append(current ? " (shown)" : "").append("</a>");
                    }
                }
                b.append("</span>");
            }
            b.append("</figcaption>");
            if (shown.isEmpty()) {
                b.append("<p class=\"dim\">Not downloaded (the manifest names it, the archive has no file of it).</p>");
            } else if (report && p.assetType().equals("RESEARCH_REPORT") && kind == Kind.MARKDOWN) {
                b.append("<p class=\"dim\">The research report: shown above as <a href=\"#report\">the report</a>.</p>");
            } else {
                body(b, kind, p.name(), shown.get(), dir.resolve(shown.get().file()), url(base, shown.get().file(), in), markdown);
            }
            b.append("</figure>");
        }
        return b.append("</section>").toString();
    }

    private static void body(StringBuilder b, Kind kind, String name, Version v, Path file, String url, MarkdownHtml markdown) {
        switch (kind) {
            case IMAGE -> b.append("<img src=\"").append(esc(url)).append("\" alt=\"").append(esc(name)).append("\">");
            case TABLE -> table(b, file, v.file(), url);
            case MARKDOWN -> {
                Text t = text(file);
                b.append("<div class=\"product-md\">").append(markdown.render(t.text)).append("</div>");
                more(b, t, url);
            }
            case CODE -> code(b, file, v.file(), url);
            case HTML -> b.append("<iframe sandbox class=\"product-html\" title=\"").append(esc(name)).append("\" src=\"")
                    .append(esc(url + "&frame=1")).append("\"></iframe>");
            case PDF -> b.append("<p><a class=\"pdf\" target=\"_blank\" rel=\"noopener noreferrer\" href=\"").append(esc(url))
                    .append("\">Open ").append(esc(name)).append(" in the browser's PDF viewer</a></p>");
            case OTHER -> b.append("<p><a class=\"download-file\" download href=\"").append(esc(url + "&download=1")).append("\">Download ")
                    .append(esc(fileName(v.file()))).append("</a> <span class=\"dim\">(").append(size(v.size())).append(", ")
                    .append(esc(typeLabel(v.file()))).append(" file)</span></p>");
        }
    }

    private static void code(StringBuilder b, Path file, String rel, String url) {
        Text t = text(file);
        b.append("<pre class=\"product-code\"><code class=\"language-").append(language(extension(rel))).append("\">")
                .append(esc(t.text)).append("</code></pre>");
        more(b, t, url);
    }

    /** The first {@link #TABLE_ROWS} rows of a CSV or TSV file (after its first, the header); a file that is no valid CSV is shown as text. */
    private static void table(StringBuilder b, Path file, String rel, String url) {
        CSVFormat format = extension(rel).equals("tsv") ? CSVFormat.TDF : CSVFormat.RFC4180;
        StringBuilder t = new StringBuilder("<div class=\"table-wrap\"><table class=\"csv\">");
        boolean more = false;
        try (Reader r = new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8);
             CSVParser parser = format.parse(r)) {
            Iterator<CSVRecord> it = parser.iterator();
            int rows = 0;
            boolean header = true;
            while (it.hasNext()) {
                CSVRecord rec = it.next();
                if (rows == TABLE_ROWS) {
                    more = true;
                    break;
                }
                String cell = header ? "th" : "td";
                t.append(header ? "<thead><tr>" : "<tr>");
                boolean first = true;
                for (String value : rec) {
                    String v = first && header && value.startsWith("\uFEFF") ? value.substring(1) : value;
                    first = false;
                    t.append('<').append(cell).append('>').append(esc(v)).append("</").append(cell).append('>');
                }
                t.append(header ? "</tr></thead><tbody>" : "</tr>");
                if (!header) {
                    rows++;
                }
                header = false;
            }
        } catch (IOException | UncheckedIOException | IllegalStateException e) {
            code(b, file, "x.txt", url); // not CSV after all: its text
            return;
        }
        b.append(t).append("</tbody></table></div>");
        if (more) {
            b.append("<p class=\"more\">The first ").append(TABLE_ROWS).append(" rows; <a href=\"").append(esc(url))
                    .append("\">the whole file</a>.</p>");
        }
    }

    private record Text(String text, boolean cut) {
    }

    /** A file's text, up to {@link #TEXT_BYTES}; bytes that are no UTF-8 become U+FFFD. */
    private static Text text(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(TEXT_BYTES + 1);
            boolean cut = bytes.length > TEXT_BYTES;
            return new Text(new String(bytes, 0, Math.min(bytes.length, TEXT_BYTES), StandardCharsets.UTF_8), cut);
        } catch (IOException e) {
            return new Text("", false);
        }
    }

    private static void more(StringBuilder b, Text t, String url) {
        if (t.cut) {
            b.append("<p class=\"more\">The first ").append(TEXT_BYTES / 1024).append(" KB; <a href=\"").append(esc(url))
                    .append("&raw=1\">the whole file</a>.</p>");
        }
    }

    private static String url(String base, String file, String in) {
        return base + Html.path(file) + in;
    }

    private static String fileName(String rel) {
        return rel.substring(rel.lastIndexOf('/') + 1);
    }

    /** What a file is, for a reader: its extension ({@code CSV}). */
    private static String typeLabel(String rel) {
        String ext = extension(rel);
        return ext.isEmpty() ? "file" : ext.toUpperCase(Locale.ROOT);
    }

    static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
    }
}
