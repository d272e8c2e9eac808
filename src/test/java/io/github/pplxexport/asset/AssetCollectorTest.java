package io.github.pplxexport.asset;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Asset collection from a thread's schematized response (reference-behaviour.md §1.3, §5.4). */
class AssetCollectorTest {

    @SuppressWarnings("unchecked")
    private static Map<String, Object> blocks(String json) {
        return (Map<String, Object>) Json.parse(json);
    }

    /** {@code {"entries": [{"uuid": "e1", "blocks": [{"unified_assets_block": {"assets": [<assets>]}}]}]}}. */
    private static Map<String, Object> unified(String assets) {
        return blocks("{\"entries\": [{\"uuid\": \"e1\", \"blocks\": [{\"intended_usage\": \"unified_assets\","
                + " \"unified_assets_block\": {\"assets\": [" + assets + "]}}]}]}");
    }

    private static String summary(AssetVersion v) {
        return v.filename() + " " + v.uuid() + " " + v.version() + "/" + v.nVersions() + " " + v.assetType() + " " + v.url();
    }

    @Test
    void sameNameFilesBecomeVersionsOrderedByCreatedAt() {
        Map<String, Object> b = blocks("""
                {"entries": [
                  {"uuid": "e1", "blocks": [{"unified_assets_block": {"assets": [
                    {"uuid": "p-300", "asset_type": "DOC_FILE", "created_at": "1700000300",
                     "doc_file": {"filename": "plan.md", "url": "https://cdn.test/p300"}},
                    {"uuid": "s-1", "asset_type": "PDF_FILE", "created_at": "1700000050",
                     "pdf_file": {"file_name": "summary.pdf", "url": "https://cdn.test/s1"}}]}}]},
                  {"uuid": "e2", "blocks": [{"markdown": {"text": "x"}}, {"unified_assets_block": {"assets": [
                    {"uuid": "p-100", "asset_type": "DOC_FILE", "created_at": 1700000100,
                     "doc_file": {"filename": "plan.md", "url": "https://cdn.test/p100"}},
                    {"uuid": "p-200", "asset_type": "DOC_FILE", "created_at": "1700000200",
                     "doc_file": {"filename": "plan.md", "url": "https://cdn.test/p200"}}]}}]}
                ]}""");
        List<AssetVersion> vs = AssetCollector.collect(b).versions();
        assertEquals(List.of(
                "plan.md p-100 v1/3 DOC_FILE https://cdn.test/p100",
                "plan.md p-200 v2/3 DOC_FILE https://cdn.test/p200",
                "plan.md p-300 v3/3 DOC_FILE https://cdn.test/p300",
                "summary.pdf s-1 v1/1 PDF_FILE https://cdn.test/s1"), vs.stream().map(AssetCollectorTest::summary).toList());
        assertEquals(1700000100, ((Number) vs.get(0).createdAt()).intValue(), "created_at is kept verbatim");
        assertEquals("1700000200", vs.get(1).createdAt());
    }

    @Test
    void aMissingOrNonNumericCreatedAtSortsAsZeroAndKeepsListOrder() {
        List<AssetVersion> vs = AssetCollector.collect(unified("""
                {"uuid": "b", "created_at": "5", "chart": {"name": "fig", "url": "https://cdn.test/b"}},
                {"uuid": "c", "created_at": "soon", "chart": {"name": "fig", "url": "https://cdn.test/c"}},
                {"uuid": "d", "chart": {"name": "fig", "url": "https://cdn.test/d"}}""")).versions();
        assertEquals(List.of("c v1", "d v2", "b v3"), vs.stream().map(v -> v.uuid() + " " + v.version()).toList());
        assertEquals(null, vs.get(1).createdAt());
    }

    @Test
    void theDownloadUrlIsTheFileObjectsThenTheFirstListedOne() {
        List<AssetVersion> vs = AssetCollector.collect(unified("""
                {"uuid": "1", "title": "a", "slide_file": {"url": "https://cdn.test/file"},
                 "download_info": [{"url": "https://cdn.test/dl"}]},
                {"uuid": "2", "title": "b", "slide_file": {"final": true},
                 "download_info": [{"filename": "x", "text_content": "t"}, {"s3_url": "https://s3.test/dl2", "url": ""}],
                 "preview_info": [{"url": "https://cdn.test/preview"}]},
                {"uuid": "3", "title": "c", "download_info": [],
                 "preview_info": [{"media_type": "image/png"}, {"s3_url": "https://s3.test/preview3"}]},
                {"uuid": "4", "title": "d", "asset_type": "CHART", "chart": {"name": "no link"}}""")).versions();
        assertEquals(List.of("https://cdn.test/file", "https://s3.test/dl2", "https://s3.test/preview3"),
                vs.stream().map(AssetVersion::url).toList());
    }

    @Test
    void filenameTypeAndGroupFallBackAsTheReferenceDoes() {
        List<AssetVersion> vs = AssetCollector.collect(unified("""
                {"uuid": "r1", "title": "Market study", "research_report": {"url": "https://cdn.test/r1"}},
                {"uuid": "t1", "title": "From the title", "asset_type": "CHART",
                 "chart": {"url": "https://cdn.test/t1"}},
                {"uuid": "u1", "quiz": {"url": "https://cdn.test/u1"}},
                {"app": {"url": "https://cdn.test/anon"}}""")).versions();
        assertEquals(List.of(
                "Market study r1 v1/1 RESEARCH_REPORT https://cdn.test/r1",
                "From the title t1 v1/1 CHART https://cdn.test/t1",
                "u1 u1 v1/1  https://cdn.test/u1",
                "unknown  v1/1  https://cdn.test/anon"), vs.stream().map(AssetCollectorTest::summary).toList());
    }

    @Test
    void planStepsAreReadWhenABlockHasNoUnifiedAssetsAndAnAssetListedTwiceCountsOnce() {
        Map<String, Object> b = blocks("""
                {"entries": [{"uuid": "e1", "blocks": [
                  {"plan_block": {"goals": [], "steps": [
                    {"assets": [{"uuid": "a1", "asset_type": "DOCX_FILE",
                                 "docx_file": {"filename": "memo.docx", "url": "https://cdn.test/a1"}}]},
                    {"assets": "not a list"},
                    {"assets": [{"uuid": "a2", "asset_type": "XLSX_FILE",
                                 "xlsx_file": {"filename": "sheet.xlsx", "url": "https://cdn.test/a2"}}]}]}},
                  {"unified_assets_block": {"assets": [
                    {"uuid": "a1", "asset_type": "DOCX_FILE",
                     "docx_file": {"filename": "memo.docx", "url": "https://cdn.test/a1-again"}}]}}]}]}""");
        List<AssetVersion> vs = AssetCollector.collect(b).versions();
        assertEquals(List.of("memo.docx a1 v1/1 DOCX_FILE https://cdn.test/a1",
                "sheet.xlsx a2 v1/1 XLSX_FILE https://cdn.test/a2"), vs.stream().map(AssetCollectorTest::summary).toList());
    }

    @Test
    void backgroundEntriesAreCollectedToo() {
        Map<String, Object> b = blocks("""
                {"entries": [], "background_entries": [{"uuid": "bg", "blocks": [{"unified_assets_block": {"assets": [
                  {"uuid": "g1", "asset_type": "DOC_FILE", "doc_file": {"filename": "notes.md", "url": "https://cdn.test/g1"}}
                ]}}]}]}""");
        assertEquals(List.of("notes.md g1 v1/1 DOC_FILE https://cdn.test/g1"),
                AssetCollector.collect(b).versions().stream().map(AssetCollectorTest::summary).toList());
    }

    @Test
    void workspaceHandlesWithoutUrlAreRegisteredWithoutADownloadChannel() {
        CollectedAssets c = AssetCollector.collect(unified("""
                {"uuid": "toolu_A", "asset_type": "DOC_FILE", "created_at": "10", "doc_file": {"filename": "spec.md"},
                 "preview_info": [{"type": "text", "file_handle": "file:drafts/spec.md"}]},
                {"uuid": "toolu_B", "asset_type": "DOC_FILE", "created_at": "20", "doc_file": {"filename": "spec.md"},
                 "preview_info": [{"type": "text", "file_handle": "file:drafts/spec.md"}]},
                {"uuid": "toolu_C", "asset_type": "CODE_FILE", "code_file": {"filename": "tool.py"}},
                {"uuid": "x1", "asset_type": "UNKNOWN", "title": "mystery"},
                {"uuid": "x2", "asset_type": "PDF_FILE", "pdf_file": {"filename": "lost.pdf"}},
                {"uuid": "x3", "asset_type": "CHART", "chart": {"name": "no url"}}"""));
        assertEquals(List.of("spec.md toolu_A v1/1 DOC_FILE ", "tool.py toolu_C v1/1 CODE_FILE ", "mystery x1 v1/1 UNKNOWN "),
                c.versions().stream().map(AssetCollectorTest::summary).toList());
        assertTrue(c.versions().stream().allMatch(AssetVersion::noDownloadChannel));
        assertTrue(c.downloadable().isEmpty());
    }

    @Test
    void aDiffIsRebuiltAsUnifiedTextInAFencedMarkdownFile() {
        CollectedAssets c = AssetCollector.collect(unified("""
                {"uuid": "d1234567-aaaa", "asset_type": "ASSET_DIFF", "asset_diff": {"title": "Tighten the intro", "files": [
                  {"filename": "intro.md", "display_path": "docs/intro.md", "lines": [
                    {"kind": "CONTEXT", "text": "# Intro", "old_line": 1, "new_line": 1},
                    {"kind": "DELETE", "text": "Old sentence."},
                    {"kind": "REMOVE", "text": "Another old one."},
                    {"kind": "ADD", "text": "New sentence with ``` fence."},
                    {"kind": "CONTEXT", "text": ""}]},
                  {"display_path": "docs/extra.md", "lines": [{"kind": "ADD", "text": "x"}]}]}}"""));
        assertTrue(c.versions().isEmpty(), "an inline asset has no download");
        assertEquals(1, c.inline().size());
        InlineAsset d = c.inline().get(0);
        assertEquals("intro.md.diff", d.stem());
        assertEquals(String.join("\n",
                "# Tighten the intro",
                "",
                "````diff",
                "--- a/intro.md",
                "+++ b/intro.md",
                " # Intro",
                "-Old sentence.",
                "-Another old one.",
                "+New sentence with ``` fence.",
                " ",
                "--- a/docs/extra.md",
                "+++ b/docs/extra.md",
                "+x",
                "````",
                ""), d.markdown());
    }

    @Test
    void aCodeAssetIsWrittenAsAFencedBlockInItsLanguage() {
        CollectedAssets c = AssetCollector.collect(unified("""
                {"uuid": "c1", "asset_type": "CODE_ASSET", "code": {"script": "print('hi')\\n", "language": "python"},
                 "download_info": [{"filename": "hello.py", "text_content": "ignored"}]},
                {"uuid": "c2", "asset_type": "CODE_ASSET", "title": "Only text content",
                 "code": {"script": "", "language": ""}, "download_info": [{"text_content": "SELECT 1;"}]},
                {"uuid": "c3", "asset_type": "CODE_ASSET", "code": {"script": ""}},
                {"uuid": "d0", "asset_type": "ASSET_DIFF", "asset_diff": {"files": []}}"""));
        assertEquals(List.of("hello.py", "Only_text_content"), c.inline().stream().map(InlineAsset::stem).toList());
        assertEquals("```python\nprint('hi')\n```\n", c.inline().get(0).markdown());
        assertEquals("```\nSELECT 1;\n```\n", c.inline().get(1).markdown());
    }

    @Test
    void oddShapesNeverCrashTheCollection() {
        assertTrue(AssetCollector.collect(null).isEmpty());
        assertTrue(AssetCollector.collect(blocks("{\"entries\": \"none\"}")).isEmpty());
        assertTrue(AssetCollector.collect(blocks("""
                {"entries": [null, 3, {"blocks": [null, "x", {"unified_assets_block": []},
                  {"unified_assets_block": {"assets": [null, "a", 1, {}]}},
                  {"plan_block": {"steps": [null, {"assets": [null]}]}}]}]}""")).isEmpty());
        CollectedAssets odd = AssetCollector.collect(unified("""
                {"uuid": 42, "asset_type": ["x"], "title": {"t": 1}, "created_at": {"s": 1},
                 "doc_file": {"filename": 7, "url": "https://cdn.test/odd"}}"""));
        assertEquals(1, odd.versions().size());
        assertEquals("7", odd.versions().get(0).filename());
        assertFalse(odd.versions().get(0).noDownloadChannel());
    }

    @Test
    void aFreshUrlComesFromTheAssetDataAnswer() {
        assertEquals("https://cdn.test/fresh", AssetCollector.freshUrl(J.asMap(Json.parse("""
                {"asset_data": {"download_info": [{"filename": "a"}, {"url": "https://cdn.test/fresh"}],
                 "pdf_file": {"url": "https://cdn.test/file"}}, "signed_url": null}"""))));
        assertEquals("https://cdn.test/file", AssetCollector.freshUrl(J.asMap(Json.parse("""
                {"asset_data": {"pdf_file": {"url": "https://cdn.test/file"}}}"""))));
        assertEquals("", AssetCollector.freshUrl(J.asMap(Json.parse("{\"status\": \"failed\"}"))));
    }
}
