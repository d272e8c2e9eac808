package io.github.pplxexport.pipeline;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Mode products against the replay (issue 10): bob's Deep Research thread gets its report.md and its Computer
 * thread its three files and a manifest of count 3, all byte for byte the sample's; the CDN is asked with no
 * cookie and no session header; an expired signed URL is dead-lettered, the thread stays ok, and the next run
 * re-signs it through the API and downloads it; an asset gone for good ends {@code asset_expired}; a run with
 * the files in place downloads nothing and rewrites nothing.
 */
class ModeProductsTest {
    static final String REPORT_ASSET = "1894d0a3-acbb-4438-aef9-f5fe018e695b";

    @TempDir
    Path tmp;

    private static LiveLibrary.SampleThread report() throws Exception {
        return LiveLibrary.sample("5b409cb0");
    }

    private static LiveLibrary.SampleThread computer() throws Exception {
        return LiveLibrary.sample("451dd14f");
    }

    /** The sample's file of a thread, and the exported one. */
    private static void assertSameAsSample(LiveLibrary lib, LiveLibrary.SampleThread t, String rel) throws Exception {
        Path exported = lib.out.resolve(t.dir()).resolve(rel);
        assertTrue(Files.isRegularFile(exported), rel + " of " + t.dir() + " is written");
        assertArrayEquals(Files.readAllBytes(LiveLibrary.SAMPLE.resolve(t.dir()).resolve(rel)), Files.readAllBytes(exported),
                rel + " of " + t.dir() + " byte for byte");
    }

    private static Map<String, FileTime> productTimes(LiveLibrary lib) throws Exception {
        Map<String, FileTime> m = new TreeMap<>(LiveLibrary.mtimes(lib.out));
        m.keySet().removeIf(k -> k.startsWith("index/") || k.endsWith("/thread.json"));
        return m;
    }

    @Test
    void reportAndVersionedFilesWithoutCookiesAndASecondRunDownloadsNothing() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).as("bob").serve()) {
            assertEquals(0, lib.run("sync"));

            assertSameAsSample(lib, report(), "report.md");
            assertSameAsSample(lib, report(), "assets/files/bloom_filter_sizing_report.md");
            assertSameAsSample(lib, report(), "assets/assets_manifest.json");
            String report = Files.readString(lib.out.resolve(report().dir()).resolve("report.md"));
            assertTrue(report.startsWith("# Bloom filter sizing\n\n> 产物文件: bloom_filter_sizing_report.md\n\n# Sizing"), report);
            assertTrue(report.contains("\n$$\np \\approx") && !report.contains("\\["), "math normalised: " + report);

            Map<String, Object> manifest = Json.readObject(lib.out.resolve(computer().dir()).resolve("assets/assets_manifest.json"));
            assertEquals(3, ((Number) manifest.get("count")).intValue(), "three versions");
            assertEquals(List.of("Spending by category", "budget.csv"),
                    J.list(manifest, "files").stream().map(f -> J.str(f, "filename")).toList());
            for (String f : List.of("budget_v1.csv", "budget_v2.csv", "Spending_by_category.png")) {
                assertSameAsSample(lib, computer(), "assets/files/" + f);
            }
            assertSameAsSample(lib, computer(), "assets/assets_manifest.json");
            try (var files = Files.list(lib.out.resolve(computer().dir()).resolve("assets/files"))) {
                assertEquals(3, files.count(), "the three files and nothing else (no temp file left)");
            }

            List<Map<String, Object>> cdn = lib.cdnRequests();
            assertEquals(4, cdn.size(), "one CDN request per file: " + cdn);
            for (Map<String, Object> r : cdn) {
                assertEquals(Boolean.FALSE, r.get("cookie"), "no Cookie to the CDN: " + r);
                assertEquals(List.of(), r.get("cookie_names"), r.toString());
                assertEquals(List.of(), r.get("session_headers"), "no Authorization, x-app-*, x-perplexity-*, sec-ch-ua*: " + r);
                assertEquals(200L, ((Number) r.get("status")).longValue(), r.toString());
                assertTrue(J.str(r, "url").startsWith("http://cdn.pplx-sample.invalid/"), "the signed URL as is: " + r);
                assertTrue(J.str(r, "url").contains("?Expires=1797292800&Signature="), "its query kept: " + r);
            }
            lib.requests().stream().filter(r -> !cdn.contains(r)).forEach(r ->
                    assertEquals(Boolean.TRUE, r.get("cookie"), "every API request has its cookie: " + r));
            assertFalse(Files.exists(lib.out.resolve("index/dead_letters.jsonl")), "nothing failed");

            // again, forced: every thread is fetched and written again, yet no file is downloaded or rewritten;
            // a turn file above the turn count goes, a file of another name stays
            Path turns = lib.out.resolve(computer().dir()).resolve("turns");
            Files.writeString(turns.resolve("turn_0009.md"), "stale");
            Files.writeString(turns.resolve("notes.md"), "mine");
            LiveLibrary.setAllMtimes(lib.out, LiveLibrary.OLD);
            Map<String, FileTime> before = productTimes(lib);
            before.remove(computer().dir() + "/turns/turn_0009.md");
            lib.serve();
            assertEquals(0, lib.run("sync", "--force"));
            assertEquals(5, lib.exportedUuids().size(), "bob's five threads were exported again");
            assertEquals(List.of(), lib.cdnRequests(), "nothing downloaded twice");
            assertFalse(Files.exists(turns.resolve("turn_0009.md")), "a stale turn file is removed");
            assertEquals(before, productTimes(lib), "products unchanged: not written, mtimes kept (notes.md too)");
        }
    }

    @Test
    void anErrorPageAnEarlierVersionSavedAsTheFileIsDownloadedAgainAndSaidOnce() throws Throwable {
        try (LiveLibrary lib = LiveLibrary.of(tmp).as("bob").serve()) {
            assertEquals(0, lib.run("sync"));
            Path damaged = lib.out.resolve(computer().dir()).resolve("assets/files/budget_v1.csv");
            // what the operator found: the replay's malformed answer saved as the user's CSV
            Files.writeString(damaged, "<html><body>replay: this 200 answer is not JSON</body></html>");
            // an earlier version wrote the archive: no list of the threads with assets left to download, so the
            // next batch looks at every manifest once (a later run reads that list only)
            Files.delete(lib.out.resolve("index/assets_pending.json"));

            List<String> said = logged(() -> assertEquals(0, lib.serve().run("sync"), "healed in the next run"));

            assertSameAsSample(lib, computer(), "assets/files/budget_v1.csv");
            assertSameAsSample(lib, computer(), "assets/assets_manifest.json");
            assertEquals(1, lib.cdnRequests().size(), "only the damaged version is downloaded again: " + lib.cdnRequests());
            assertTrue(lib.exportedUuids().isEmpty(), "the thread itself is up to date: " + lib.exportedUuids());
            assertEquals(List.of("[assets] 451dd14f assets/files/budget_v1.csv: an HTML page instead of the file (61 bytes),"
                    + " not the asset; downloading it again"), said.stream().filter(l -> l.contains("budget_v1.csv")).toList(),
                    "said once");

            List<String> again = logged(() -> assertEquals(0, lib.serve().run("sync")));
            assertEquals(List.of(), lib.cdnRequests(), "done: nothing downloaded again");
            assertEquals(List.of(), again.stream().filter(l -> l.contains("budget_v1.csv")).toList(), "and nothing said");
        }
    }

    /** What {@code status} prints for the archive (offline: no cookies, no server). */
    private static String status(LiveLibrary lib, String... more) {
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
        java.io.PrintStream saved = System.out;
        System.setOut(new java.io.PrintStream(buf, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            List<String> args = new java.util.ArrayList<>(List.of("status", "--out", lib.out.toString()));
            args.addAll(List.of(more));
            assertEquals(0, io.github.pplxexport.cli.PplxExportCli.execute(args.toArray(String[]::new)));
        } finally {
            System.setOut(saved);
        }
        return buf.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static Path statusJson(LiveLibrary lib) throws Exception {
        Path f = lib.work.resolve("status.json");
        Files.writeString(f, status(lib, "--json"));
        return f;
    }

    /** The project's log lines of {@code run}. */
    private static List<String> logged(org.junit.jupiter.api.function.Executable run) throws Throwable {
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        ((Logger) LoggerFactory.getLogger("pplx")).addAppender(log);
        try {
            run.execute();
        } finally {
            ((Logger) LoggerFactory.getLogger("pplx")).detachAppender(log);
        }
        return log.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    @Test
    void anExpiredUrlIsDeadLetteredAndTheNextRunReSignsAndDownloadsIt() throws Throwable {
        try (LiveLibrary lib = LiveLibrary.of(tmp).as("bob").serve(100, "url-expired:" + REPORT_ASSET)) {
            List<String> said = logged(() -> assertEquals(1, lib.run("sync"), "exit 1: a download is left for the next run"));
            Path dir = lib.out.resolve(report().dir());
            assertEquals("ok", J.str(J.get(lib.state(), report().uuid()), "status"), "a failed download is no failed thread");
            assertTrue(said.contains("[batch] assets: 1 failed, retried by the next run (index/dead_letters.jsonl)"),
                    "the summary says so: " + said);
            Map<String, Object> pending = J.map(Json.readObject(statusJson(lib)), "dead_letters");
            assertEquals(List.of(), J.list(pending, "threads"));
            assertEquals(List.of(Map.of("dir", report().dir(), "filename", "bloom_filter_sizing_report.md", "version", "v1")),
                    J.list(pending, "assets"), "status shows the version still without a file");
            assertTrue(status(lib).endsWith("[status] dead letters (index/dead_letters.jsonl): 0 thread(s) still failing,"
                    + " 1 asset version(s) without a file (the next batch tries both again); 0 sibling link(s) not fetchable"
                    + " (not asked again)\n"), status(lib));
            assertFalse(Files.exists(dir.resolve("report.md")), "no report without its body");
            Map<String, Object> version = J.asMap(J.list(J.list(Json.readObject(dir.resolve("assets/assets_manifest.json")),
                    "files").get(0), "versions").get(0));
            assertEquals("", version.get("downloaded_to"), "recorded, without a file");
            Path pendingList = lib.out.resolve("index/assets_pending.json");
            assertEquals(List.of(report().dir()), Json.read(pendingList),
                    "the thread dir the next batch starts with, instead of reading every manifest");
            List<Map<String, Object>> dead = ErrorRoutingTest.deadLetters(lib, "asset");
            assertEquals(1, dead.size(), dead.toString());
            assertEquals(List.of("time", "kind", "web_uuid", "asset_uuid", "filename", "version", "status", "error_code",
                    "error"), List.copyOf(dead.get(0).keySet()));
            assertEquals(report().uuid(), dead.get(0).get("web_uuid"));
            assertEquals(REPORT_ASSET, dead.get(0).get("asset_uuid"));
            assertEquals(403, ((Number) dead.get(0).get("status")).intValue());
            assertEquals("AccessDenied", dead.get(0).get("error_code"));
            assertEquals(List.of(), lib.requests().stream().filter(r -> J.str(r, "path").startsWith("/rest/assets/")).toList(),
                    "not re-signed within the run");

            lib.serve(100, "url-expired:" + REPORT_ASSET);
            assertEquals(0, lib.run("sync"));
            List<Map<String, Object>> resign = lib.requests().stream()
                    .filter(r -> J.str(r, "path").equals("/rest/assets/" + REPORT_ASSET + "/data")).toList();
            assertEquals(1, resign.size(), "re-signed once through the API: " + lib.requests());
            assertEquals(Boolean.TRUE, resign.get(0).get("cookie"), "an API call, with the cookie");
            List<Map<String, Object>> cdn = lib.cdnRequests();
            assertEquals(1, cdn.size(), cdn.toString());
            assertTrue(J.str(cdn.get(0), "url").contains("Key-Pair-Id=APKAREPLAYSIGNER"), "the fresh URL: " + cdn);
            assertEquals(200L, ((Number) cdn.get(0).get("status")).longValue());
            assertEquals(Boolean.FALSE, cdn.get(0).get("cookie"));
            assertTrue(lib.exportedUuids().isEmpty(), "no thread was exported again: " + lib.exportedUuids());
            assertSameAsSample(lib, report(), "assets/files/bloom_filter_sizing_report.md");
            assertSameAsSample(lib, report(), "assets/assets_manifest.json");
            assertSameAsSample(lib, report(), "report.md");
            assertEquals(List.of(), J.list(J.map(Json.readObject(statusJson(lib)), "dead_letters"), "assets"),
                    "nothing pending once downloaded, though the letter stays in the file");
            assertEquals(List.of(), Json.read(pendingList), "and the dir is off the list");

            lib.serve(100, "url-expired:" + REPORT_ASSET);
            assertEquals(0, lib.run("sync"));
            assertEquals(List.of(), lib.requests().stream().filter(r -> J.str(r, "path").startsWith("/rest/assets/")
                    || lib.cdnRequests().contains(r)).toList(), "done: nothing asked again");
        }
    }

    @Test
    void anAssetGoneForGoodIsMarkedExpiredAndNotAskedAgain() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).as("bob").serve(100, "asset-gone:" + REPORT_ASSET)) {
            assertEquals(1, lib.run("sync"), "a 403: the next run re-signs it");
            lib.serve(100, "asset-gone:" + REPORT_ASSET);
            assertEquals(0, lib.run("sync"), "gone for good is no failure left for a run");
            Path dir = lib.out.resolve(report().dir());
            Map<String, Object> version = J.asMap(J.list(J.list(Json.readObject(dir.resolve("assets/assets_manifest.json")),
                    "files").get(0), "versions").get(0));
            assertEquals(Boolean.TRUE, version.get("asset_expired"), version.toString());
            assertEquals("", version.get("downloaded_to"));
            List<Map<String, Object>> dead = ErrorRoutingTest.deadLetters(lib, "asset");
            assertEquals(1, dead.size(), "one line per failed item: the 403's, replaced by the 404 of re-signing: " + dead);
            assertEquals(404, ((Number) dead.get(0).get("status")).intValue());
            assertEquals("ASSET_NOT_FOUND", dead.get(0).get("error_code"));

            lib.serve(100, "asset-gone:" + REPORT_ASSET);
            assertEquals(0, lib.run("sync"));
            assertEquals(List.of(), lib.requests().stream().filter(r -> J.str(r, "path").startsWith("/rest/assets/")).toList(),
                    "terminal: never re-signed again");
            assertEquals(1, ErrorRoutingTest.deadLetters(lib, "asset").size(), "still one line: gone for good");
        }
    }
}
