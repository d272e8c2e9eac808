package io.github.pplxexport.asset;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code resolve_ext} (reference-behaviour.md §5.4 "Final extension"), rule by rule. */
class AssetExtensionsTest {
    private static final String CDN = "https://cdn.example.test/a1/b2/";
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13};
    private static final byte[] JPEG = {(byte) 0xff, (byte) 0xd8, (byte) 0xff, (byte) 0xe0, 0, 16};
    private static final byte[] ZIP = {'P', 'K', 3, 4, 20, 0, 6, 0};
    private static final byte[] BINARY = {0, 1, 2, (byte) 0xfe, (byte) 0xff, 3};

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String resolve(String url, byte[] body, String filename, String type, String provisional) {
        return AssetExtensions.resolve(url, body, filename, type, provisional);
    }

    @Test
    void rule1TheUrlPathDecidesWhateverTheBody() {
        assertEquals("pdf", resolve(CDN + "main.pdf?Expires=1&Signature=x.png", PNG, "main", "DOC_FILE", "md"));
        assertEquals("png", resolve(CDN + "CHART.PNG", utf8("hello"), "chart", "CHART", "bin"));
        assertEquals("html", resolve(CDN + "page.html#top", BINARY, "page", "", "bin"));
        // an extension outside rule 1's list (xlsx) leaves the decision to the body
        assertEquals("png", resolve(CDN + "sheet.xlsx", PNG, "sheet", "XLSX_FILE", "xlsx"));
    }

    @Test
    void rule2MagicBytes() {
        assertEquals("png", resolve(CDN + "blob", PNG, "figure", "CHART", "bin"));
        assertEquals("jpg", resolve(CDN + "blob", JPEG, "photo", "", "bin"));
        assertEquals("gif", resolve(CDN + "blob", utf8("GIF89a...."), "anim", "", "bin"));
        assertEquals("gif", resolve(CDN + "blob", utf8("GIF87a...."), "anim", "", "bin"));
        assertEquals("pdf", resolve(CDN + "blob", utf8("%PDF-1.7\n"), "paper", "DOC_FILE", "md"));
        assertEquals("svg", resolve(CDN + "blob", utf8("  \n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), "d", "", "bin"));
        assertEquals("svg", resolve(CDN + "blob", utf8("<?xml version=\"1.0\"?>\n<!-- drawn -->\n<svg width=\"1\"/>"), "d", "", "bin"));
        assertEquals("xml", resolve(CDN + "blob", utf8("\n<?xml version=\"1.0\"?><feed/>"), "d", "", "bin"));
        String farSvg = "<?xml version=\"1.0\"?>" + " ".repeat(200) + "<svg/>";
        assertEquals("xml", resolve(CDN + "blob", utf8(farSvg), "d", "", "bin"));
    }

    @Test
    void aZipContainerIsNamedByTheFilenameThenTheTypeElseZip() {
        assertEquals("docx", resolve(CDN + "blob", ZIP, "Contract.DOCX", "", "bin"));
        assertEquals("pptx", resolve(CDN + "blob", ZIP, "talk.pptx", "XLSX_FILE", "pptx"));
        assertEquals("xlsx", resolve(CDN + "blob", ZIP, "numbers", "XLSX_FILE", "xlsx"));
        assertEquals("pptx", resolve(CDN + "blob", ZIP, "deck", "SLIDES", "pptx"));
        assertEquals("docx", resolve(CDN + "blob", ZIP, "memo", "DOCX_FILE", "docx"));
        assertEquals("zip", resolve(CDN + "blob", ZIP, "bundle", "CODE_FILE", ""));
    }

    @Test
    void rule3ATextBodyTakesTheFilenameSuffix() {
        assertEquals("r", resolve(CDN + "blob", utf8("x <- 1"), "model.R", "CODE_FILE", "r"));
        assertEquals("sql", resolve(CDN + "blob", utf8("select 1;"), "q.SQL", "", "sql"));
        assertEquals("yaml", resolve(CDN + "blob", utf8("{\"a\": 1}"), "conf.yaml", "", "yaml"));
        assertEquals("mmd", resolve(CDN + "blob", utf8("graph TD; A-->B"), "flow.mmd", "", "mmd"));
    }

    @Test
    void rule3ATextBodyWithoutASuffixIsJudgedByItsContent() {
        assertEquals("html", resolve(CDN + "blob", utf8("\n<!DOCTYPE html><html></html>"), "page", "", "bin"));
        assertEquals("html", resolve(CDN + "blob", utf8("<HTML><body/></HTML>"), "page", "", "bin"));
        assertEquals("json", resolve(CDN + "blob", utf8("  {\"k\": [1, 2]}"), "data", "", "bin"));
        assertEquals("json", resolve(CDN + "blob", utf8("[1, 2]"), "data", "", "bin"));
        assertEquals("mmd", resolve(CDN + "blob", utf8("flowchart LR\n  a --> b"), "diagram", "", "bin"));
        assertEquals("mmd", resolve(CDN + "blob", utf8("graph TD\n  a --> b"), "diagram", "", "bin"));
        assertEquals("sh", resolve(CDN + "blob", utf8("#!/bin/sh\necho hi\n"), "run", "CODE_FILE", ""));
        assertEquals("txt", resolve(CDN + "blob", utf8("示例报告正文"), "报告", "RESEARCH_REPORT", "md"));
        assertEquals("txt", resolve(CDN + "blob", utf8("graphs are fun"), "notes", "", "bin"));
        assertEquals("txt", resolve(CDN + "blob", new byte[0], "empty", "", "bin"));
    }

    @Test
    void rule4ABinaryBodyWithoutMagicFallsBackToTheProvisionalExtension() {
        assertEquals("mp3", resolve(CDN + "blob", BINARY, "song", "AUDIO_FILE", "mp3"));
        assertEquals("", resolve(CDN + "blob", BINARY, "tool", "CODE_FILE", ""));
        assertEquals("bin", resolve("", BINARY, "thing", "MODEL_3D", "bin"));
        // no body at all reads as empty text
        assertEquals("txt", resolve("not a url at all ::", null, "thing", null, "bin"));
    }

    @Test
    void aCharacterCutByTheTextProbeDoesNotMakeTheBodyBinary() {
        // 1999 ASCII bytes then a 3-byte character: the probe ends inside it
        byte[] body = utf8("a".repeat(AssetExtensions.TEXT_PROBE_BYTES - 1) + "研究");
        assertEquals("txt", resolve(CDN + "blob", body, "notes", "", "bin"));
        byte[] broken = utf8("a".repeat(100));
        broken[50] = (byte) 0xc3; // a lead byte followed by ASCII: invalid
        assertEquals("bin", resolve(CDN + "blob", broken, "notes", "", "bin"));
        assertNull(AssetExtensions.textHead(broken));
    }

    @Test
    void looksBinaryKnowsTheBinaryMagicsOnly() {
        assertTrue(AssetExtensions.looksBinary(PNG));
        assertTrue(AssetExtensions.looksBinary(JPEG));
        assertTrue(AssetExtensions.looksBinary(ZIP));
        assertTrue(AssetExtensions.looksBinary(utf8("%PDF-1.4")));
        assertTrue(AssetExtensions.looksBinary(utf8("GIF89a")));
        assertFalse(AssetExtensions.looksBinary(utf8("<svg/>")));
        assertFalse(AssetExtensions.looksBinary(utf8("# Report")));
        assertFalse(AssetExtensions.looksBinary(new byte[]{'P', 'K'}));
    }

    @Test
    void urlPathDropsQueryAndFragmentEvenWhenTheUrlDoesNotParse() {
        assertEquals("/a/b.png", AssetExtensions.urlPath("https://h.test/a/b.png?x=1#y"));
        assertEquals("https://h.test/a b.png", AssetExtensions.urlPath("https://h.test/a b.png?sig=|"));
        assertEquals("", AssetExtensions.urlPath(null));
    }
}
