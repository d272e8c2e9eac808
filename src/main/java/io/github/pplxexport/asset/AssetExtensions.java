package io.github.pplxexport.asset;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The final extension of a downloaded asset ({@code resolve_ext}, reference-behaviour.md §5.4), decided
 * from what was actually downloaded; the first rule that applies wins:
 * <ol>
 * <li>the URL path ends with a listed extension;</li>
 * <li>the body's magic bytes;</li>
 * <li>the body is UTF-8 text: the filename's suffix, else a look at the content;</li>
 * <li>the provisional extension ({@link AssetNames#stem}: the filename's known extension, else the type table).</li>
 * </ol>
 */
public final class AssetExtensions {
    /** Rule 1, in this order. */
    private static final List<String> URL_EXTENSIONS = List.of("png", "jpg", "jpeg", "gif", "svg", "pdf", "pptx",
            "docx", "md", "csv", "txt", "py", "json", "html");
    /** Rule 3, a filename suffix of a text body (case-insensitive); {@code R} is written {@code r}. */
    private static final List<String> TEXT_SUFFIXES = List.of("r", "py", "sh", "mmd", "csv", "json", "html", "js",
            "sql", "yaml", "txt", "md");
    /** How much of a body rule 3 decodes. */
    static final int TEXT_PROBE_BYTES = 2000;
    /** How far into the body (after leading white space) rule 2 looks for {@code <svg}. */
    static final int SVG_PROBE_BYTES = 200;
    /** Mermaid diagrams start with a diagram keyword. */
    private static final Pattern MERMAID = Pattern.compile("(?:flowchart|graph)\\b.*", Pattern.DOTALL);

    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final byte[] JPEG = {(byte) 0xff, (byte) 0xd8, (byte) 0xff};
    private static final byte[] GIF87 = {'G', 'I', 'F', '8', '7', 'a'};
    private static final byte[] GIF89 = {'G', 'I', 'F', '8', '9', 'a'};
    private static final byte[] PDF = {'%', 'P', 'D', 'F'};
    private static final byte[] ZIP = {'P', 'K', 3, 4};

    private AssetExtensions() {
    }

    /**
     * The extension (without dot, possibly "") for a body downloaded from {@code url}.
     *
     * @param filename the asset's filename (its group name), for the office-file and text-suffix rules
     * @param assetType the asset type, for the office-file rule
     * @param provisional the extension {@link AssetNames#stem} chose, rule 4
     */
    public static String resolve(String url, byte[] body, String filename, String assetType, String provisional) {
        String path = urlPath(url).toLowerCase(Locale.ROOT);
        for (String ext : URL_EXTENSIONS) {
            if (path.endsWith("." + ext)) {
                return ext;
            }
        }
        byte[] b = body == null ? new byte[0] : body;
        String name = filename == null ? "" : filename.toLowerCase(Locale.ROOT);
        String magic = magic(b, name, assetType == null ? "" : assetType);
        if (magic != null) {
            return magic;
        }
        String text = textHead(b);
        if (text != null) {
            for (String ext : TEXT_SUFFIXES) {
                if (name.endsWith("." + ext)) {
                    return ext;
                }
            }
            return byContent(text);
        }
        return provisional == null ? "" : provisional;
    }

    /** True when the body starts like a binary file (PNG, JPEG, GIF, PDF, zip): never a report text. */
    public static boolean looksBinary(byte[] body) {
        return body != null && (startsWith(body, PNG) || startsWith(body, JPEG) || startsWith(body, GIF87)
                || startsWith(body, GIF89) || startsWith(body, PDF) || startsWith(body, ZIP));
    }

    private static String magic(byte[] b, String lowerName, String assetType) {
        if (startsWith(b, PNG)) {
            return "png";
        }
        if (startsWith(b, JPEG)) {
            return "jpg";
        }
        if (startsWith(b, GIF87) || startsWith(b, GIF89)) {
            return "gif";
        }
        if (startsWith(b, PDF)) {
            return "pdf";
        }
        if (startsWith(b, ZIP)) {
            return office(lowerName, assetType);
        }
        int start = 0;
        while (start < b.length && isAsciiSpace(b[start])) {
            start++;
        }
        if (contains(b, start, Math.min(b.length, start + SVG_PROBE_BYTES), "<svg")) {
            return "svg";
        }
        if (contains(b, start, Math.min(b.length, start + 5), "<?xml")) {
            return "xml";
        }
        return null;
    }

    /** A zip container: the Office format named by the filename, else by the type, else plain zip. */
    private static String office(String lowerName, String assetType) {
        for (String ext : List.of("docx", "xlsx", "pptx")) {
            if (lowerName.endsWith("." + ext)) {
                return ext;
            }
        }
        return switch (assetType) {
            case "DOCX_FILE" -> "docx";
            case "XLSX_FILE" -> "xlsx";
            case "SLIDES" -> "pptx";
            default -> "zip";
        };
    }

    private static String byContent(String text) {
        String t = text.stripLeading();
        String lower = t.toLowerCase(Locale.ROOT);
        if (lower.startsWith("<!doctype") || lower.startsWith("<html")) {
            return "html";
        }
        if (t.startsWith("{") || t.startsWith("[")) {
            return "json";
        }
        if (MERMAID.matcher(t).matches()) {
            return "mmd";
        }
        if (t.startsWith("#!")) {
            return "sh";
        }
        return "txt";
    }

    /**
     * The first {@link #TEXT_PROBE_BYTES} bytes decoded as UTF-8, or null when they are not UTF-8. A character
     * cut by the probe's end does not count against the body (the reference's probe would call such a body
     * binary; a text file should not lose its extension to where a byte count falls).
     */
    static String textHead(byte[] b) {
        int n = Math.min(b.length, TEXT_PROBE_BYTES);
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(b, 0, n);
        CharBuffer out = CharBuffer.allocate(n);
        CoderResult r = dec.decode(in, out, n == b.length);
        if (r.isError()) {
            return null;
        }
        if (n == b.length) {
            r = dec.flush(out);
            if (r.isError()) {
                return null;
            }
        } else if (in.remaining() > 3) {
            return null;
        }
        out.flip();
        return out.toString();
    }

    /** The path of a URL without query or fragment; the raw text up to {@code ?}/{@code #} when it does not parse. */
    static String urlPath(String url) {
        if (url == null || url.isEmpty()) {
            return "";
        }
        try {
            String p = new URI(url).getRawPath();
            return p == null ? "" : p;
        } catch (URISyntaxException e) {
            String s = url;
            int cut = s.length();
            for (char c : new char[]{'?', '#'}) {
                int i = s.indexOf(c);
                if (i >= 0) {
                    cut = Math.min(cut, i);
                }
            }
            return s.substring(0, cut);
        }
    }

    private static boolean startsWith(byte[] b, byte[] prefix) {
        if (b.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (b[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean contains(byte[] b, int from, int to, String ascii) {
        byte[] needle = ascii.getBytes(StandardCharsets.US_ASCII);
        outer:
        for (int i = from; i + needle.length <= to; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (b[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** Python's {@code bytes.isspace()} characters. */
    static boolean isAsciiSpace(byte c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x0b || c == 0x0c;
    }
}
