package io.github.pplxexport.labels;

import io.github.pplxexport.archive.ArchivedThreadLoader;
import io.github.pplxexport.archive.ProductFile;
import io.github.pplxexport.archive.ThreadProducts;
import io.github.pplxexport.asset.AssetFiles;
import io.github.pplxexport.asset.ReportMd;
import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.render.RenderedThread;
import io.github.pplxexport.render.ThreadRenderer;
import io.github.pplxexport.sample.SyntheticArchive;
import io.github.pplxexport.testkit.Cjk;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one label table in English: no Chinese left in any label, nor in a real thread rendered with it. */
class LabelsTest {
    static final Path SAMPLE = Paths.get("archive-sample");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\d}");

    private static Set<String> placeholders(String text) {
        return PLACEHOLDER.matcher(text).results().map(MatchResult::group).collect(Collectors.toCollection(TreeSet::new));
    }

    /** The whole table, so a label added later cannot escape: no Chinese in English, the same placeholders. */
    @Test
    void everyLabelInEnglishHasNoChineseAndKeepsEveryPlaceholder() {
        for (Label l : Label.values()) {
            String zh = Labels.DEFAULT.get(l);
            String en = Labels.EN.get(l);
            assertEquals(List.of(), Cjk.runs(en), l + " in English: " + en);
            assertEquals(placeholders(zh), placeholders(en), l + ": every value of the Chinese text is shown in English too");
        }
    }

    @Test
    void languageNames() {
        assertEquals(Lang.EN, Lang.of("en"));
        assertEquals(Lang.EN, Lang.of(" EN "));
        assertEquals(Lang.ZH, Lang.of("zh"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Lang.of("fr"));
        assertEquals("unknown language 'fr' (pplx.lang, --lang): zh or en", e.getMessage());
        assertEquals("[batch] done. ok=1 skip=2 fail=0 / total 3", Labels.of("en").format(Label.BATCH_DONE, 1, 2, 0, 3));
        assertEquals("[batch] 完成。ok=1 skip=2 fail=0 / 共 3", Labels.of("zh").format(Label.BATCH_DONE, 1, 2, 0, 3));
    }

    /**
     * Every thread of the project's sample library (search, deep research with its report, computer, council,
     * study; English and Chinese threads) rendered in English: each Chinese run left in conversation.md, the turn
     * files, sources.md and report.md is the user's own, found in the thread's files. Rendered with the reference's
     * labels, the same check finds the labels.
     */
    @Test
    void theSampleLibraryInEnglishShowsNoChineseButTheUsersOwn() throws Exception {
        List<String> labelsInChinese = new ArrayList<>();
        int usersChinese = 0;
        List<Path> threads = SyntheticArchive.sources(SAMPLE);
        assertTrue(threads.size() >= 9, "the sample's threads: " + threads);
        for (Path dir : threads) {
            Conversation c = new ArchivedThreadLoader().load(dir);
            String user = Cjk.userText(dir);
            Map<String, String> en = products(c, dir, Labels.EN);
            assertTrue(en.keySet().stream().anyMatch(n -> n.endsWith("conversation.md")), en.keySet().toString());
            for (Map.Entry<String, String> f : en.entrySet()) {
                assertEquals(List.of(), Cjk.notFrom(f.getValue(), user), f.getKey() + " in English:\n" + f.getValue());
                usersChinese += Cjk.runs(f.getValue()).size();
            }
            for (String zh : products(c, dir, Labels.DEFAULT).values()) {
                labelsInChinese.addAll(Cjk.notFrom(zh, user));
            }
        }
        assertTrue(usersChinese > 0, "the sample has Chinese threads, shown as they are");
        assertFalse(labelsInChinese.isEmpty(), "the reference's labels are found by the same check");
    }

    /** What an export writes from a thread's raw files: sources.md, conversation.md, turns/, report.md. */
    private static Map<String, String> products(Conversation c, Path dir, Labels labels) {
        RenderedThread rendered = new ThreadRenderer(labels).render(c);
        Map<String, String> files = new LinkedHashMap<>();
        for (ProductFile f : new ThreadProducts(SAMPLE, labels).of(c, rendered, dir)) {
            files.put(f.name(), new String(f.content(), StandardCharsets.UTF_8));
        }
        ReportMd.render(c.reportInfo(), AssetFiles.previousManifest(dir), dir, labels)
                .ifPresent(md -> files.put(dir + "/report.md", md));
        return files;
    }
}
