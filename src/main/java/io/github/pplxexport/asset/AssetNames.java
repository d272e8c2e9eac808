package io.github.pplxexport.asset;

import io.github.pplxexport.text.PyStrings;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * File names under {@code assets/files/} (reference-behaviour.md §5.4 "Destination name"): the stem and
 * the provisional extension of an asset version, and the final name once {@link AssetExtensions#resolve}
 * has chosen the extension. Every name this class returns is one safe path segment: no separator, no
 * leading dot, no Windows device name, bounded length.
 */
public final class AssetNames {
    /** Extensions a filename may keep (lower case, compared case-insensitively). */
    static final Set<String> KNOWN_EXTENSIONS = Set.of("md", "markdown", "pptx", "pdf", "docx", "xlsx", "csv",
            "py", "tex", "png", "jpg", "jpeg", "gif", "svg", "txt", "json", "html", "mp3", "r", "sh", "mmd",
            "yaml", "yml", "js", "sql", "zip");

    /** Extension by asset type when the filename has no known one; anything else is {@link #DEFAULT_EXTENSION}. */
    static final Map<String, String> TYPE_EXTENSIONS = Map.of("SLIDES", "pptx", "DOC_FILE", "md",
            "RESEARCH_REPORT", "md", "PDF_FILE", "pdf", "DOCX_FILE", "docx", "XLSX_FILE", "xlsx",
            "CODE_FILE", "", "AUDIO_FILE", "mp3");
    static final String DEFAULT_EXTENSION = "bin";

    /**
     * Runs of characters that are not Python {@code \w}, not CJK U+4E00–U+9FFF, not {@code .} and not
     * {@code -}: the reference's {@code [^\w\u4e00-\u9fff.-]+} with Python's {@code \w} written out
     * (see {@link PyStrings#WORD_CHARS}).
     */
    private static final Pattern STEM_UNSAFE = Pattern.compile("[^" + PyStrings.WORD_CHARS + "\\u4e00-\\u9fff.-]+");
    /** Windows device names; also reserved with any extension ({@code NUL.txt}). */
    private static final Pattern DEVICE_NAME = Pattern.compile("(?i)(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\\..*)?");
    /**
     * Bytes a name may take: file systems allow 255, and the writers' temporary-name decorations must still
     * fit. A stem gets less, so that the version, the collision suffix and the extension are never cut.
     */
    static final int NAME_MAX_BYTES = 200;
    static final int STEM_MAX_BYTES = 150;

    private AssetNames() {
    }

    /** The stem and provisional extension of a version; {@code ext} may be "" (CODE_FILE). */
    public record Stem(String stem, String ext) {
    }

    /**
     * {@code filename} (the group name) → stem and provisional extension: a known extension is split off
     * and kept; otherwise the whole name is the stem and the extension comes from the type table. The stem
     * is sanitised, then {@code _<version>} is appended when there are several versions.
     */
    public static Stem stem(String filename, String assetType, String version, int nVersions) {
        String name = filename == null ? "" : filename;
        String[] split = splitExt(name);
        String ext = split[1].isEmpty() ? "" : split[1].substring(1).toLowerCase(Locale.ROOT);
        String stem;
        if (KNOWN_EXTENSIONS.contains(ext)) {
            stem = split[0];
        } else {
            stem = name;
            ext = typeExtension(assetType);
        }
        stem = safeStem(stem);
        if (nVersions > 1) {
            stem = stem + "_" + sanitise(version);
        }
        return new Stem(stem, ext);
    }

    /** {@code name} sanitised and made a safe, bounded file stem. */
    static String safeStem(String name) {
        return cut(safeSegment(sanitise(name)), STEM_MAX_BYTES);
    }

    /** The type table's extension, {@code bin} for types it does not list. */
    static String typeExtension(String assetType) {
        return TYPE_EXTENSIONS.getOrDefault(assetType == null ? "" : assetType, DEFAULT_EXTENSION);
    }

    /** Runs of characters outside word characters, CJK, {@code .} and {@code -} become one {@code _}. */
    static String sanitise(String s) {
        return STEM_UNSAFE.matcher(s == null ? "" : s).replaceAll("_");
    }

    /**
     * {@code stem.ext}, or the stem alone when it already ends with {@code .ext} (any case) or the extension
     * is empty; with a non-empty {@code suffix} (the collision suffix) inserted before the extension.
     */
    public static String fileName(String stem, String ext, String suffix) {
        String dotExt = "." + ext;
        boolean hasExt = ext.isEmpty() || stem.toLowerCase(Locale.ROOT).endsWith(dotExt.toLowerCase(Locale.ROOT));
        if (suffix.isEmpty()) {
            return safeSegment(hasExt ? stem : stem + dotExt);
        }
        if (ext.isEmpty()) {
            return safeSegment(stem + suffix);
        }
        String base = hasExt ? stem.substring(0, stem.length() - dotExt.length()) : stem;
        return safeSegment(base + suffix + dotExt);
    }

    /**
     * Makes {@code name} one safe file name. The single place that guards names taken from platform data
     * (a shared sanitiser can take its place): separators, NUL and control characters become {@code _}; a
     * leading dot (hidden file, {@code .} and {@code ..}) and a trailing dot or space (which Windows drops)
     * become {@code _}; a Windows device name gets a leading {@code _}; an empty name becomes
     * {@code unnamed}; the name is cut to {@link #NAME_MAX_BYTES} UTF-8 bytes on a code point boundary,
     * keeping its last extension.
     */
    static String safeSegment(String name) {
        StringBuilder sb = new StringBuilder(name == null ? "" : name);
        for (int i = 0; i < sb.length(); i++) {
            char c = sb.charAt(i);
            if (c == '/' || c == '\\' || c < 0x20 || c == 0x7f) {
                sb.setCharAt(i, '_');
            }
        }
        for (int i = 0; i < sb.length() && sb.charAt(i) == '.'; i++) {
            sb.setCharAt(i, '_');
        }
        for (int i = sb.length() - 1; i >= 0 && (sb.charAt(i) == '.' || sb.charAt(i) == ' '); i--) {
            sb.setCharAt(i, '_');
        }
        String s = sb.toString();
        if (s.isEmpty()) {
            return "unnamed";
        }
        if (DEVICE_NAME.matcher(s).matches()) {
            s = "_" + s;
        }
        return cut(s, NAME_MAX_BYTES);
    }

    /** {@code s} cut to {@code max} UTF-8 bytes on a code point boundary, keeping a short last extension. */
    static String cut(String s, int max) {
        if (s.getBytes(StandardCharsets.UTF_8).length <= max) {
            return s;
        }
        String ext = splitExt(s)[1];
        if (ext.getBytes(StandardCharsets.UTF_8).length > 16) {
            ext = "";
        }
        String base = s.substring(0, s.length() - ext.length());
        int budget = max - ext.getBytes(StandardCharsets.UTF_8).length;
        int end = 0;
        int bytes = 0;
        while (end < base.length()) {
            int cp = base.codePointAt(end);
            int n = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
            if (bytes + n > budget) {
                break;
            }
            bytes += n;
            end += Character.charCount(cp);
        }
        return base.substring(0, end) + ext;
    }

    /**
     * Python's {@code os.path.splitext} on a POSIX path: {@code [root, ext]} where {@code ext} starts at the
     * last dot of the last path segment, unless that segment is only leading dots before it.
     */
    static String[] splitExt(String name) {
        int sep = name.lastIndexOf('/');
        int dot = name.lastIndexOf('.');
        if (dot > sep) {
            for (int i = sep + 1; i < dot; i++) {
                if (name.charAt(i) != '.') {
                    return new String[]{name.substring(0, dot), name.substring(dot)};
                }
            }
        }
        return new String[]{name, ""};
    }
}
