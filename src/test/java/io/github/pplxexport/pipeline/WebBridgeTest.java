package io.github.pplxexport.pipeline;

import io.github.pplxexport.api.Cookies;
import io.github.pplxexport.cli.PplxExportCli;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.replay.FaultPlan;
import io.github.pplxexport.replay.ReplayApi;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import io.github.pplxexport.testkit.CliCapture;
import io.github.pplxexport.testkit.HeadlessChromium;
import io.github.pplxexport.testkit.WebBridgeDaemon;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The WebBridge transport against a real browser: a test daemon ({@link WebBridgeDaemon}) runs each request's code
 * in headless Chromium, on the replay's web-app page, where the browser holds bob's session cookie (the program has
 * none: the replay in strict-auth mode refuses any request without it); the sample CDN is reached through the
 * replay as the browser's proxy, cross-origin to the page. A sync (a 429 retried and announced, an expired thread
 * terminal, a CDN 403 dead-lettered, exit 1), an export that completes the assets (downloaded by the page), an ask (its stream fetched by the page, then archived), {@code debug-js}, and the usage errors.
 */
class WebBridgeTest {
    static final String BOB = "bob:wb-S3cret-77aa";
    static final String BUDGET = "451dd14f-80a9-4304-998e-b680332d638c";
    static final String RUST = "8137cd4b-35e8-47c3-ac46-d2b6921949f0";
    static final String CHART = "931d8e94-fe57-4caa-9ac1-06967ab4501a";
    static final Path BUDGET_DIR = Path.of("bob/computer/2026-12-05_Budget-tracker-from-my-bank-CSV_451dd14f");
    static final Path COFFEE_DIR = Path.of("bob/computer/2026-10-03_竞品价格监控-三家咖啡豆网店_d688737e");

    @TempDir
    static Path tmp;
    static Path served;
    static int port;
    static ReplayServer replay;
    static WebBridgeDaemon daemon;

    @BeforeAll
    static void browser() throws Exception {
        HeadlessChromium.assumeInstalled();
        served = Files.createDirectories(tmp.resolve("served"));
        FirstRunTest.copySample(served, List.of("bob/computer", "bob/study"));
        replay = ReplayServer.start(ReplayOptions.of(served).withPort(0).withStrictAuth(true));
        port = replay.port();
        // the CDN's host is reached through the replay as the browser's proxy (loopback, the page, goes direct)
        daemon = WebBridgeDaemon.start(tmp.resolve("chromium"), replay.baseUri(), Cookies.SESSION_COOKIE, BOB,
                "--proxy-server=http://127.0.0.1:" + port);
    }

    @AfterAll
    static void stop() {
        if (daemon != null) {
            daemon.close();
        }
        if (replay != null) {
            replay.close();
        }
    }

    /** The replay again on the same origin (the browser keeps its cookie), with these faults and a fresh request log. */
    static Path serve(String faults, String name) throws IOException {
        replay.close();
        Path log = tmp.resolve(name + ".jsonl");
        replay = ReplayServer.start(ReplayOptions.of(served).withPort(port).withStrictAuth(true)
                .withFaults(FaultPlan.parse(faults)).withRequestLog(log));
        return log;
    }

    @Test
    void syncExportAndAskFromTheBrowsersTab() throws Exception {
        Path out = tmp.resolve("out");
        Path config = tmp.resolve("config.toml");
        Files.writeString(config, "default_account = \"bob\"\n\n[accounts.bob]\nemail = \"bob@example.com\"\n");

        // request 2 (the library listing) 429 once; the study thread expired; the chart's CDN URL refused
        Path log = serve("429@2,expired:" + RUST + ",asset-gone:" + CHART, "sync");
        Run sync = run(out, config, "sync");
        assertEquals(1, sync.exit(), "an asset that could not be downloaded: " + sync);
        assertTrue(sync.logged("retry 2/3 in ") && sync.logged(": HTTP 429 POST "), "announced before the wait: " + sync);
        for (Path d : List.of(COFFEE_DIR, BUDGET_DIR)) {
            assertArrayEquals(Files.readAllBytes(LiveLibrary.SAMPLE.resolve(d).resolve("conversation.md")),
                    Files.readAllBytes(out.resolve(d).resolve("conversation.md")), d.toString());
        }
        for (String f : List.of("budget_v1.csv", "budget_v2.csv")) {
            assertArrayEquals(Files.readAllBytes(LiveLibrary.SAMPLE.resolve(BUDGET_DIR).resolve("assets/files").resolve(f)),
                    Files.readAllBytes(out.resolve(BUDGET_DIR).resolve("assets/files").resolve(f)), f);
        }
        assertFalse(Files.exists(out.resolve(BUDGET_DIR).resolve("assets/files/Spending_by_category.png")));
        List<Map<String, Object>> dead = jsonLines(out.resolve("index/dead_letters.jsonl"));
        assertEquals(1, dead.size(), dead.toString());
        assertEquals("asset", J.str(dead.get(0), "kind"));
        assertEquals(CHART, J.str(dead.get(0), "asset_uuid"));
        assertTrue(Files.readString(out.resolve("index/batch_state.json")).contains("\"" + RUST + "\""));
        assertTrue(sync.logged(RUST) && sync.logged("ENTRY_EXPIRED"), "the expired thread: " + sync);

        List<Map<String, Object>> requests = jsonLines(log);
        for (Map<String, Object> r : requests) {
            String path = J.str(r, "path");
            if (ReplayApi.CDN_HOST.equals(J.str(r, "host"))) {
                // the page's fetch of a signed URL: cross-origin, no cookie
                assertFalse((Boolean) r.get("cookie"), r.toString());
                assertTrue(J.list(r, "headers").contains("origin"), "a browser's cross-origin fetch: " + r);
            } else if (path.startsWith("/rest/") || path.startsWith("/api/")) {
                assertEquals(List.of(Cookies.SESSION_COOKIE), J.list(r, "cookie_names"), "the browser's cookie: " + r);
                assertTrue(J.list(r, "headers").contains("sec-fetch-mode"), "sent by the browser: " + r);
            }
        }
        assertTrue(requests.stream().anyMatch(r -> ReplayApi.CDN_HOST.equals(J.str(r, "host")) && J.toLong(r.get("status"), 0) == 200));
        assertTrue(daemon.commands().stream().allMatch(c -> "evaluate".equals(J.str(c, "action"))
                && "pplx-export".equals(J.str(c, "session"))), "evaluate commands only");

        // export: the thread again, its chart downloaded by the page this time
        log = serve("", "export");
        Run export = run(out, config, "export", "https://www.perplexity.ai/search/" + BUDGET, "--force");
        assertEquals(0, export.exit(), export.toString());
        assertArrayEquals(Files.readAllBytes(LiveLibrary.SAMPLE.resolve(BUDGET_DIR).resolve("assets/files/Spending_by_category.png")),
                Files.readAllBytes(out.resolve(BUDGET_DIR).resolve("assets/files/Spending_by_category.png")));
        assertTrue(jsonLines(log).stream().anyMatch(r -> J.str(r, "path").contains("/" + CHART + "/")
                && J.list(r, "headers").contains("origin") && J.toLong(r.get("status"), 0) == 200), "fetched by the page");

        // ask: the page posts it and hands back the whole stream; the thread is archived through the page too
        log = serve("", "ask");
        Run ask = run(out, config, "ask", "--json", "--mode", "study", "Teach me borrowing");
        assertEquals(0, ask.exit(), ask.toString());
        String archived = J.str(J.asMap(Json.parse(ask.stdout().strip())), "archived_to");
        assertTrue(Files.isRegularFile(out.resolve(archived).resolve("conversation.md")), ask.toString());
        assertTrue(jsonLines(log).stream().anyMatch(r -> "/rest/sse/perplexity_ask".equals(J.str(r, "path"))
                && J.list(r, "cookie_names").contains(Cookies.SESSION_COOKIE)), "the ask, from the browser");
    }

    @Test
    void debugJsAndWhatIsNotAllowed() throws Exception {
        Path out = tmp.resolve("debug-out");
        Run title = run(out, null, "debug-js", "document.title");
        assertEquals(0, title.exit(), title.toString());
        assertEquals("\"Perplexity (replay)\"", title.stdout().strip());
        Run session = run(out, null, "debug-js", "(async () => JSON.stringify({s: (await fetch('/api/auth/session')).status}))()");
        assertEquals("{\n \"s\": 200\n}", session.stdout().strip(), "a JSON string is printed parsed");

        Run refused = run(out, null, "sync", "--webbridge-url", "http://127.0.0.1:9");
        assertEquals(3, refused.exit(), refused.toString());
        assertTrue(refused.logged("cannot reach the WebBridge daemon at http://127.0.0.1:9 (connection refused): start it,"
                + " with perplexity.ai open in the browser"), refused.toString());
        Run both = run(out, null, "sync", "--cookies-from", "firefox");
        assertEquals(2, both.exit(), both.toString());
        assertTrue(both.logged("--transport webbridge sends every request from the browser's own tab, with its cookies:"
                + " it cannot be combined with --cookies-from"), both.toString());
        Run init = run(out, null, "init");
        assertEquals(2, init.exit(), init.toString());
        assertTrue(init.logged("init reads the login's accounts from the browser's cookies, which --transport webbridge"
                + " does not give: use --cookies-from BROWSER or --cookies FILE"), init.toString());
    }

    /** What one in-process run printed and logged. */
    record Run(int exit, String stdout, List<String> log) {
        boolean logged(String part) {
            return log.stream().anyMatch(l -> l.contains(part));
        }

        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + stdout + "--- log\n" + String.join("\n", log);
        }
    }

    /** {@code pplx-export COMMAND ARGS… --transport webbridge} against the replay and the daemon, no pacing. */
    static Run run(Path out, Path config, String... commandArgs) {
        List<String> args = new ArrayList<>(List.of(commandArgs));
        if (!commandArgs[0].equals("debug-js")) {
            args.addAll(List.of("--transport", "webbridge", "--base-url", replay.baseUri().toString()));
            args.addAll(commandArgs[0].equals("init") ? List.of() : LiveLibrary.FAST);
        }
        if (!args.contains("--webbridge-url")) {
            args.addAll(List.of("--webbridge-url", daemon.url()));
        }
        args.addAll(List.of("--out", out.toString()));
        if (config != null) {
            args.addAll(List.of("--config", config.toString()));
        }
        CliCapture c = CliCapture.of(() -> PplxExportCli.execute(args.toArray(String[]::new)));
        return new Run(c.exit(), c.stdout(), c.messages());
    }

    static List<Map<String, Object>> jsonLines(Path file) throws IOException {
        List<Map<String, Object>> out = new ArrayList<>();
        for (String l : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!l.isBlank()) {
                out.add(J.asMap(Json.parse(l)));
            }
        }
        return out;
    }
}
