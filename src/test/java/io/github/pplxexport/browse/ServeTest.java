package io.github.pplxexport.browse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The serve pipeline over HTTP on 127.0.0.1: pages, search, the JSON API, and what it refuses. */
class ServeTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String TOKEN = "a-token-of-24-characters";

    @TempDir
    static java.nio.file.Path tmp;
    static SampleServer server;

    @BeforeAll
    static void start() throws IOException {
        server = new SampleServer(tmp, Map.of("pplx.serve.token", TOKEN));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static String q(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    static JsonNode json(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = server.get(path);
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return JSON.readTree(r.body());
    }

    @Test
    void theLibraryListsEverySampleThreadNewestFirst() throws Exception {
        JsonNode all = json("/api/threads");
        assertEquals(10, all.get("total").asInt(), "9 sample threads and the hostile one");
        HttpResponse<String> page = server.get("/");
        assertEquals(200, page.statusCode());
        for (JsonNode t : all.get("threads")) {
            if (!t.get("account").asText().equals("mallory")) {
                assertTrue(page.body().contains(Html.esc(t.get("title").asText())), t.get("title").asText());
            }
        }
        JsonNode council = json("/api/threads?mode=council");
        assertEquals(1, council.get("total").asInt());
        assertEquals("dbe66582", council.get("threads").get(0).get("uuid").asText().substring(0, 8));
    }

    @Test
    void chineseAndEnglishQueriesFindTheirThreadFirst() throws Exception {
        assertEquals("f51cae28", first("西湖周边徒步"));
        assertEquals("8137cd4b", first("Rust 所有权"));
        assertEquals("11d645e5", first("\"log-sum-exp trick\""));
        assertEquals("b2a69fad", first("etag"));
        HttpResponse<String> page = server.get("/search?q=" + q("西湖"));
        assertTrue(page.body().contains("<mark>西湖</mark>"), "marked in the page");
        JsonNode facetted = json("/api/search?q=csv&account=bob");
        for (JsonNode t : facetted.get("threads")) {
            assertEquals("bob", t.get("account").asText());
        }
    }

    static String first(String query) throws Exception {
        JsonNode r = json("/api/search?q=" + q(query));
        assertTrue(r.get("total").asInt() > 0, query);
        return r.get("threads").get(0).get("uuid").asText().substring(0, 8);
    }

    @Test
    void theReportAndTheAssetsAreReachableFromTheirThreadPages() throws Exception {
        String bloom = json("/api/search?q=" + q("bloom filter")).get("threads").get(0).get("url").asText();
        HttpResponse<String> page = server.get(bloom);
        Matcher report = Pattern.compile("href=\"(/t/[^\"]+/report\\.md[^\"]*)\"").matcher(page.body());
        assertTrue(report.find(), page.body());
        HttpResponse<String> reportPage = server.get(report.group(1).replace("&amp;", "&"));
        assertEquals(200, reportPage.statusCode());
        assertTrue(reportPage.body().contains("class=\"math"), "the report's math is marked for KaTeX");

        String budget = json("/api/search?q=" + q("budget tracker")).get("threads").get(0).get("url").asText();
        HttpResponse<String> budgetPage = server.get(budget);
        Matcher assets = Pattern.compile("class=\"asset\" href=\"([^\"]+)\"").matcher(budgetPage.body());
        List<String> links = assets.results().map(m -> m.group(1).replace("&amp;", "&")).toList();
        assertEquals(3, links.size(), budgetPage.body());
        for (String link : links) {
            HttpResponse<String> a = server.get(link);
            assertEquals(200, a.statusCode(), link);
            assertTrue(a.headers().firstValue("Content-Security-Policy").orElse("").contains("sandbox"));
        }
        HttpResponse<String> csv = server.get(links.stream().filter(l -> l.contains("budget_v2.csv")).findFirst().orElseThrow());
        assertTrue(csv.body().contains(","), csv.body());
    }

    @Test
    void threadPagesCarryTurnAnchorsDetailsSourcesAndRelations() throws Exception {
        String coffee = json("/api/search?q=" + q("咖啡豆")).get("threads").get(0).get("url").asText();
        String body = server.get(coffee).body();
        assertTrue(body.contains("id=\"turn-1\""), "turn anchors");
        assertTrue(body.contains("<details><summary>"), "the renderer's details blocks stay details");
        String etagsUuid = json("/api/search?q=etag").get("threads").get(0).get("uuid").asText();
        JsonNode etags = json("/api/threads/" + etagsUuid);
        assertEquals("alice", etags.get("account").asText());
        assertTrue(etags.get("conversation_md").asText().startsWith("# How do HTTP ETags work"), etags.toString());
        assertTrue(etags.get("answer_variants").asInt() > 0);
        List<String> sourceKeys = new ArrayList<>();
        etags.get("sources").get(0).fieldNames().forEachRemaining(sourceKeys::add);
        assertEquals(List.of("name", "url", "snippet"), sourceKeys, "a source's keys in sources.json's order, every run");
        String softmax = json("/api/search?q=softmax").get("threads").get(0).get("url").asText();
        String softmaxPage = server.get(softmax).body();
        assertTrue(softmaxPage.contains("class=\"sources\""));
        assertTrue(softmaxPage.contains("rel=\"noopener noreferrer nofollow\""));
        assertTrue(softmaxPage.contains("math math-display"));
    }

    @Test
    void pathsNeverLeaveTheArchive() throws Exception {
        String t = "/t/" + SampleServer.HOSTILE_UUID;
        for (String path : List.of("/t/../../etc/passwd", "/t/%2e%2e/%2e%2e/etc/passwd", t + "/..%2F..%2F..%2F..%2Fetc%2Fpasswd",
                t + "/%2E%2E/%2E%2E/%2E%2E/%2E%2E/etc/passwd", t + "/assets/files/passwd", t + "/assets/files/..%5C..%5Cthread.json",
                t + "/%00", "/t/not-a-uuid/thread.json", "/static/..%2F..%2Fpom.xml", "/static/katex/..%2F..%2FLICENSE",
                "/api/threads/..%2F..%2Fetc%2Fpasswd")) {
            HttpResponse<String> r = server.get(path);
            assertEquals(404, r.statusCode(), path);
            assertFalse(r.body().contains("root:"), path);
        }
        assertEquals(200, server.get(t + "/thread.json").statusCode(), "the thread's own files are served");
    }

    @Test
    void untrustedTextIsEscapedAndNothingRuns() throws Exception {
        HttpResponse<String> r = server.get("/t/" + SampleServer.HOSTILE_UUID);
        String body = r.body();
        assertEquals(200, r.statusCode());
        assertFalse(body.contains("<script>window"), "no script element from the archive");
        assertFalse(body.contains("<img src=x"), "no raw img");
        assertFalse(body.contains("<iframe src="), "no frame of the archive's text");
        assertEquals(body.split("<iframe", -1).length, body.split("<iframe sandbox ", -1).length, "frames: the app's sandboxed ones only");
        assertFalse(body.contains("href=\"javascript:"), "no javascript: link");
        assertTrue(body.contains("&lt;script&gt;window.pwned"), "shown as text");
        assertTrue(body.contains("<details><summary>Steps &lt;img"), "the summary's text escaped");
        String csp = r.headers().firstValue("Content-Security-Policy").orElseThrow();
        assertTrue(csp.contains("script-src 'self'") && !csp.contains("unsafe"), csp);
        HttpResponse<String> asset = server.get("/t/" + SampleServer.HOSTILE_UUID + "/assets/files/page.html");
        assertTrue(asset.headers().firstValue("Content-Type").orElseThrow().startsWith("text/plain"), "an HTML asset is text");
        assertTrue(server.get("/search?q=" + q("<script>")).body().contains("&lt;script&gt;"));
    }

    @Test
    void productsGoToTheirFrameViewerAndHighlighterWithPoliciesOfTheirOwn() throws Exception {
        java.nio.file.Path files = server.archive.resolve(SampleServer.HOSTILE_DIR).resolve("assets/files");
        java.nio.file.Files.writeString(files.resolve("framed.html"), "<script>alert(1)</script>");
        java.nio.file.Files.write(files.resolve("doc.pdf"), "%PDF-1.4\n".getBytes(StandardCharsets.US_ASCII));
        String t = "/t/" + SampleServer.HOSTILE_UUID;
        String page = server.get(t).body();
        assertTrue(page.contains("<iframe sandbox class=\"product-html\" title=\"framed.html\""), page);
        assertTrue(server.get(t).headers().firstValue("Content-Security-Policy").orElseThrow().contains("frame-src 'self'"));

        HttpResponse<String> framed = server.get(t + "/assets/files/framed.html?frame=1");
        assertEquals("text/html; charset=utf-8", framed.headers().firstValue("Content-Type").orElseThrow());
        String policy = framed.headers().firstValue("Content-Security-Policy").orElseThrow();
        assertTrue(policy.contains("sandbox") && !policy.contains("allow-") && policy.contains("default-src 'none'")
                && !policy.contains("script-src"), policy);
        assertEquals("SAMEORIGIN", framed.headers().firstValue("X-Frame-Options").orElseThrow());
        assertTrue(server.get(t + "/assets/files/framed.html").headers().firstValue("Content-Type").orElseThrow().startsWith("text/plain"),
                "opened by its link, an HTML product stays text");
        assertTrue(server.get(t + "/assets/files/framed.html?frame=1&download=1").headers().firstValue("Content-Disposition")
                .orElseThrow().startsWith("attachment"));

        HttpResponse<String> pdf = server.get(t + "/assets/files/doc.pdf");
        assertEquals("application/pdf", pdf.headers().firstValue("Content-Type").orElseThrow());
        assertTrue(pdf.headers().firstValue("Content-Security-Policy").orElseThrow().contains("sandbox"), "the viewer opens it sandboxed");

        HttpResponse<String> js = server.get("/static/hljs/highlight.min.js");
        assertEquals(200, js.statusCode());
        assertTrue(js.body().contains("highlightElement"), "highlight.js from its WebJar");
        assertEquals(200, server.get("/static/hljs/github.min.css").statusCode());
        assertEquals(404, server.get("/static/hljs/languages/python.min.js").statusCode(), "nothing else of the WebJar");
    }

    @Test
    void aTokenIsRequiredOnceItIsSet() throws Exception {
        assertEquals(401, server.get("/", Map.of()).statusCode(), "no token");
        assertEquals(401, server.get("/api/search?q=x", Map.of(Access.HEADER, "wrong-token-of-24-chars!")).statusCode());
        assertEquals(401, server.get("/static/app.css", Map.of()).statusCode());
        HttpResponse<String> once = server.get("/?token=" + TOKEN, Map.of());
        assertEquals(200, once.statusCode());
        String cookie = once.headers().firstValue("Set-Cookie").orElseThrow();
        assertTrue(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), cookie);
        assertEquals(200, server.get("/search?q=csv", Map.of("Cookie", cookie.split(";")[0])).statusCode(), "then the cookie");
        assertEquals(null, Access.refusal("127.0.0.1", ""));
        assertTrue(Access.refusal("0.0.0.0", "").contains("needs --token"));
        assertTrue(Access.refusal("192.168.1.5", null).contains("needs --token"));
        assertEquals(null, Access.refusal("0.0.0.0", TOKEN));
        assertTrue(Access.refusal("0.0.0.0", "short").contains("16"));
        assertEquals(2, io.github.pplxexport.cli.PplxExportCli.execute("serve", "--out", server.archive.toString(), "--host", "0.0.0.0"),
                "refused before anything listens");
        assertEquals(2, io.github.pplxexport.cli.PplxExportCli.execute("serve", "--out", server.archive.toString(), "--port",
                String.valueOf(server.port)), "a port in use is one line and exit 2");
    }

    @Test
    void whatAnotherProcessWritesIsServedWhileServeRuns() throws Exception {
        java.nio.file.Path etags;
        try (var found = java.nio.file.Files.find(server.archive, 3, (p, a) -> p.getFileName().toString().endsWith("_b2a69fad"))) {
            etags = found.findFirst().orElseThrow();
        }
        java.nio.file.Path raw = etags.resolve("raw_entries.json");
        java.nio.file.Files.writeString(raw, java.nio.file.Files.readString(raw).replace("opaque version identifier",
                "opaque axolotlwombat identifier"));
        // a re-render in another JVM, beside the serve: its index step writes (the write lock is free), serve reads
        var result = io.github.pplxexport.testkit.ChildJvm.run(server.archive.getParent(), "re-render", "--out", server.archive.toString());
        assertEquals(0, result.exit(), result.toString());
        Thread.sleep(600); // past the readers' refresh interval
        assertEquals("b2a69fad", first("axolotlwombat"));
    }

    @Test
    void readOnly() throws Exception {
        var req = java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.base() + "/"))
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("x")).build();
        int status = java.net.http.HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.discarding()).statusCode();
        assertTrue(status == 405 || status == 404, "POST: " + status);
    }
}
