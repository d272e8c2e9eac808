package io.github.pplxexport.asset;

import io.github.pplxexport.archive.SafeName;
import io.github.pplxexport.text.PyStrings;

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
    /**
     * Bytes a name may take: file systems allow 255, and the writers' temporary-name decorations must still
     * fit. A stem gets less, so that the version, the collision suffix and the extension are never cut.
     */
    static final int NAME_MAX_BYTES = SafeName.MAX_BYTES;
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
     * Makes {@code name} one safe file name: the archive's one sanitiser, {@link SafeName} (no separator,
     * control character, leading dot or Windows device name; at most {@link SafeName#MAX_BYTES} bytes, keeping
     * the extension); {@code unnamed} when nothing is left.
     */
    static String safeSegment(String name) {
        return SafeName.of(name, "unnamed");
    }

    /** {@code s} cut to {@code max} UTF-8 bytes on a code point boundary, keeping a short last extension. */
    static String cut(String s, int max) {
        return SafeName.cut(s, max);
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
