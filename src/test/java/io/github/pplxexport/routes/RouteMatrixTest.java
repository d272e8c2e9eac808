package io.github.pplxexport.routes;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.matching.RequestPatternBuilder;
import io.github.pplxexport.export.AssetWork;
import io.github.pplxexport.export.BatchOptions;
import io.github.pplxexport.export.BatchRun;
import io.github.pplxexport.export.ExportRequest;
import io.github.pplxexport.export.RunState;
import io.github.pplxexport.export.ThreadAssets;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.testkit.RawThreads;
import org.apache.camel.Exchange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The failure policy as a matrix, WireMock playing the API and the CDN: every request kind {thread, blocks, sibling
 * probe, asset re-signing, CDN download} under every fault shape {429, 503, truncated 200, HTML 200, malformed 200,
 * connection reset, slow beyond the timeout}, each fault on every attempt. For each cell: the documented outcome
 * (how many attempts, the thread's state, no file written), exactly one dead letter about the item the request was
 * for, and nothing in the log from the failure handling itself (Camel's "while trying to handle").
 */
class RouteMatrixTest extends RouteTestSupport {
    private static final Path SAMPLE = Paths.get("archive-sample");
    /** The answer-variant sibling of the sample's alice/search/…_b2a69fad. */
    private static final String SIBLING = "e1811fb2-9029-4875-b5c5-df3a41767530";
    private static final String SLOW_MS = "400";

    enum Kind { THREAD, BLOCKS, SIBLING, RESIGN, CDN }

    enum Shape {
        RATE_LIMITED(429), UNAVAILABLE(503), TRUNCATED(null), HTML(200), MALFORMED(200), RESET(null), SLOW(null);

        private final Integer status;

        Shape(Integer status) {
            this.status = status;
        }

        /** The dead letter's status: the answer's; null when none came, or when JSON could not be read from it. */
        Integer status(Kind kind) {
            return this == MALFORMED && kind != Kind.CDN ? null : status;
        }

        /** Sent again: 429, 5xx and no answer everywhere; a page or an unreadable body only on the CDN. */
        boolean retried(Kind kind) {
            return kind == Kind.CDN || !(this == HTML || this == MALFORMED);
        }
    }

    private final ListAppender<ILoggingEvent> everything = new ListAppender<>();
    private int cell;

    @Override
    Properties properties() {
        Properties p = new Properties();
        // "slow beyond the timeout": the fault answers after 1.5 s
        p.put("camel.component.http.response-timeout", SLOW_MS);
        p.put("camel.component.http.so-timeout", SLOW_MS);
        return p;
    }

    @Test
    void everyRequestKindUnderEveryFaultShapeEndsInItsOneDeadLetter() throws Exception {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        everything.start();
        root.addAppender(everything);
        try {
            // the API has answered once (the session check): no cell is the first request of a run
            api.stubFor(get(urlPathEqualTo("/api/auth/session"))
                    .willReturn(okJson("{\"user\": {\"email\": \"alice@example.com\", \"username\": \"alice\"}}")));
            assertEquals("alice", checkSessionOnceAnswered());

            List<Executable> cells = new ArrayList<>();
            for (Kind kind : Kind.values()) {
                for (Shape shape : Shape.values()) {
                    cells.add(() -> cell(kind, shape));
                }
            }
            cells.add(() -> assertEquals(List.of(), everything.list.stream()
                    .filter(e -> e.getFormattedMessage().contains("while trying to handle")
                            || (e.getLoggerName().startsWith("org.apache.camel") && e.getLevel().isGreaterOrEqual(Level.WARN)))
                    .map(e -> e.getLoggerName() + ": " + e.getFormattedMessage()).toList(),
                    "nothing from the failure handling itself"));
            assertAll(cells);
        } finally {
            root.detachAppender(everything);
        }
    }

    /** One cell: a fresh thread (its own uuid), the fault on every attempt, then the outcome. */
    private void cell(Kind kind, Shape shape) throws Exception {
        api.resetAll();
        String name = kind + " x " + shape;
        String uuid = String.format(Locale.ROOT, "c%07x-0000-4000-8000-%012x", ++cell, cell);
        int lettersBefore = letters().size();   // a RESIGN cell counts after writing its earlier letter
        RunState run = context.getRegistry().lookupByNameAndType("batchRun", BatchRun.class)
                .start(new BatchOptions("alice", false, false, 0, null));
        RequestPatternBuilder faulted;
        switch (kind) {
            case THREAD -> {
                api.stubFor(get(urlPathEqualTo("/rest/thread/" + uuid)).willReturn(fault(shape, false)));
                faulted = getRequestedFor(urlPathEqualTo("/rest/thread/" + uuid));
                exportOne(run, uuid);
            }
            case BLOCKS -> {
                String path = "/rest/thread/" + uuid;
                api.stubFor(get(urlPathEqualTo(path)).willReturn(okJson(sample("alice/computer", "8220bd65", uuid))));
                api.stubFor(get(urlPathEqualTo(path)).withQueryParam("with_schematized_response", equalTo("true"))
                        .willReturn(fault(shape, false)));
                faulted = getRequestedFor(urlPathEqualTo(path)).withQueryParam("with_schematized_response", equalTo("true"));
                exportOne(run, uuid);
            }
            case SIBLING -> {
                api.stubFor(get(urlPathEqualTo("/rest/thread/" + uuid)).willReturn(okJson(sample("alice/search", "b2a69fad", uuid))));
                api.stubFor(get(urlPathEqualTo("/rest/thread/" + SIBLING)).willReturn(fault(shape, false)));
                faulted = getRequestedFor(urlPathEqualTo("/rest/thread/" + SIBLING));
                exportOne(run, uuid);
            }
            case RESIGN -> {
                String asset = "a" + uuid.substring(1);
                api.stubFor(get(urlPathEqualTo("/rest/assets/" + asset + "/data")).willReturn(fault(shape, false)));
                faulted = getRequestedFor(urlPathEqualTo("/rest/assets/" + asset + "/data"));
                Path dir = assetThread(uuid, asset);
                lettersBefore = letters().size();
                List<AssetWork> retries = context.getRegistry().lookupByNameAndType("threadAssets", ThreadAssets.class)
                        .pending(run).stream().filter(w -> w.webUuid().equals(uuid)).toList();
                assertEquals(1, retries.size(), name + ": the dead-lettered version is pending");
                Exchange done = template.send("direct:thread-assets", e -> {
                    e.getIn().setBody(retries.get(0));
                    e.setVariable("run", run);
                });
                assertNull(done.getException(), name + ": the asset step goes on");
                assertEquals("", J.str(version(dir), "downloaded_to"), name + ": still without a file");
            }
            case CDN -> {
                String asset = "a" + uuid.substring(1);
                String path = "/cdn/" + uuid + "/budget.csv";
                api.stubFor(get(urlPathEqualTo(path)).willReturn(fault(shape, true)));
                faulted = getRequestedFor(urlPathEqualTo(path));
                Path dir = Files.createDirectories(archive().resolve("alice/computer/2026-12-05_cdn_" + uuid.substring(0, 8)));
                Map<String, Object> blocks = J.asMap(Json.parse("""
                        {"entries": [{"uuid": "e1", "blocks": [{"unified_assets_block": {"assets": [
                          {"uuid": "%s", "asset_type": "CODE_FILE", "created_at": "100",
                           "code_file": {"url": "http://127.0.0.1:%d%s?Expires=1&Signature=s", "filename": "budget.csv"}}]}}]}]}"""
                        .formatted(asset, api.port(), path)));
                Exchange done = template.send("direct:export-assets", e -> {
                    e.setVariable("conversation", RawThreads.identified(uuid, "cdn", List.of()));
                    e.setVariable("rawBlocks", blocks);
                    e.setVariable("threadDir", dir);
                    e.setVariable("run", run);
                });
                assertNull(done.getException(), name + ": the asset step goes on");
                assertEquals("", J.str(version(dir), "downloaded_to"), name + ": recorded without a file");
                try (Stream<Path> files = Files.walk(dir)) {
                    List<String> written = files.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).toList();
                    assertEquals(List.of("assets/assets_manifest.json"), written, name + ": no file, no temp file");
                }
            }
            default -> throw new IllegalStateException(kind.toString());
        }

        int attempts = shape.retried(kind) ? 3 : 1;
        assertEquals(attempts, api.findAll(faulted).size(), name + ": attempts");
        List<Map<String, Object>> letters = letters().subList(lettersBefore, letters().size());
        assertEquals(1, letters.size(), name + ": one dead letter " + letters);
        Map<String, Object> letter = letters.get(0);
        String expectedKind = switch (kind) {
            case THREAD, BLOCKS -> "thread";
            case SIBLING -> "sibling_link";
            case RESIGN, CDN -> "asset";
        };
        assertEquals(expectedKind, letter.get("kind"), name);
        assertEquals(uuid, letter.get("web_uuid"), name + ": about the item, not about what the failure left in the body");
        if (kind == Kind.SIBLING) {
            assertEquals(SIBLING, letter.get("sibling_uuid"), name);
        }
        if (kind == Kind.RESIGN || kind == Kind.CDN) {
            assertEquals("a" + uuid.substring(1), letter.get("asset_uuid"), name);
        }
        assertEquals(shape.status(kind), letter.get("status") == null ? null : ((Number) letter.get("status")).intValue(),
                name + ": status " + letter);
        String state = J.str(Json.readObject(archive().resolve("index/batch_state.json")).get(uuid), "status");
        if (kind == Kind.THREAD || kind == Kind.BLOCKS) {
            assertEquals("error", state, name + ": the thread failed, the run goes on");
        } else if (kind == Kind.SIBLING) {
            assertEquals("ok", state, name + ": the thread is exported and ok");
        }
    }

    private void exportOne(RunState run, String uuid) {
        Exchange done = template.send("direct:export-one", e -> {
            e.getIn().setBody(new ExportRequest("alice", uuid, "https://www.perplexity.ai/search/" + uuid, null, false));
            e.setVariable("run", run);
        });
        assertFalse(done.isFailed(), "export-one handles the failure: " + done.getException());
    }

    /** The fault on every attempt. */
    private static ResponseDefinitionBuilder fault(Shape shape, boolean cdn) {
        return switch (shape) {
            case RATE_LIMITED -> aResponse().withStatus(429).withHeader("Content-Type", "application/json")
                    .withBody("{\"error_code\": \"RATE_LIMITED\"}");
            case UNAVAILABLE -> aResponse().withStatus(503).withBody("<Error><Code>ServiceUnavailable</Code></Error>");
            // a 200 whose body cannot be read to its end
            case TRUNCATED -> aResponse().withStatus(200).withFault(Fault.MALFORMED_RESPONSE_CHUNK);
            case HTML -> aResponse().withStatus(200).withHeader("Content-Type", "text/html; charset=UTF-8")
                    .withBody("<!DOCTYPE html><html><head><title>Sign in</title></head><body>Log in</body></html>");
            // the API: JSON cut off; the CDN: what the replay's malformed fault sends, a page labelled JSON
            case MALFORMED -> aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                    .withBody(cdn ? "<html><body>replay: this 200 answer is not JSON</body></html>" : "{\"entries\": [1, 2");
            case RESET -> aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER);
            case SLOW -> aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                    .withBody("{\"entries\": []}").withFixedDelay(1500);
        };
    }

    /** A sample thread's raw_entries.json under another uuid. */
    private static String sample(String accountMode, String uuid8, String uuid) throws Exception {
        Path dir;
        try (Stream<Path> s = Files.list(SAMPLE.resolve(accountMode))) {
            dir = s.filter(p -> p.getFileName().toString().endsWith("_" + uuid8)).findFirst().orElseThrow();
        }
        String original = J.str(Json.readObject(dir.resolve("thread.json")), "web_uuid");
        return Files.readString(dir.resolve("raw_entries.json"), StandardCharsets.UTF_8).replace(original, uuid);
    }

    /** A thread dir whose one asset version has no file and an {@code asset} dead letter: the next batch re-signs it. */
    private Path assetThread(String uuid, String asset) throws Exception {
        Path dir = Files.createDirectories(archive().resolve("alice/computer/2026-12-05_resign_" + uuid.substring(0, 8)));
        Files.writeString(dir.resolve("thread.json"), PyJson.pretty(Map.of("web_uuid", uuid, "title", "resign",
                "export_via", "alice")), StandardCharsets.UTF_8);
        Files.createDirectories(dir.resolve("assets"));
        Files.writeString(dir.resolve("assets/assets_manifest.json"), """
                {"count": 1, "files": [{"filename": "budget.csv", "n_versions": 1, "versions": [{"uuid": "%s",
                 "asset_type": "CODE_FILE", "version": "v1", "created_at": "100", "downloaded_to": ""}]}]}"""
                .formatted(asset), StandardCharsets.UTF_8);
        Path letters = Files.createDirectories(archive().resolve("index")).resolve("dead_letters.jsonl");
        Files.writeString(letters, PyJson.compact(Map.of("kind", "asset", "web_uuid", uuid, "asset_uuid", asset)) + "\n",
                StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        return dir;
    }

    private static Map<String, Object> version(Path dir) throws Exception {
        return J.asMap(J.list(J.list(Json.readObject(dir.resolve("assets/assets_manifest.json")), "files").get(0),
                "versions").get(0));
    }

    /** Every dead letter so far, in file order. */
    private List<Map<String, Object>> letters() throws Exception {
        Path f = archive().resolve("index/dead_letters.jsonl");
        if (!Files.exists(f)) {
            return List.of();
        }
        return Files.readAllLines(f, StandardCharsets.UTF_8).stream().map(l -> J.asMap(Json.parse(l))).toList();
    }
}
