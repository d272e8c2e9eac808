package io.github.pplxexport.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.chrome.ChromeDriver;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * A WebBridge daemon for tests (../shared/spec/webbridge.md): {@code POST /command} on 127.0.0.1, whose
 * {@code evaluate} runs the code in a real headless Chromium tab, on a page of {@code origin} that carries the
 * session cookie {@code name=value} (set on that origin as a browser keeps a login), and {@code navigate} opens a URL.
 * Answers {@code {"ok": true, "data": {"value": ...}}} or {@code {"ok": false, "error": "..."}}; one command at a time,
 * as one tab runs them. The browser's other arguments (a proxy for the sample CDN) are the caller's. Records every
 * command it ran.
 */
public final class WebBridgeDaemon implements AutoCloseable {
    /** Runs the code; a promise (the async IIFE of a fetch) is awaited; its value, or its error, to the callback. */
    private static final String EVALUATE = "const done = arguments[arguments.length - 1];\n"
            + "Promise.resolve().then(() => (0, eval)(arguments[0]))\n"
            + "  .then(v => done({ok: true, value: v === undefined ? null : v}), e => done({ok: false, error: String(e)}));";

    private final ChromeDriver browser;
    private final HttpServer http;
    private final List<Map<String, Object>> commands = Collections.synchronizedList(new ArrayList<>());

    private WebBridgeDaemon(ChromeDriver browser, HttpServer http) {
        this.browser = browser;
        this.http = http;
    }

    /**
     * Starts the browser (profile in {@code profile}), opens {@code origin}'s page, sets the cookie there, and
     * serves the daemon on a free port.
     */
    public static WebBridgeDaemon start(Path profile, URI origin, String cookieName, String cookieValue,
                                        String... browserArguments) throws IOException {
        ChromeDriver browser = HeadlessChromium.start(profile, browserArguments);
        try {
            browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(120));
            browser.get(origin.resolve("/").toString());
            browser.manage().addCookie(new Cookie.Builder(cookieName, cookieValue).path("/").isSecure(true)
                    .isHttpOnly(true).build());
            HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            WebBridgeDaemon daemon = new WebBridgeDaemon(browser, http);
            http.createContext("/command", daemon::command);
            http.setExecutor(Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "webbridge-daemon");
                t.setDaemon(true);
                return t;
            }));
            http.start();
            return daemon;
        } catch (IOException | RuntimeException e) {
            browser.quit();
            throw e;
        }
    }

    /** {@code http://127.0.0.1:<port>}. */
    public String url() {
        return "http://127.0.0.1:" + http.getAddress().getPort();
    }

    /** The commands run so far ({@code action}, {@code args}, {@code session}), in order. */
    public List<Map<String, Object>> commands() {
        synchronized (commands) {
            return List.copyOf(commands);
        }
    }

    /** Evaluates {@code code} in the tab as an evaluate command does: {@code {ok, value}} or {@code {ok, error}}. */
    public Object evaluate(String code) {
        return ((JavascriptExecutor) browser).executeAsyncScript(EVALUATE, code);
    }

    private void command(HttpExchange exchange) throws IOException {
        Map<String, Object> answer;
        try (InputStream in = exchange.getRequestBody()) {
            Map<String, Object> command = J.asMap(Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
            commands.add(command);
            answer = run(command);
        } catch (RuntimeException e) {
            answer = Map.of("ok", false, "error", String.valueOf(e.getMessage()));
        }
        byte[] body = PyJson.compact(answer).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private Map<String, Object> run(Map<String, Object> command) {
        if (command == null) {
            return Map.of("ok", false, "error", "not a command");
        }
        String action = J.str(command, "action");
        Map<String, Object> args = J.map(command, "args");
        try {
            switch (action) {
                case "evaluate" -> {
                    Map<String, Object> r = J.asMap(evaluate(J.str(args, "code")));
                    if (r == null || !Boolean.TRUE.equals(r.get("ok"))) {
                        return Map.of("ok", false, "error", String.valueOf(r == null ? "no result" : r.get("error")));
                    }
                    Map<String, Object> data = new LinkedHashMap<>();
                    data.put("value", r.get("value"));
                    Map<String, Object> ok = new LinkedHashMap<>();
                    ok.put("ok", true);
                    ok.put("data", data);
                    return ok;
                }
                case "navigate" -> {
                    browser.get(J.str(args, "url"));
                    return Map.of("ok", true, "data", Map.of());
                }
                default -> {
                    return Map.of("ok", false, "error", "unknown action: " + action);
                }
            }
        } catch (WebDriverException e) {
            return Map.of("ok", false, "error", e.getMessage().lines().findFirst().orElse("WebDriverException"));
        }
    }

    @Override
    public void close() {
        http.stop(0);
        browser.quit();
    }
}
