package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AssetRoutesTest {
    private static final String THREAD = TestArchive.uuid(1);
    private static final String ASSET = "asset-1-file-chart.png";
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 1, 2, 3};

    @TempDir
    Path dir;
    private ReplayServer server;
    private TestClient client;

    @BeforeEach
    void start() throws IOException {
        Path t = new TestArchive(dir.resolve("archive")).thread(THREAD).write();
        Files.createDirectories(t.resolve("assets/files"));
        Files.write(t.resolve("assets/files/示例图.png"), PNG);
        Files.writeString(dir.resolve("secret.txt"), "not for you");
        TestArchive.writeFile(t.resolve("assets/assets_manifest.json"), """
                {"count": 3, "files": [{"filename": "示例图", "n_versions": 1, "versions": [
                  {"uuid": "%s", "asset_type": "CHART", "version": "v1", "created_at": null,
                   "downloaded_to": "assets/files/示例图.png"},
                  {"uuid": "never-downloaded", "asset_type": "CHART", "version": "v2", "created_at": null,
                   "downloaded_to": ""},
                  {"uuid": "escapes", "asset_type": "CHART", "version": "v3", "created_at": null,
                   "downloaded_to": "../../../../secret.txt"}]}]}
                """.formatted(ASSET));
        server = ReplayServer.start(ReplayOptions.of(dir.resolve("archive")));
        client = new TestClient(server.baseUri());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private String signedUrl(String asset) {
        HttpResponse<String> r = client.get(AssetRoutes.DATA_PREFIX + asset + "/data?version=2.18&source=default");
        assertEquals(200, r.statusCode(), r.body());
        Object info = J.list(J.map(TestClient.json(r), "asset_data"), "download_info").get(0);
        return J.str(info, "url");
    }

    @Test
    void assetDataPointsAtACdnUrlThatServesTheFileWithoutCookies() throws Exception {
        String url = signedUrl(ASSET);
        assertTrue(url.startsWith(server.baseUri() + "/cdn/" + THREAD + "/"), url);
        assertTrue(url.endsWith(".png"), "the URL ends with the file's own extension: " + url);

        var http = java.net.http.HttpClient.newHttpClient();
        HttpResponse<byte[]> noCookie = http.send(java.net.http.HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, noCookie.statusCode());
        assertArrayEquals(PNG, noCookie.body());

        HttpResponse<String> withCookie = client.get(URI.create(url).getRawPath());
        assertEquals(403, withCookie.statusCode());
        assertTrue(withCookie.body().contains("AccessDenied"));
    }

    @Test
    void unknownUndownloadedEscapingAndWorkspaceAssetsAreNotFound() {
        for (String asset : new String[] {"nope", "never-downloaded", "escapes", "toolu_01abc"}) {
            HttpResponse<String> r = client.get(AssetRoutes.DATA_PREFIX + asset + "/data?version=2.18&source=default");
            assertEquals(404, r.statusCode(), asset);
            assertEquals("ASSET_NOT_FOUND", TestClient.json(r).get("error_code"), asset);
        }
        assertEquals(404, new TestClient(server.baseUri()).withoutCookie()
                .get("/cdn/" + THREAD + "/escapes/secret.txt").statusCode());
    }
}
