package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The asset-data endpoint and the CDN, reached directly and through the replay as an HTTP proxy. */
class AssetRoutesTest {
    private static final String THREAD = TestArchive.uuid(1);
    private static final String ASSET = "asset-1-file-chart";
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 1, 2, 3};
    /** The URL as the platform wrote it into the blocks when the asset was made (sample-data scheme). */
    private static final String BLOCKS_URL = "http://" + ReplayApi.CDN_HOST + "/" + THREAD + "/" + ASSET
            + "/%E7%A4%BA%E4%BE%8B%E5%9B%BE.png?Expires=1767225600&Signature=c2FtcGxl~sig&Key-Pair-Id=APKASAMPLE";

    @TempDir
    Path dir;
    private Path threadDir;
    @RegisterExtension
    final ReplayFixture replay = new ReplayFixture();
    private Path log;

    @BeforeEach
    void archive() throws IOException {
        threadDir = new TestArchive(dir.resolve("archive")).thread(THREAD).mode("computer").write();
        Files.createDirectories(threadDir.resolve("assets/files"));
        Files.write(threadDir.resolve("assets/files/示例图.png"), PNG);
        Files.writeString(dir.resolve("secret.txt"), "not for you");
        TestArchive.writeFile(threadDir.resolve("assets/assets_manifest.json"), """
                {"count": 3, "files": [{"filename": "示例图", "n_versions": 1, "versions": [
                  {"uuid": "%s", "asset_type": "CHART", "version": "v1", "created_at": null,
                   "downloaded_to": "assets/files/示例图.png"},
                  {"uuid": "never-downloaded", "asset_type": "CHART", "version": "v2", "created_at": null,
                   "downloaded_to": ""},
                  {"uuid": "escapes", "asset_type": "CHART", "version": "v3", "created_at": null,
                   "downloaded_to": "../../../../secret.txt"}]}]}
                """.formatted(ASSET));
        // spaces and key order kept as written: the replay must not rewrite the URL (or anything else)
        TestArchive.writeFile(threadDir.resolve("raw_blocks.json"), """
                {"thread_metadata": {"title": "t", "mode": "4"}, "entries": [{"uuid": "%s", "blocks": [\
                {"intended_usage": "assets", "unified_assets_block": {"assets": [{"uuid": "%s", \
                "asset_type": "CHART", "title": "示例图", "created_at": "2035", "chart": {"url": "%s", \
                "filename": "示例图.png", "final": true}}]}}]}], "background_entries": []}"""
                .formatted(THREAD, ASSET, BLOCKS_URL));
    }

    private TestClient start(String faults) throws IOException {
        log = dir.resolve("requests.jsonl");
        return replay.start(ReplayOptions.of(dir.resolve("archive")).withRequestLog(log)
                .withFaults(FaultPlan.parse(faults)));
    }

    private TestClient proxied() {
        return TestClient.viaProxy(replay.server().baseUri());
    }

    private List<Map<String, Object>> logged() throws IOException {
        return Files.readAllLines(log, StandardCharsets.UTF_8).stream().map(l -> J.asMap(Json.parse(l))).toList();
    }

    private String freshUrl(TestClient client, String asset) {
        HttpResponse<String> r = client.get(AssetRoutes.DATA_PREFIX + asset + "/data?version=2.18&source=default");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(THREAD, TestClient.json(r).get("entry_uuid"));
        Object info = J.list(J.map(TestClient.json(r), "asset_data"), "download_info").get(0);
        return J.str(info, "url");
    }

    private static void assertXmlError(HttpResponse<String> r, int status, String code) {
        assertEquals(status, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").contains("xml"));
        assertTrue(r.body().contains("<Code>" + code + "</Code>"), r.body());
        assertEquals("*", r.headers().firstValue("Access-Control-Allow-Origin").orElse(null),
                "a browser page may read the CDN's error too");
    }

    @Test
    void blocksCarryTheSignedUrlVerbatim() throws IOException {
        TestClient client = start(null);
        HttpResponse<String> r = client.get(ReplayApi.THREAD_PREFIX + THREAD + "?" + TestClient.SCHEMATIZED);
        assertEquals(200, r.statusCode());
        assertTrue(r.body().contains("\"url\": \"" + BLOCKS_URL + "\""), r.body());
        assertEquals(Json.readObject(threadDir.resolve("raw_blocks.json")).get("entries"), TestClient.json(r).get("entries"));
    }

    @Test
    void theBlocksUrlIsServedThroughTheReplayAsProxyWithoutASession() throws IOException {
        start(null);
        HttpResponse<byte[]> r = proxied().getBytes(BLOCKS_URL);
        assertEquals(200, r.statusCode());
        assertArrayEquals(PNG, r.body());
        assertEquals("image/png", r.headers().firstValue("Content-Type").orElse(null));
        assertEquals("*", r.headers().firstValue("Access-Control-Allow-Origin").orElse(null),
                "as the platform's CDN answers its web app: a browser page of another origin may read it");

        Map<String, Object> line = logged().get(0);
        assertEquals(BLOCKS_URL, line.get("url"), "a proxied request is logged with its absolute URL");
        assertEquals(ReplayApi.CDN_HOST, line.get("host"));
        assertEquals("/" + THREAD + "/" + ASSET + "/%E7%A4%BA%E4%BE%8B%E5%9B%BE.png", line.get("path"));
        assertEquals(Boolean.FALSE, line.get("cookie"));
        assertEquals(List.of(), line.get("session_headers"));
        assertTrue(J.list(line, "headers").contains("host"), "header names are logged: " + line);
    }

    @Test
    void theSamePathUnderCdnOnTheReplayServesTheSameBytes() throws IOException {
        TestClient client = start(null).withoutCookie();
        HttpResponse<byte[]> r = client.getBytes("/cdn" + URI.create(BLOCKS_URL).getRawPath() + "?x=1");
        assertEquals(200, r.statusCode());
        assertArrayEquals(PNG, r.body());
        assertNull(logged().get(0).get("url"), "a direct request has no absolute URL");
    }

    @Test
    void assetDataSignsAFreshUrlOnTheCdnHostThatWorks() throws IOException {
        TestClient client = start(null);
        String fresh = freshUrl(client, ASSET);
        assertTrue(fresh.startsWith("http://" + ReplayApi.CDN_HOST + "/" + THREAD + "/" + ASSET + "/"), fresh);
        assertTrue(URI.create(fresh).getRawPath().endsWith(".png"), "the file's own extension: " + fresh);
        assertNotEquals(URI.create(BLOCKS_URL).getRawQuery(), URI.create(fresh).getRawQuery());
        HttpResponse<byte[]> r = proxied().getBytes(fresh);
        assertEquals(200, r.statusCode());
        assertArrayEquals(PNG, r.body());
    }

    @Test
    void anyCookieOrSessionHeaderIsRefusedWith400AndOnlyItsNameIsLogged() throws IOException {
        TestClient direct = start(null).withoutCookie();
        String cdnPath = "/cdn" + URI.create(BLOCKS_URL).getRawPath();
        List<List<String>> headers = List.of(
                List.of("Cookie", "__Secure-next-auth.session-token=s3cr3t-1"),
                List.of("Authorization", "Bearer s3cr3t-2"),
                List.of("X-Perplexity-Request-Reason", "s3cr3t-3"),
                List.of("x-app-apiversion", "s3cr3t-4"),
                List.of("sec-ch-ua", "\"Chromium\";v=\"s3cr3t-5\""));
        for (List<String> h : headers) {
            assertXmlError(proxied().get(BLOCKS_URL, h.get(0), h.get(1)), 400, "InvalidRequest");
            assertXmlError(direct.get(cdnPath, h.get(0), h.get(1)), 400, "InvalidRequest");
        }
        String text = Files.readString(log, StandardCharsets.UTF_8);
        assertFalse(text.contains("s3cr3t"), "no header value reaches the log");
        List<Map<String, Object>> lines = logged();
        assertEquals(10, lines.size());
        for (int i = 0; i < headers.size(); i++) {
            String name = headers.get(i).get(0).toLowerCase(java.util.Locale.ROOT);
            assertEquals(List.of(name), lines.get(2 * i).get("session_headers"));
            assertEquals(List.of(name), lines.get(2 * i + 1).get("session_headers"));
        }
        assertEquals(List.of("__Secure-next-auth.session-token"), lines.get(0).get("cookie_names"));
    }

    @Test
    void urlExpiredRefusesTheBlocksUrlAndAFreshOneFromAssetDataWorks() throws IOException {
        TestClient client = start("url-expired:" + ASSET);
        HttpResponse<String> expired = proxied().get(BLOCKS_URL);
        assertXmlError(expired, 403, "AccessDenied");
        assertXmlError(client.withoutCookie().get("/cdn" + URI.create(BLOCKS_URL).getRawPath()), 403, "AccessDenied");

        String fresh = freshUrl(replay.client(), ASSET);
        HttpResponse<byte[]> ok = proxied().getBytes(fresh);
        assertEquals(200, ok.statusCode());
        assertArrayEquals(PNG, ok.body());
        assertXmlError(proxied().get(fresh.replace("Signature=", "Signature=x")), 403, "AccessDenied");
    }

    @Test
    void assetGoneIsNotFoundAtAssetDataAndRefusedAtTheCdn() throws IOException {
        TestClient client = start("asset-gone:" + ASSET);
        HttpResponse<String> data = client.get(AssetRoutes.DATA_PREFIX + ASSET + "/data?version=2.18&source=default");
        assertEquals(404, data.statusCode());
        assertEquals(Map.of("error_code", "ASSET_NOT_FOUND"), TestClient.json(data));
        assertXmlError(proxied().get(BLOCKS_URL), 403, "AccessDenied");
        assertXmlError(proxied().get(AssetRoutes.freshUrl(THREAD, ASSET, "示例图.png")), 403, "AccessDenied");
    }

    @Test
    void theProxyServesNoOtherHostAndTreatsItsOwnAddressAsDirect() throws IOException {
        start(null);
        HttpResponse<String> other = proxied().get("http://example.org/" + THREAD + "/" + ASSET + "/x.png");
        assertEquals(502, other.statusCode());
        assertEquals(Map.of("error_code", "PROXY_HOST_NOT_SERVED"), TestClient.json(other));
        // the proxied client also sends API calls to the replay's own address in absolute form
        HttpResponse<String> session = proxied().get(ReplayApi.SESSION_PATH);
        assertEquals(200, session.statusCode(), session.body());
        assertEquals(replay.server().baseUri() + ReplayApi.SESSION_PATH, logged().get(1).get("url"));
    }

    @Test
    void unknownUndownloadedEscapingAndWorkspaceAssetsAreNotFound() throws IOException {
        TestClient client = start(null);
        for (String asset : new String[] {"nope", "never-downloaded", "escapes", "toolu_01abc"}) {
            HttpResponse<String> r = client.get(AssetRoutes.DATA_PREFIX + asset + "/data?version=2.18&source=default");
            assertEquals(404, r.statusCode(), asset);
            assertEquals("ASSET_NOT_FOUND", TestClient.json(r).get("error_code"), asset);
        }
        assertXmlError(client.withoutCookie().get("/cdn/" + THREAD + "/escapes/secret.txt"), 404, "NoSuchKey");
        assertXmlError(proxied().get("http://" + ReplayApi.CDN_HOST + "/" + THREAD + "/nope/x.png"), 404, "NoSuchKey");
    }
}
