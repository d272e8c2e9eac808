package io.github.pplxexport.conformance;

import io.github.pplxexport.asset.AssetCollector;
import io.github.pplxexport.asset.AssetRun;
import io.github.pplxexport.asset.AssetVersion;
import io.github.pplxexport.asset.CollectedAssets;
import io.github.pplxexport.asset.InlineAsset;
import io.github.pplxexport.asset.Manifest;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Asset collection over the reference's fixtures (read in place, never copied), and the one manifest the
 * reference wrote on its live path ({@code ../upstream-live}, deep_research_demo, whose chart download failed).
 */
class AssetConformanceTest {
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private static Map<String, Object> rawBlocks(String fixture) throws IOException {
        Path f = UpstreamFixtures.ROOT.resolve(fixture).resolve("raw_blocks.json");
        Assumptions.assumeTrue(Files.isRegularFile(f), fixture + " not present");
        return Json.readObject(f);
    }

    @Test
    void everyFixtureCollectsWithoutErrorIntoSafeNames() throws IOException {
        Assumptions.assumeTrue(UpstreamFixtures.available(), "upstream fixtures not present");
        int fixtures = 0;
        for (Path fixture : UpstreamFixtures.fixtures()) {
            if (!Files.isRegularFile(fixture.resolve("raw_blocks.json"))) {
                continue;
            }
            fixtures++;
            CollectedAssets c = AssetCollector.collect(Json.readObject(fixture.resolve("raw_blocks.json")));
            AssetRun run = AssetRun.plan(c, Manifest.EMPTY, rel -> false);
            Set<String> names = new HashSet<>();
            for (AssetVersion v : run.downloads()) {
                String path = run.accept(v, new byte[0]);
                assertTrue(path.startsWith("assets/files/") && path.indexOf('/', "assets/files/".length()) < 0, path);
                assertTrue(names.add(path), path);
            }
            for (AssetRun.InlineFile f : run.inlineFiles()) {
                assertTrue(names.add(f.path()), f.path());
            }
            assertEquals(c.versions().size(), run.manifest().count(), fixture.toString());
        }
        assertTrue(fixtures >= 5, "fixtures with blocks: " + fixtures);
    }

    @Test
    void deepResearchManifestMatchesTheReferenceByteForByte() throws IOException {
        Map<String, Object> blocks = rawBlocks("deep_research_demo");
        Path live = UpstreamFixtures.ROOT.resolveSibling("upstream-live").resolve("alice").resolve("deep-research");
        Assumptions.assumeTrue(Files.isDirectory(live), "upstream-live not present");
        Path golden;
        try (Stream<Path> s = Files.list(live)) {
            golden = s.filter(d -> d.getFileName().toString().endsWith("_e296ac19")).findFirst().orElseThrow()
                    .resolve("assets").resolve("assets_manifest.json");
        }
        CollectedAssets c = AssetCollector.collect(blocks);
        AssetRun run = AssetRun.plan(c, Manifest.EMPTY, rel -> false);
        assertEquals(1, run.downloads().size());
        run.failed(run.downloads().get(0), false); // the reference's download failed (no network)
        assertArrayEquals(Files.readAllBytes(golden), run.manifest().toJson().getBytes(java.nio.charset.StandardCharsets.UTF_8));

        // with the download succeeding, the chart gets the name and extension of its content
        AssetRun ok = AssetRun.plan(c, Manifest.EMPTY, rel -> false);
        assertEquals("assets/files/示例流程图.png", ok.accept(ok.downloads().get(0), PNG));
        // the chart's code has no download channel: it is written from the blocks
        assertEquals(List.of("CODE_ASSET chart_script.py"),
                c.inline().stream().map(i -> i.assetType() + " " + i.stem()).toList());
        assertTrue(c.inline().get(0).markdown().startsWith("```python\n# "));
    }

    @Test
    void aComputerThreadsPdfIsOneDownloadableVersion() throws IOException {
        CollectedAssets c = AssetCollector.collect(rawBlocks("scenario_computer_answer_fallback"));
        assertEquals(1, c.versions().size());
        AssetVersion pdf = c.versions().get(0);
        assertEquals("main.pdf v1/1 PDF_FILE", pdf.filename() + " " + pdf.version() + "/" + pdf.nVersions() + " " + pdf.assetType());
        assertTrue(pdf.url().endsWith("/main.pdf"));
        assertEquals("1780845559", pdf.createdAt());
    }

    @Test
    void workspaceHandlesAndSubAgentDiffsOfAnInterruptedThread() throws IOException {
        CollectedAssets c = AssetCollector.collect(rawBlocks("scenario_limit_interrupted"));
        assertEquals(List.of("WRITING_SPEC.md", "sec_2.2.md"), c.versions().stream().map(AssetVersion::filename).toList());
        assertTrue(c.versions().stream().allMatch(AssetVersion::noDownloadChannel));
        assertEquals(7, c.inline().size());
        assertTrue(c.inline().stream().allMatch(i -> i.stem().equals("sec_2.2.md.diff")));
        InlineAsset first = c.inline().get(0);
        assertTrue(first.markdown().contains("\n--- a/sec_2.2.md\n+++ b/sec_2.2.md\n"), first.markdown());
        assertFalse(first.markdown().contains("\n+++ b/sec_2.2.md\n+++"), first.markdown());
        AssetRun run = AssetRun.plan(c, Manifest.EMPTY, rel -> false);
        assertEquals(7, run.inlineFiles().stream().map(AssetRun.InlineFile::path).distinct().count());
        assertTrue(run.downloads().isEmpty());
    }
}
