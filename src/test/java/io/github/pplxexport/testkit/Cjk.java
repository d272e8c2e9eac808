package io.github.pplxexport.testkit;

import io.github.pplxexport.json.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Chinese text in the tool's output: a run of ideographs, CJK punctuation or full-width forms. In English output
 * ({@code --lang en}) every such run must be the user's own (a title, a query, an answer): found in the thread's
 * raw files.
 */
public final class Cjk {
    private static final Pattern RUN = Pattern.compile(
            "[\\p{IsHan}\\p{InCJK_Symbols_and_Punctuation}\\p{InHalfwidth_and_Fullwidth_Forms}]+");

    private Cjk() {
    }

    /** The maximal CJK runs of {@code text}, in order. */
    public static List<String> runs(String text) {
        return RUN.matcher(text).results().map(MatchResult::group).toList();
    }

    /** The runs of {@code text} that {@code userText} does not contain: the tool's own Chinese. */
    public static List<String> notFrom(String text, String userText) {
        return runs(text).stream().filter(r -> !userText.contains(r)).toList();
    }

    /**
     * Every string of the JSON files under {@code dir} (raw_entries.json, raw_blocks.json, thread.json, …) and every
     * folder name, one per line: what the user (and the platform) wrote, as the renderers see it after decoding.
     */
    public static String userText(Path dir) throws IOException {
        StringBuilder sb = new StringBuilder();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted().toList()) {
                sb.append(p.getFileName()).append('\n');
                if (Files.isRegularFile(p) && p.getFileName().toString().endsWith(".json")) {
                    strings(Json.parse(Files.readString(p)), sb);
                }
            }
        }
        return sb.toString();
    }

    private static void strings(Object json, StringBuilder sb) {
        if (json instanceof String s) {
            sb.append(s).append('\n');
            if (s.indexOf('|') >= 0) {
                sb.append(s.replace('|', '｜')).append('\n'); // as a table cell shows it (Markdown.cell)
            }
            // a string that holds JSON (a step list, an answer) is shown decoded
            if (s.startsWith("{") || s.startsWith("[")) {
                try {
                    strings(Json.parse(s), sb);
                } catch (RuntimeException notJson) {
                    // plain text that starts with a bracket
                }
            }
        } else if (json instanceof Map<?, ?> m) {
            m.values().forEach(v -> strings(v, sb));
        } else if (json instanceof List<?> l) {
            l.forEach(v -> strings(v, sb));
            if (!l.isEmpty() && l.stream().allMatch(String.class::isInstance)) {
                l.forEach(sb::append); // text sent in chunks (objective_chunks) is shown joined
                sb.append('\n');
            }
        }
    }
}
