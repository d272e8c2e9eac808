package io.github.pplxexport.asset;

import io.github.pplxexport.json.JsonException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code assets/assets_manifest.json} bytes (reference-behaviour.md §5.4, reference-cli-and-archive.md §3.8). */
class ManifestTest {

    private static ManifestVersion v(String file, String uuid, String type, String version, Object createdAt,
                                     String to, boolean noChannel, boolean expired) {
        return new ManifestVersion(file, uuid, type, version, createdAt, to, noChannel, expired, Map.of());
    }

    @Test
    void filesAreSortedByCodePointVersionsByCreatedAtAndFlagsAppearOnlyWhenTrue() {
        Manifest m = new Manifest(List.of(
                v("plan.md", "p-2", "DOC_FILE", "v2", "1700000200", "assets/files/plan_v2.md", false, false),
                v("\uD840\uDC00", "x-1", "CHART", "v1", null, "", false, false),
                v("plan.md", "p-1", "DOC_FILE", "v1", "1700000100", "assets/files/plan_v1.md", false, false),
                v("spec.md", "toolu_A", "DOC_FILE", "v1", "10", "", true, false),
                v("\uE000", "y-1", "CHART", "v1", 5, "", false, true),
                v("Chart", "c-1", "CHART", "v1", null, "assets/files/Chart.png", false, false)));
        String expected = """
                {
                 "count": 6,
                 "files": [
                  {
                   "filename": "Chart",
                   "n_versions": 1,
                   "versions": [
                    {
                     "uuid": "c-1",
                     "asset_type": "CHART",
                     "version": "v1",
                     "created_at": null,
                     "downloaded_to": "assets/files/Chart.png"
                    }
                   ]
                  },
                  {
                   "filename": "plan.md",
                   "n_versions": 2,
                   "versions": [
                    {
                     "uuid": "p-1",
                     "asset_type": "DOC_FILE",
                     "version": "v1",
                     "created_at": "1700000100",
                     "downloaded_to": "assets/files/plan_v1.md"
                    },
                    {
                     "uuid": "p-2",
                     "asset_type": "DOC_FILE",
                     "version": "v2",
                     "created_at": "1700000200",
                     "downloaded_to": "assets/files/plan_v2.md"
                    }
                   ]
                  },
                  {
                   "filename": "spec.md",
                   "n_versions": 1,
                   "versions": [
                    {
                     "uuid": "toolu_A",
                     "asset_type": "DOC_FILE",
                     "version": "v1",
                     "created_at": "10",
                     "downloaded_to": "",
                     "no_download_channel": true
                    }
                   ]
                  },
                  {
                   "filename": "\uE000",
                   "n_versions": 1,
                   "versions": [
                    {
                     "uuid": "y-1",
                     "asset_type": "CHART",
                     "version": "v1",
                     "created_at": 5,
                     "downloaded_to": "",
                     "asset_expired": true
                    }
                   ]
                  },
                  {
                   "filename": "\uD840\uDC00",
                   "n_versions": 1,
                   "versions": [
                    {
                     "uuid": "x-1",
                     "asset_type": "CHART",
                     "version": "v1",
                     "created_at": null,
                     "downloaded_to": ""
                    }
                   ]
                  }
                 ]
                }""";
        assertEquals(expected, m.toJson());
        assertEquals(6, m.count());
    }

    @Test
    void anEmptyManifestStillCountsZero() {
        assertEquals("{\n \"count\": 0,\n \"files\": []\n}", Manifest.EMPTY.toJson());
    }

    @Test
    void parsingKeepsFlagsAndUnknownKeysSoARewriteLosesNothing() {
        String text = """
                {
                 "count": 2,
                 "files": [
                  {
                   "filename": "spec.md",
                   "n_versions": 2,
                   "versions": [
                    {
                     "uuid": "toolu_A",
                     "asset_type": "DOC_FILE",
                     "version": "v1",
                     "created_at": "10",
                     "downloaded_to": "",
                     "no_download_channel": true,
                     "file_handle": "file:drafts/spec.md"
                    },
                    {
                     "uuid": "s-2",
                     "asset_type": "DOC_FILE",
                     "version": "v2",
                     "created_at": "20",
                     "downloaded_to": "",
                     "asset_expired": true
                    }
                   ]
                  }
                 ]
                }""";
        Manifest m = Manifest.parse(text);
        assertEquals(text, m.toJson());
        assertEquals(Map.of("file_handle", "file:drafts/spec.md"), m.versions().get(0).extra());
        assertTrue(m.versions().get(1).assetExpired());
    }

    @Test
    void oddManifestsReadLenientlyAndNonObjectsAreRefused() {
        Manifest m = Manifest.parse("{\"files\": [3, {\"filename\": \"a\", \"versions\": [null, {\"uuid\": 4}]}]}");
        assertEquals(1, m.count());
        assertEquals("", m.versions().get(0).uuid());
        assertThrows(JsonException.class, () -> Manifest.parse("[]"));
        assertThrows(JsonException.class, () -> Manifest.parse("{\"count\": "));
    }

    @Test
    void readingAThreadDirFindsTheManifestUnderAssets(@TempDir Path dir) throws Exception {
        assertTrue(Manifest.read(dir).isEmpty());
        Files.createDirectories(dir.resolve("assets"));
        Files.writeString(dir.resolve("assets/assets_manifest.json"), Manifest.EMPTY.toJson());
        assertEquals(0, Manifest.read(dir).orElseThrow().count());
        Files.writeString(dir.resolve("assets/assets_manifest.json"), "{broken");
        assertEquals(Manifest.EMPTY, AssetFiles.previousManifest(dir));
    }
}
