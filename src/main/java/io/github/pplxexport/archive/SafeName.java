package io.github.pplxexport.archive;

import io.github.pplxexport.text.PyStrings;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * One visible, safe file or folder name made from any text that came with the data: an author's
 * display name (the account folder), and any other name the archive takes from the platform (asset
 * file names). The result is never empty, never hidden, never a path and never a name some system
 * refuses:
 * <ul>
 *   <li>white space at both ends is trimmed, then leading dots, white space and separators are dropped
 *       ({@code ../../evil} becomes {@code evil}, {@code .bashrc} becomes {@code bashrc});</li>
 *   <li>each run of separators ({@code / \}), characters Windows forbids ({@code : * ? " < > |}),
 *       control characters and bidirectional overrides becomes one {@code _};</li>
 *   <li>a Windows device name ({@code CON}, {@code NUL}, {@code COM1}, {@code LPT1}, …, also with an
 *       extension such as {@code nul.txt}) gets a leading {@code _};</li>
 *   <li>the name is cut to {@link #MAX_BYTES} bytes of UTF-8 on a character boundary, keeping a short
 *       extension ({@code .pdf}), so the temp name beside it still fits a 255-byte file system limit;</li>
 *   <li>nothing left gives the caller's fallback.</li>
 * </ul>
 * A name that needs none of this is returned unchanged, so ordinary author names keep the reference's
 * folder names byte for byte (reference-behaviour.md §5.1: runs of {@code \ / : * ? " < > |} become
 * {@code _}, then trimmed).
 */
public final class SafeName {
    /** Longest result in UTF-8 bytes (file systems allow 255; temp names add ~22). */
    public static final int MAX_BYTES = 200;
    /** Longest extension kept when a name is cut, dot included. */
    static final int MAX_EXTENSION = 16;

    /** Separators, Windows' forbidden characters, C0/C1 controls and the bidi controls, by runs. */
    private static final Pattern UNSAFE =
            Pattern.compile("[\\\\/:*?\"<>|\\p{Cc}\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]+");
    /** Windows device names, any case, alone or before an extension. */
    private static final Pattern RESERVED =
            Pattern.compile("(?i)(con|prn|aux|nul|conin\\$|conout\\$|com[0-9¹²³]|lpt[0-9¹²³]) *(\\..*)?");

    private SafeName() {
    }

    /** The safe name for {@code raw}; {@code fallback} (itself safe) when nothing usable is left. */
    public static String of(String raw, String fallback) {
        String s = PyStrings.strip(raw == null ? "" : raw);
        int start = 0;
        while (start < s.length() && isHidingLead(s.charAt(start))) {
            start++;
        }
        s = PyStrings.strip(UNSAFE.matcher(s.substring(start)).replaceAll("_"));
        if (s.isEmpty()) {
            return fallback;
        }
        if (RESERVED.matcher(s).matches()) {
            s = "_" + s;
        }
        return cut(s);
    }

    /** True when {@code name} is already what {@link #of} would make of it. */
    public static boolean isSafe(String name) {
        return name != null && !name.isEmpty() && name.equals(of(name, ""));
    }

    private static boolean isHidingLead(char c) {
        return c == '.' || c == '/' || c == '\\' || Character.isWhitespace(c) || Character.isSpaceChar(c);
    }

    /** At most MAX_BYTES of UTF-8, cut between code points, a short extension kept. */
    static String cut(String s) {
        return cut(s, MAX_BYTES);
    }

    /** At most {@code maxBytes} of UTF-8, cut between code points, a short extension kept (asset stems get less). */
    public static String cut(String s, int maxBytes) {
        if (utf8(s) <= maxBytes) {
            return s;
        }
        int dot = s.lastIndexOf('.');
        String ext = dot > 0 && s.length() - dot <= MAX_EXTENSION ? s.substring(dot) : "";
        String stem = s.substring(0, s.length() - ext.length());
        int budget = maxBytes - utf8(ext);
        int end = 0;
        int bytes = 0;
        while (end < stem.length()) {
            int cp = stem.codePointAt(end);
            int n = utf8(new String(Character.toChars(cp)));
            if (bytes + n > budget) {
                break;
            }
            bytes += n;
            end += Character.charCount(cp);
        }
        return PyStrings.rstrip(stem.substring(0, end)) + ext;
    }

    private static int utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
