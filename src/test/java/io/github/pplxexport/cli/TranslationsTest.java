package io.github.pplxexport.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Chinese front page and guides are kept in step with the English ones: each pair names the same commands and
 * the same flags in its code (fenced blocks without their {@code #} comments, and inline code), and each links the
 * other.
 */
class TranslationsTest {
    static final List<String[]> PAIRS = List.of(
            new String[]{"README.md", "README.zh-CN.md"},
            new String[]{"docs/setup.md", "docs/zh-CN/setup.md"},
            new String[]{"docs/exporting.md", "docs/zh-CN/exporting.md"});
    private static final Pattern FENCE = Pattern.compile("(?ms)^```[^\\n]*\\n(.*?)^```");
    private static final Pattern INLINE = Pattern.compile("`([^`\\n]+)`");
    private static final Pattern FLAG = Pattern.compile("(?<![\\w-])--?[a-zA-Z][a-zA-Z0-9-]*");
    private static final Pattern WORD = Pattern.compile("(?<![\\w.-])[a-z][a-z0-9-]*(?![\\w-])");

    /** The code of a Markdown text: fenced blocks (each line cut at a {@code " #"} comment) and inline code spans. */
    static String code(String markdown) {
        StringBuilder sb = new StringBuilder();
        Matcher fence = FENCE.matcher(markdown);
        StringBuilder prose = new StringBuilder();
        int at = 0;
        while (fence.find()) {
            prose.append(markdown, at, fence.start());
            at = fence.end();
            for (String line : fence.group(1).split("\n")) {
                String noComment = line.startsWith("#") ? "" : line.replaceFirst("\\s+#\\s.*$", "");
                sb.append(noComment).append('\n');
            }
        }
        prose.append(markdown.substring(at));
        Matcher inline = INLINE.matcher(prose);
        while (inline.find()) {
            sb.append(inline.group(1)).append('\n');
        }
        return sb.toString();
    }

    static Set<String> flags(String code) {
        Set<String> s = new TreeSet<>();
        Matcher m = FLAG.matcher(code);
        while (m.find()) {
            s.add(m.group());
        }
        return s;
    }

    static Set<String> commands(String code) {
        Set<String> names = new TreeSet<>();
        PplxExportCli.COMMANDS.forEach(c -> names.add(c.getAnnotation(Command.class).name()));
        Set<String> s = new TreeSet<>();
        Matcher m = WORD.matcher(code);
        while (m.find()) {
            if (names.contains(m.group())) {
                s.add(m.group());
            }
        }
        return s;
    }

    @Test
    void eachPairNamesTheSameCommandsAndFlags() throws IOException {
        for (String[] pair : PAIRS) {
            String en = code(Files.readString(Path.of(pair[0]), StandardCharsets.UTF_8));
            String zh = code(Files.readString(Path.of(pair[1]), StandardCharsets.UTF_8));
            assertFalse(commands(en).isEmpty() || flags(en).isEmpty(), pair[0]);
            assertEquals(commands(en), commands(zh), pair[1] + " names the commands of " + pair[0]);
            assertEquals(flags(en), flags(zh), pair[1] + " names the flags of " + pair[0]);
        }
    }

    @Test
    void eachLinksTheOther() throws IOException {
        for (String[] pair : PAIRS) {
            Path en = Path.of(pair[0]);
            Path zh = Path.of(pair[1]);
            String toZh = en.toAbsolutePath().getParent().relativize(zh.toAbsolutePath()).toString();
            String toEn = zh.toAbsolutePath().getParent().relativize(en.toAbsolutePath()).toString();
            assertTrue(Files.readString(en).contains("](" + toZh + ")"), pair[0] + " links " + toZh);
            assertTrue(Files.readString(zh).contains("](" + toEn + ")"), pair[1] + " links " + toEn);
        }
    }

    @Test
    void theComparisonSeesCodeOnly() {
        String md = "Run `sync --full` first.\n\n```bash\npplx-export index   # the index of the export\n```\nthe export word\n";
        assertEquals(Set.of("sync", "index"), commands(code(md)));
        assertEquals(Set.of("--full"), flags(code(md)));
    }
}
