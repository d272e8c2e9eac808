package io.github.pplxexport.routes;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.github.pplxexport.testkit.RawThreads;
import io.github.pplxexport.export.AssetWork;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.apache.camel.Exchange;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The asset step on its own (export-assets → thread-assets → download-asset), WireMock as the CDN: the signed URL
 * goes out exactly as the blocks wrote it (its query too) with no cookie and no session header; the file is
 * named by the bytes; an inline diff is written without a download; a workspace handle is listed with
 * no_download_channel; a CDN 500 is retried, then dead-lettered once, and the exchange does not fail.
 */
class DownloadAssetTest extends RouteTestSupport {
    static final String THREAD = "a55e7000-0000-4000-8000-000000000001";
    static final String QUERY = "Expires=1797292800&Signature=ab~cd-EF_gh%2Bij&Key-Pair-Id=APKA";
    static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13};

    private Path dir() throws Exception {
        return Files.createDirectories(archive().resolve("alice/computer/2026-12-05_t_a55e7000"));
    }

    private AssetStep conversation(String cdnPath) {
        String url = "http://127.0.0.1:" + api.port() + cdnPath + "?" + QUERY;
        String blocks = """
                {"entries": [{"uuid": "e1", "blocks": [{"unified_assets_block": {"assets": [
                  {"uuid": "a1000000-png", "asset_type": "CHART", "created_at": "100",
                   "chart": {"url": "%s", "name": "Weekly chart"}},
                  {"uuid": "a2000000-diff", "asset_type": "ASSET_DIFF", "asset_diff": {"title": "Fix the total",
                   "files": [{"filename": "budget.py", "lines": [{"kind": "REMOVE", "text": "total = 0"},
                   {"kind": "ADD", "text": "total = sum(rows)"}]}]}},
                  {"uuid": "a3000000-handle", "asset_type": "CODE_FILE", "title": "scratch.py",
                   "preview_info": [{"file_handle": "fh-1"}]}]}}]}]}""".formatted(url);
        return new AssetStep(RawThreads.identified(THREAD, "t", List.of()), J.asMap(Json.parse(blocks)));
    }

    /** What export-thread holds when the asset step runs. */
    private record AssetStep(io.github.pplxexport.conversation.Conversation thread, Map<String, Object> rawBlocks) {
    }

    private Exchange exportAssets(AssetStep c, Path dir) {
        return template.send("direct:export-assets", e -> {
            e.setVariable("conversation", c.thread());
            e.setVariable("rawBlocks", c.rawBlocks());
            e.setVariable("threadDir", dir);
        });
    }

    @Test
    void theSignedUrlAsItIsWithoutCookieThenInlineFilesAndTheManifest() throws Exception {
        api.stubFor(get(urlPathEqualTo("/cdn/w/a1/chart")).willReturn(aResponse().withStatus(200).withBody(PNG)));
        Path dir = dir();

        Exchange done = exportAssets(conversation("/cdn/w/a1/chart"), dir);

        assertNull(done.getException());
        List<LoggedRequest> cdn = api.findAll(getRequestedFor(urlPathEqualTo("/cdn/w/a1/chart")));
        assertEquals(1, cdn.size());
        // as signed; camel-http percent-encodes the one character it deems unsafe, '~' (RFC 3986: the same URI)
        assertEquals("/cdn/w/a1/chart?" + QUERY.replace("~", "%7E"), cdn.get(0).getUrl(), "path and query as signed");
        assertEquals("ab~cd-EF_gh+ij", cdn.get(0).queryParameter("Signature").firstValue());
        for (String header : cdn.get(0).getHeaders().keys()) {
            String h = header.toLowerCase(java.util.Locale.ROOT);
            assertFalse(h.equals("cookie") || h.equals("authorization") || h.startsWith("x-") || h.startsWith("sec-ch-ua")
                    || h.startsWith("camel"), "no session or leftover header to the CDN: " + header);
        }
        assertArrayEquals(PNG, Files.readAllBytes(dir.resolve("assets/files/Weekly_chart.png")), "extension from the bytes");
        String diff = Files.readString(dir.resolve("assets/files/budget.py.diff.md"), StandardCharsets.UTF_8);
        assertEquals("# Fix the total\n\n```diff\n--- a/budget.py\n+++ b/budget.py\n-total = 0\n+total = sum(rows)\n```\n", diff);
        Map<String, Object> manifest = Json.readObject(dir.resolve("assets/assets_manifest.json"));
        assertEquals(2, ((Number) manifest.get("count")).intValue(), "the chart and the handle; the inline diff is no version");
        Map<String, Object> handle = J.asMap(J.list(J.list(manifest, "files").get(1), "versions").get(0));
        assertEquals(Boolean.TRUE, handle.get("no_download_channel"), handle.toString());
        AssetWork work = done.getMessage().getBody(AssetWork.class);
        assertEquals(1, work.downloaded());
        try (var files = Files.list(dir.resolve("assets/files"))) {
            assertEquals(2, files.count(), "no temp file left");
        }
    }

    @Test
    void aCdnFailureIsDeadLetteredOnceAndTheStepGoesOn() throws Exception {
        api.stubFor(get(urlPathEqualTo("/cdn/w/a1/chart")).willReturn(aResponse().withStatus(500).withBody("<Error><Code>InternalError</Code></Error>")));
        Path dir = dir();

        Exchange done = exportAssets(conversation("/cdn/w/a1/chart"), dir);

        assertNull(done.getException(), "the thread's export goes on");
        assertEquals(3, api.findAll(getRequestedFor(urlPathEqualTo("/cdn/w/a1/chart"))).size(),
                "retried in the run (pplx.asset.retry.*), then dead-lettered");
        List<String> dead = Files.readAllLines(archive().resolve("index/dead_letters.jsonl"), StandardCharsets.UTF_8);
        assertEquals(1, dead.size(), dead.toString());
        Map<String, Object> letter = J.asMap(Json.parse(dead.get(0)));
        assertEquals("asset", letter.get("kind"));
        assertEquals(THREAD, letter.get("web_uuid"));
        assertEquals("a1000000-png", letter.get("asset_uuid"));
        assertEquals(500, ((Number) letter.get("status")).intValue());
        assertEquals("InternalError", letter.get("error_code"));
        assertTrue(Files.isRegularFile(dir.resolve("assets/files/budget.py.diff.md")), "the inline file is still written");
        Map<String, Object> chart = J.asMap(J.list(J.list(Json.readObject(dir.resolve("assets/assets_manifest.json")),
                "files").get(0), "versions").get(0));
        assertEquals("", chart.get("downloaded_to"), "listed without a file, for the next batch");
        assertTrue(logLines().stream().anyMatch(l -> l.contains("Weekly chart v1: ") && l.contains("HTTP 500")), logLines().toString());
    }
}
