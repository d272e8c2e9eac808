package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The set-up the demo and the pipeline tests use: camel-http with the replay as its HTTP proxy
 * ({@code camel.component.http.proxy-host/port}) and {@code non-proxy-hosts=127.0.0.1,localhost}, so the
 * sample CDN's URLs go through the replay's proxy while API calls go to it directly.
 */
class CamelHttpProxyTest {
    private static final String THREAD = TestArchive.uuid(1);
    private static final String ASSET = "a-77";
    private static final byte[] PDF = "%PDF-1.7 replay".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path dir;

    @Test
    void camelHttpFetchesTheCdnThroughTheReplayAndTheApiDirectly() throws Exception {
        Path t = new TestArchive(dir.resolve("archive")).thread(THREAD).write();
        Files.createDirectories(t.resolve("assets/files"));
        Files.write(t.resolve("assets/files/report.pdf"), PDF);
        TestArchive.writeFile(t.resolve("assets/assets_manifest.json"), "{\"count\": 1, \"files\": [{\"filename\": \"report\","
                + " \"n_versions\": 1, \"versions\": [{\"uuid\": \"" + ASSET + "\", \"asset_type\": \"PDF_FILE\","
                + " \"version\": \"v1\", \"created_at\": null, \"downloaded_to\": \"assets/files/report.pdf\"}]}]}");
        Path log = dir.resolve("requests.jsonl");
        String cdnUrl = "http://" + ReplayApi.CDN_HOST + "/" + THREAD + "/" + ASSET + "/report.pdf?Expires=1&Signature=s";

        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(dir.resolve("archive")).withRequestLog(log))) {
            Files.createDirectories(dir.resolve("no-routes"));
            Main main = new Main();
            main.addOverrideProperty("camel.main.routes-include-pattern", "file:" + dir.resolve("no-routes") + "/*.yaml");
            main.addOverrideProperty("camel.component.http.proxy-host", "127.0.0.1");
            main.addOverrideProperty("camel.component.http.proxy-port", Integer.toString(server.port()));
            main.addOverrideProperty("camel.component.http.non-proxy-hosts", "127.0.0.1,localhost");
            main.addOverrideProperty("camel.component.http.cookie-management-disabled", "true");
            main.start();
            try {
                ProducerTemplate producer = main.getCamelContext().createProducerTemplate();
                Exchange cdn = producer.request(cdnUrl, e -> { });
                assertNull(cdn.getException());
                assertArrayEquals(PDF, cdn.getMessage().getBody(byte[].class));

                Exchange api = producer.request(server.baseUri() + ReplayApi.SESSION_PATH, e -> { });
                assertNull(api.getException());
                assertEquals(200, api.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE, Integer.class));
            } finally {
                main.stop();
            }
        }
        List<Map<String, Object>> lines = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                .map(l -> J.asMap(Json.parse(l))).toList();
        assertEquals(2, lines.size());
        assertEquals(cdnUrl, lines.get(0).get("url"), "the CDN request came in absolute form, through the proxy");
        assertEquals(200L, ((Number) lines.get(0).get("status")).longValue());
        assertNull(lines.get(1).get("url"), "the API request came directly");
        assertEquals(ReplayApi.SESSION_PATH, lines.get(1).get("path"));
    }
}
