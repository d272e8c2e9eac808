package io.github.pplxexport.routes;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.github.tomakehurst.wiremock.WireMockServer;
import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.json.PyJson;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.main.MainConfigurationProperties;
import org.apache.camel.test.junit5.CamelContextConfiguration;
import org.apache.camel.test.main.junit5.CamelMainTestSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

/**
 * The shipped routes and beans in a Camel Main test context (camel-test-main-junit5), talking HTTP to a WireMock
 * server on 127.0.0.1 that plays the Perplexity API, writing into a fresh archive folder per test. Retry delays
 * are a few ms; the project's log lines ({@code pplx.*}) are captured.
 */
abstract class RouteTestSupport extends CamelMainTestSupport {
    static WireMockServer api;
    /** The archive root of the running test (fresh per test: the context is made per test). */
    static Path out;
    static Path cookies;

    final ListAppender<ILoggingEvent> log = new ListAppender<>();

    @BeforeAll
    static void startApi() throws IOException {
        api = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());
        api.start();
    }

    @AfterAll
    static void stopApi() {
        api.stop();
    }

    @AfterEach
    void releaseLog() throws IOException {
        ((Logger) LoggerFactory.getLogger("pplx")).detachAppender(log);
        api.resetAll();
        FileTrees.delete(out);
    }

    @Override
    protected void configure(MainConfigurationProperties main) {
        // the routes come from application.properties (classpath:routes/*.camel.yaml), the beans from here
        main.setConfigurationClasses(io.github.pplxexport.camel.PplxRuntime.pipelineBeanClassNames());
    }

    @Override
    public void configureContext(CamelContextConfiguration context) {
        super.configureContext(context);
        try {
            out = Files.createTempDirectory("pplx-routes");
            cookies = out.resolve("cookies.txt");
            Files.writeString(cookies, "127.0.0.1\tFALSE\t/\tFALSE\t0\t__Secure-next-auth.session-token\tsecret-token\n",
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Properties p = new Properties();
        p.put("pplx.api.base-url", "http://127.0.0.1:" + api.port());
        p.put("pplx.archive.root", out.resolve("archive").toString());
        p.put("pplx.api.cookies-file", cookies.toString());
        p.put("pplx.pacing.thread-delay-min-ms", "0");
        p.put("pplx.pacing.thread-delay-max-ms", "0");
        p.put("pplx.pacing.page-delay-ms", "0");
        p.put("pplx.pacing.blocks-delay-ms", "0");
        p.put("pplx.retry.delay-ms", "5");
        p.put("pplx.retry.maximum-delay-ms", "50");
        p.put("pplx.retry.first-request-delay-ms", "5");
        p.put("pplx.asset.retry.delay-ms", "5");
        p.put("pplx.asset.retry.maximum-delay-ms", "20");
        p.putAll(properties());
        context.withUseOverridePropertiesWithPropertiesComponent(p);
    }

    @BeforeEach
    void captureLog() {
        log.start();
        ((Logger) LoggerFactory.getLogger("pplx")).addAppender(log);
    }

    /** A test's own properties (they win). */
    Properties properties() {
        return new Properties();
    }

    Path archive() {
        return out.resolve("archive");
    }

    List<String> logLines() {
        List<String> lines = new ArrayList<>();
        for (ILoggingEvent e : List.copyOf(log.list)) {
            lines.add(e.getFormattedMessage());
        }
        return lines;
    }

    /**
     * The account check-session finds, asked until an answer comes in time (WireMock's very first answer can take
     * longer than a test's short timeout); null when five tries got none.
     */
    String checkSessionOnceAnswered() {
        String account = null;
        for (int i = 0; i < 5 && account == null; i++) {
            try {
                account = template.requestBody("direct:check-session", "default", String.class);
            } catch (CamelExecutionException coldStart) {
                // a timeout of the cold start: asked again
            }
        }
        return account;
    }

    /** A one-page search thread as the plain fetch answers it: one turn, query {@code q}, answer {@code a}. */
    static String thread(String uuid, String title, String q, String a) {
        return thread(uuid, title, q, a, "alice");
    }

    /** The same, by {@code author} (the thread dir goes under the author's folder). */
    static String thread(String uuid, String title, String q, String a, String author) {
        String steps = PyJson.compact(List.of(
                Map.of("step_type", "INITIAL_QUERY", "content", Map.of("query", q), "uuid", ""),
                Map.of("step_type", "FINAL", "content", Map.of("answer", PyJson.compact(Map.of("answer", a))), "uuid", "")));
        Map<String, Object> entry = new java.util.LinkedHashMap<>();
        entry.put("uuid", uuid.substring(0, 24) + "e00000000001");
        entry.put("query_str", q);
        entry.put("text", steps);
        entry.put("search_mode", "SEARCH");
        entry.put("display_model", "pplx_pro");
        entry.put("mode", "copilot");
        entry.put("author_username", author);
        entry.put("status", "completed");
        entry.put("created_us", 1770110047204511L);
        entry.put("updated_us", 1770110057004511L);
        entry.put("updated_datetime", "2026-02-03T09:21:40.512093");
        return PyJson.compact(Map.of("thread_metadata", Map.of("title", title), "entries", List.of(entry),
                "background_entries", List.of()));
    }

    /** index/library_alice.json with these rows ({@code uuid, title, lastUpdated} each), newest first. */
    void index(String... uuidTitleUpdated) throws IOException {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < uuidTitleUpdated.length; i += 3) {
            rows.add(Map.of("entryUUID", uuidTitleUpdated[i], "title", uuidTitleUpdated[i + 1],
                    "lastUpdated", uuidTitleUpdated[i + 2], "mode", "SEARCH"));
        }
        Path f = archive().resolve("index").resolve("library_alice.json");
        Files.createDirectories(f.getParent());
        Files.writeString(f, PyJson.pretty(Map.of("account", "alice", "count", rows.size(), "threads", rows)),
                StandardCharsets.UTF_8);
    }
}
