package io.github.pplxexport.asset;

import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One thread's asset run against a real thread directory: names, collisions, the manifest, and the merge
 * with the previous run so that a second run downloads nothing it already has.
 */
class AssetRunTest {
    @TempDir
    Path thread;

    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 1, 2, 3};

    @SuppressWarnings("unchecked")
    private static CollectedAssets collect(String assets) {
        return AssetCollector.collect((Map<String, Object>) Json.parse("{\"entries\": [{\"uuid\": \"e1\", \"blocks\": ["
                + "{\"unified_assets_block\": {\"assets\": [" + assets + "]}}]}]}"));
    }

    /** Two versions of plan.md, a report without extension, a chart whose name is CJK, two names that sanitise alike, a handle, a diff. */
    private static final String THREAD_ASSETS = """
            {"uuid": "aaaa1111-p2", "asset_type": "DOC_FILE", "created_at": "200",
             "doc_file": {"filename": "plan.md", "url": "https://cdn.test/p2/plan.md?Signature=s"}},
            {"uuid": "aaaa1111-p1", "asset_type": "DOC_FILE", "created_at": "100",
             "doc_file": {"filename": "plan.md", "url": "https://cdn.test/p1/plan.md?Signature=s"}},
            {"uuid": "bbbb2222-r", "asset_type": "RESEARCH_REPORT", "created_at": "300", "title": "Market study",
             "research_report": {"url": "https://cdn.test/r/blob"}},
            {"uuid": "cccc3333-c", "asset_type": "CHART", "chart": {"name": "示例图", "url": "https://cdn.test/c/blob"}},
            {"uuid": "dddd4444-x", "asset_type": "DOC_FILE", "created_at": "1",
             "doc_file": {"filename": "a b.md", "url": "https://cdn.test/x/1"}},
            {"uuid": "eeee5555-y", "asset_type": "DOC_FILE", "created_at": "2",
             "doc_file": {"filename": "a?b.md", "url": "https://cdn.test/y/2"}},
            {"uuid": "toolu_Z", "asset_type": "DOC_FILE", "doc_file": {"filename": "draft.md"},
             "preview_info": [{"file_handle": "file:draft.md"}]},
            {"uuid": "ffff6666-d", "asset_type": "ASSET_DIFF", "asset_diff": {"files": [
              {"filename": "plan.md", "lines": [{"kind": "ADD", "text": "step 3"}]}]}}""";

    private String write(String rel, byte[] body) throws IOException {
        Path f = thread.resolve(rel);
        Files.createDirectories(f.getParent());
        Files.write(f, body);
        return rel;
    }

    private void writeManifest(AssetRun run) throws IOException {
        Files.createDirectories(thread.resolve("assets"));
        Files.writeString(thread.resolve(Manifest.PATH), run.manifest().toJson());
    }

    /** One file entry of the manifest as the reference indents it, with a trailing comma. */
    private static String file(String name, String... versions) {
        return "  {\n   \"filename\": \"" + name + "\",\n   \"n_versions\": " + versions.length
                + ",\n   \"versions\": [\n" + String.join(",\n", versions) + "\n   ]\n  },";
    }

    private static String version(String uuid, String type, String label, String createdAt, String to, String flag) {
        return "    {\n     \"uuid\": \"" + uuid + "\",\n     \"asset_type\": \"" + type + "\",\n     \"version\": \""
                + label + "\",\n     \"created_at\": " + createdAt + ",\n     \"downloaded_to\": \"" + to + "\""
                + (flag.isEmpty() ? "" : ",\n     \"" + flag + "\": true") + "\n    }";
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aFirstRunNamesEveryDownloadAndRecordsItInTheManifest() throws IOException {
        AssetRun run = AssetRun.plan(collect(THREAD_ASSETS), thread);
        List<AssetVersion> downloads = run.downloads();
        assertEquals(List.of("aaaa1111-p1", "aaaa1111-p2", "bbbb2222-r", "cccc3333-c", "dddd4444-x", "eeee5555-y"),
                downloads.stream().map(AssetVersion::uuid).toList());
        assertEquals(List.of(new AssetRun.InlineFile("assets/files/plan.md.diff.md",
                "```diff\n--- a/plan.md\n+++ b/plan.md\n+step 3\n```\n")), run.inlineFiles());

        assertEquals("assets/files/plan_v1.md", run.accept(downloads.get(0), utf8("# v1")));
        assertEquals("assets/files/plan_v2.md", run.accept(downloads.get(1), utf8("# v2")));
        assertEquals("assets/files/Market_study.txt", run.accept(downloads.get(2), utf8("report text")));
        assertEquals("assets/files/示例图.png", run.accept(downloads.get(3), PNG));
        assertEquals("assets/files/a_b.md", run.accept(downloads.get(4), utf8("x")));
        // "a?b.md" sanitises to the same name: the second one gets its uuid8
        run.failed(downloads.get(5), false);
        assertEquals("assets/files/a_b_eeee5555.md", run.accept(downloads.get(5), utf8("y")));
        assertEquals("assets/files/a_b.md", run.accept(downloads.get(4), utf8("x")), "accepting again keeps the name");

        assertEquals(7, run.manifest().count(), "six downloads and one handle; the diff is not a version");
        assertEquals(String.join("\n",
                "{",
                " \"count\": 7,",
                " \"files\": [",
                file("Market study", version("bbbb2222-r", "RESEARCH_REPORT", "v1", "\"300\"", "assets/files/Market_study.txt", "")),
                file("a b.md", version("dddd4444-x", "DOC_FILE", "v1", "\"1\"", "assets/files/a_b.md", "")),
                file("a?b.md", version("eeee5555-y", "DOC_FILE", "v1", "\"2\"", "assets/files/a_b_eeee5555.md", "")),
                file("draft.md", version("toolu_Z", "DOC_FILE", "v1", "null", "", "no_download_channel")),
                file("plan.md", version("aaaa1111-p1", "DOC_FILE", "v1", "\"100\"", "assets/files/plan_v1.md", ""),
                        version("aaaa1111-p2", "DOC_FILE", "v2", "\"200\"", "assets/files/plan_v2.md", "")),
                file("示例图", version("cccc3333-c", "CHART", "v1", "null", "assets/files/示例图.png", "")).replaceAll(",$", ""),
                " ]",
                "}"), run.manifest().toJson());
    }

    @Test
    void aSecondRunDownloadsNothingItAlreadyHasAndKeepsTheNames() throws IOException {
        AssetRun first = AssetRun.plan(collect(THREAD_ASSETS), thread);
        for (AssetVersion v : first.downloads()) {
            if (v.uuid().equals("cccc3333-c")) {
                first.failed(v, false);
            } else {
                write(first.accept(v, utf8("body of " + v.uuid())), utf8("body of " + v.uuid()));
            }
        }
        writeManifest(first);
        String firstManifest = first.manifest().toJson();

        AssetRun second = AssetRun.plan(collect(THREAD_ASSETS), thread);
        assertEquals(List.of("cccc3333-c"), second.downloads().stream().map(AssetVersion::uuid).toList(),
                "only the failed download is tried again");
        assertEquals(first.inlineFiles(), second.inlineFiles());
        second.failed(second.downloads().get(0), false);
        assertEquals(firstManifest, second.manifest().toJson(), "an unchanged thread gives the same manifest bytes");
    }

    @Test
    void aNewVersionLeavesTheFileOfTheOldOneWhereItIs() throws IOException {
        AssetRun first = AssetRun.plan(collect("""
                {"uuid": "p1", "asset_type": "DOC_FILE", "created_at": "100",
                 "doc_file": {"filename": "plan.md", "url": "https://cdn.test/p1"}}"""), thread);
        write(first.accept(first.downloads().get(0), utf8("# one")), utf8("# one"));
        assertEquals("assets/files/plan.md", first.manifest().versions().get(0).downloadedTo());
        writeManifest(first);

        AssetRun second = AssetRun.plan(collect("""
                {"uuid": "p1", "asset_type": "DOC_FILE", "created_at": "100",
                 "doc_file": {"filename": "plan.md", "url": "https://cdn.test/p1"}},
                {"uuid": "p2", "asset_type": "DOC_FILE", "created_at": "200",
                 "doc_file": {"filename": "plan.md", "url": "https://cdn.test/p2"}}"""), thread);
        assertEquals(List.of("p2"), second.downloads().stream().map(AssetVersion::uuid).toList());
        assertEquals("assets/files/plan_v2.md", second.accept(second.downloads().get(0), utf8("# two")));
        List<ManifestVersion> vs = second.manifest().versions();
        assertEquals(List.of("p1 v1 assets/files/plan.md", "p2 v2 assets/files/plan_v2.md"),
                vs.stream().map(v -> v.uuid() + " " + v.version() + " " + v.downloadedTo()).toList());
    }

    @Test
    void aMissingFileOrOneOutsideAssetsFilesIsDownloadedAgain() throws IOException {
        AssetRun first = AssetRun.plan(collect("""
                {"uuid": "p1", "doc_file": {"filename": "a.md", "url": "https://cdn.test/p1"}},
                {"uuid": "p2", "doc_file": {"filename": "b.md", "url": "https://cdn.test/p2"}}"""), thread);
        first.accept(first.downloads().get(0), utf8("a")); // accepted but never written
        first.accept(first.downloads().get(1), utf8("b"));
        writeManifest(first);
        write("thread.json", utf8("{}"));
        Files.writeString(thread.resolve(Manifest.PATH), Files.readString(thread.resolve(Manifest.PATH))
                .replace("assets/files/b.md", "assets/files/../../thread.json"));

        AssetRun second = AssetRun.plan(collect("""
                {"uuid": "p1", "doc_file": {"filename": "a.md", "url": "https://cdn.test/p1"}},
                {"uuid": "p2", "doc_file": {"filename": "b.md", "url": "https://cdn.test/p2"}}"""), thread);
        assertEquals(List.of("p1", "p2"), second.downloads().stream().map(AssetVersion::uuid).toList());
    }

    @Test
    void anExpiredFlagStaysUntilADownloadSucceeds() throws IOException {
        String assets = """
                {"uuid": "p1", "asset_type": "PDF_FILE", "pdf_file": {"filename": "paper.pdf", "url": "https://cdn.test/p1"}}""";
        AssetRun first = AssetRun.plan(collect(assets), thread);
        first.failed(first.downloads().get(0), true);
        assertTrue(first.manifest().versions().get(0).assetExpired());
        writeManifest(first);

        AssetRun second = AssetRun.plan(collect(assets), thread);
        assertEquals(1, second.downloads().size(), "fresh blocks carry a fresh link: it is tried");
        second.failed(second.downloads().get(0), false);
        assertTrue(second.manifest().versions().get(0).assetExpired(), "a transient failure keeps the flag");
        writeManifest(second);

        AssetRun third = AssetRun.plan(collect(assets), thread);
        assertEquals("assets/files/paper.pdf", third.accept(third.downloads().get(0), utf8("%PDF-1.7")));
        assertFalse(third.manifest().versions().get(0).assetExpired());
        assertFalse(third.manifest().toJson().contains("asset_expired"));
    }

    @Test
    void versionsTheBlocksNoLongerListStayInTheManifest() throws IOException {
        AssetRun first = AssetRun.plan(collect("""
                {"uuid": "gone", "doc_file": {"filename": "old.md", "url": "https://cdn.test/gone"}}"""), thread);
        write(first.accept(first.downloads().get(0), utf8("old")), utf8("old"));
        writeManifest(first);

        AssetRun second = AssetRun.plan(collect("""
                {"uuid": "new", "doc_file": {"filename": "old.md", "url": "https://cdn.test/new"}}"""), thread);
        String name = second.accept(second.downloads().get(0), utf8("new"));
        assertEquals("assets/files/old_new.md", name, "the kept file's name is taken");
        Manifest m = second.manifest();
        assertEquals(List.of("new", "gone"), m.versions().stream().map(ManifestVersion::uuid).toList());
        assertTrue(m.toJson().contains("\"n_versions\": 2"), m.toJson());
    }

    @Test
    void namesDifferingOnlyInCaseCollideAndAnInlineFileNeverOverwritesADownload() throws IOException {
        AssetRun first = AssetRun.plan(collect("""
                {"uuid": "u1", "doc_file": {"filename": "Notes.md", "url": "https://cdn.test/u1"}},
                {"uuid": "u2", "doc_file": {"filename": "notes.md", "url": "https://cdn.test/u2"}}"""), thread);
        assertEquals("assets/files/Notes.md", first.accept(first.downloads().get(0), utf8("1")));
        assertEquals("assets/files/notes_u2.md", first.accept(first.downloads().get(1), utf8("2")));
        write("assets/files/Notes.md", utf8("1"));
        writeManifest(first);

        AssetRun second = AssetRun.plan(collect("""
                {"uuid": "u1", "doc_file": {"filename": "Notes.md", "url": "https://cdn.test/u1"}},
                {"uuid": "cd1", "asset_type": "CODE_ASSET", "title": "Notes",
                 "code": {"script": "x = 1", "language": "python"}}"""), thread);
        assertEquals("assets/files/Notes_cd1.md", second.inlineFiles().get(0).path());
    }

    @Test
    void aRetryReSignsOnlyWhatIsMissingAndStillHasAChannel() throws IOException {
        Manifest previous = Manifest.parse("""
                {"count": 4, "files": [
                  {"filename": "paper.pdf", "n_versions": 2, "versions": [
                    {"uuid": "p1", "asset_type": "PDF_FILE", "version": "v1", "created_at": "1", "downloaded_to": ""},
                    {"uuid": "p2", "asset_type": "PDF_FILE", "version": "v2", "created_at": "2",
                     "downloaded_to": "", "asset_expired": true}]},
                  {"filename": "spec.md", "n_versions": 1, "versions": [
                    {"uuid": "toolu_S", "asset_type": "DOC_FILE", "version": "v1", "created_at": null,
                     "downloaded_to": "", "no_download_channel": true}]},
                  {"filename": "ok.md", "n_versions": 1, "versions": [
                    {"uuid": "k1", "asset_type": "DOC_FILE", "version": "v1", "created_at": null,
                     "downloaded_to": "assets/files/ok.md"}]}]}""");
        write("assets/files/ok.md", utf8("fine"));
        AssetRun retry = AssetRun.retry(previous, AssetFiles.present(thread));
        List<AssetVersion> pending = retry.downloads();
        assertEquals(List.of("p1"), pending.stream().map(AssetVersion::uuid).toList());
        assertEquals("", pending.get(0).url());
        AssetVersion fresh = pending.get(0).withUrl("https://cdn.test/p1/paper.pdf?sig=new");
        assertEquals("assets/files/paper_v1.pdf", retry.accept(fresh, utf8("%PDF-1.4")));
        Manifest after = retry.manifest();
        assertEquals(4, after.count());
        assertEquals("assets/files/paper_v1.pdf", after.versions().stream().filter(v -> v.uuid().equals("p1"))
                .findFirst().orElseThrow().downloadedTo());
        assertTrue(after.toJson().contains("\"asset_expired\": true"));
        assertTrue(after.toJson().contains("\"no_download_channel\": true"));
    }

    @Test
    void aVersionOutsideTheRunIsRefused() {
        AssetRun run = AssetRun.plan(CollectedAssets.NONE, Manifest.EMPTY, rel -> false);
        AssetVersion stranger = new AssetVersion("zz", "", "z.md", "https://cdn.test/z", null, "v1", 1, false);
        assertThrows(IllegalArgumentException.class, () -> run.accept(stranger, new byte[0]));
        assertTrue(run.manifest().isEmpty());
    }
}
