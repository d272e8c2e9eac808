package io.github.pplxexport.asset;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Destination names (reference-behaviour.md §5.4 "Destination name") and their safety guard. */
class AssetNamesTest {

    private static AssetNames.Stem stem(String filename, String type) {
        return AssetNames.stem(filename, type, "v1", 1);
    }

    @Test
    void aKnownExtensionIsSplitOffAndKept() {
        assertEquals(new AssetNames.Stem("quarterly_report", "pdf"), stem("quarterly report.pdf", "DOC_FILE"));
        assertEquals(new AssetNames.Stem("notes", "md"), stem("notes.MD", "PDF_FILE"));
        assertEquals(new AssetNames.Stem("analysis", "r"), stem("analysis.R", ""));
    }

    @Test
    void withoutAKnownExtensionTheWholeNameIsTheStemAndTheTypeTableGivesTheExtension() {
        assertEquals(new AssetNames.Stem("deck", "pptx"), stem("deck", "SLIDES"));
        assertEquals(new AssetNames.Stem("Market_study", "md"), stem("Market study", "RESEARCH_REPORT"));
        assertEquals(new AssetNames.Stem("data.xml", "xlsx"), stem("data.xml", "XLSX_FILE"));
        assertEquals(new AssetNames.Stem("run", ""), stem("run", "CODE_FILE"));
        assertEquals(new AssetNames.Stem("song", "mp3"), stem("song", "AUDIO_FILE"));
        assertEquals(new AssetNames.Stem("chart", "bin"), stem("chart", "CHART"));
        assertEquals(new AssetNames.Stem("archive.tar.gz", "bin"), stem("archive.tar.gz", ""));
    }

    @Test
    void theStemKeepsWordCharactersCjkDotsAndDashesAndFoldsEveryOtherRunToOneUnderscore() {
        assertEquals("示例流程图", stem("示例流程图", "CHART").stem());
        assertEquals("Q3_results_-_final_v2.1_", stem("Q3 results (- final) v2.1!.md", "").stem());
        assertEquals("a_b_c", stem("a  /\\ b ?* c", "").stem());
        assertEquals("naïve_Ελληνικά_١٢٣", stem("naïve Ελληνικά ١٢٣", "").stem());
        assertEquals("report_", stem("report？", "").stem());
    }

    @Test
    void severalVersionsGetTheVersionAppendedToTheStem() {
        assertEquals(new AssetNames.Stem("plan_v2", "md"), AssetNames.stem("plan.md", "DOC_FILE", "v2", 3));
        assertEquals(new AssetNames.Stem("plan", "md"), AssetNames.stem("plan.md", "DOC_FILE", "v1", 1));
    }

    @Test
    void theExtensionIsNotAppendedTwiceAndTheCollisionSuffixGoesBeforeIt() {
        assertEquals("data.xml", AssetNames.fileName("data.xml", "xml", ""));
        assertEquals("data.XML", AssetNames.fileName("data.XML", "xml", ""));
        assertEquals("data_1a2b3c4d.xml", AssetNames.fileName("data.xml", "xml", "_1a2b3c4d"));
        assertEquals("plan_v2.md", AssetNames.fileName("plan_v2", "md", ""));
        assertEquals("plan_v2_1a2b3c4d.md", AssetNames.fileName("plan_v2", "md", "_1a2b3c4d"));
        assertEquals("run", AssetNames.fileName("run", "", ""));
        assertEquals("run_1a2b3c4d", AssetNames.fileName("run", "", "_1a2b3c4d"));
    }

    @Test
    void hostileNamesBecomeOneHarmlessFileName() {
        assertEquals("_.._etc_passwd", stem("../../etc/passwd", "").stem());
        String traversal = AssetNames.fileName(stem("../../etc/passwd", "").stem(), "bin", "");
        assertFalse(traversal.contains("/"));
        assertFalse(traversal.startsWith("."));
        assertEquals("env", stem(".env", "").stem(), "no hidden file: the leading dot goes, as SafeName does");
        assertEquals("unnamed", stem("..", "").stem());
        assertEquals("unnamed", stem("", "").stem());
        assertEquals("_CON", stem("CON", "").stem());
        assertEquals("_nul.txt", AssetNames.fileName(stem("nul.txt", "").stem(), "txt", ""));
        assertEquals("_com1", stem("com1", "CODE_FILE").stem());
        assertEquals("a_b", stem("a\u0000b", "").stem());
        assertEquals("C_Windows_system32", stem("C:\\Windows\\system32", "").stem());
        assertEquals("trailing.", stem("trailing.", "").stem(), "SafeName keeps a trailing dot (J.R.R.)");
    }

    @Test
    void aVeryLongNameIsCutOnACharacterBoundaryAndKeepsItsSuffixes() {
        String longCjk = "研".repeat(200) + ".md";
        AssetNames.Stem s = AssetNames.stem(longCjk, "", "v3", 4);
        assertTrue(s.stem().endsWith("_v3"), s.stem());
        String name = AssetNames.fileName(s.stem(), s.ext(), "_1a2b3c4d");
        assertTrue(name.endsWith("_v3_1a2b3c4d.md"), name);
        assertTrue(name.getBytes(StandardCharsets.UTF_8).length <= AssetNames.NAME_MAX_BYTES, name);
        assertEquals(AssetNames.STEM_MAX_BYTES / 3 * 3 + "_v3".length(), s.stem().getBytes(StandardCharsets.UTF_8).length);
        String astral = "\uD840\uDC00".repeat(100); // U+20000, a CJK letter outside the BMP (4 bytes)
        String cut = AssetNames.stem(astral, "", "v1", 1).stem();
        assertEquals(37, cut.codePointCount(0, cut.length()));
        assertEquals(cut.codePointCount(0, cut.length()) * 4, cut.getBytes(StandardCharsets.UTF_8).length);
    }

    @Test
    void splitExtFollowsPythonsSplitext() {
        assertEquals("report|.md", String.join("|", AssetNames.splitExt("report.md")));
        assertEquals(".bashrc|", String.join("|", AssetNames.splitExt(".bashrc")));
        assertEquals("..x|", String.join("|", AssetNames.splitExt("..x")));
        assertEquals("a.b/c|", String.join("|", AssetNames.splitExt("a.b/c")));
        assertEquals("name|.", String.join("|", AssetNames.splitExt("name.")));
    }
}
