package io.github.pplxexport.pipeline;

import io.github.pplxexport.replay.FaultPlan;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import org.apache.camel.Exchange;
import org.apache.camel.Predicate;
import org.apache.camel.builder.NotifyBuilder;
import org.apache.camel.main.MainConfigurationProperties;
import org.apache.camel.test.junit5.CamelContextConfiguration;
import org.apache.camel.test.main.junit5.CamelMainTestSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The service mode's scheduled asks: two {@code [[asks]]} tables with a one-second cron become Quartz-triggered
 * routes; one is asked and archived, the other fails (its space does not exist); the metrics count both and the
 * health stays UP.
 */
class ScheduledAskTest extends CamelMainTestSupport {
    static Path tmp;
    static ReplayServer replay;
    static int management;

    @BeforeAll
    static void startReplay() throws IOException {
        tmp = Files.createTempDirectory("pplx-scheduled-ask");
        LiveLibrary.copySample(Files.createDirectories(tmp.resolve("served")));
        replay = ReplayServer.start(ReplayOptions.of(tmp.resolve("served")).withPort(0).withFaults(FaultPlan.NONE)
                .withAskChunkMillis(10));
        try (ServerSocket s = new ServerSocket(0)) {
            management = s.getLocalPort();
        }
    }

    @AfterAll
    static void stopReplay() throws IOException {
        replay.close();
        io.github.pplxexport.archive.FileTrees.delete(tmp);
    }

    @Override
    protected void configure(MainConfigurationProperties main) {
        main.setConfigurationClasses(io.github.pplxexport.camel.PplxRuntime.pipelineBeanClassNames());
    }

    @Override
    public void configureContext(CamelContextConfiguration context) {
        super.configureContext(context);
        try {
            Path config = tmp.resolve("config.toml");
            Files.writeString(config, """
                    default_account = "alice"
                    [accounts.alice]
                    email = "alice@example.com"

                    [[asks]]
                    name = "every-second"
                    cron = "0/1 * * * * ?"
                    prompt = "What changed in HTTP caching this week?"
                    mode = "search"

                    [[asks]]
                    name = "nowhere"
                    cron = "0/1 * * * * ?"
                    prompt = "Filed in a space that is not there"
                    mode = "study"
                    space = "no-such-space"
                    """, StandardCharsets.UTF_8);
            Path cookies = tmp.resolve("cookies.txt");
            Files.writeString(cookies, "127.0.0.1\tFALSE\t/\tFALSE\t0\t__Secure-next-auth.session-token\talice\n",
                    StandardCharsets.UTF_8);
            Properties p = new Properties();
            p.put("pplx.schedule.enabled", "true");
            p.put("pplx.schedule.cron", "0 0 0 1 1 ? 2099");
            p.put("pplx.management.port", Integer.toString(management));
            p.put("pplx.api.base-url", replay.baseUri().toString());
            p.put("pplx.archive.root", tmp.resolve("out").toString());
            p.put("pplx.config.file", config.toString());
            p.put("pplx.api.cookies-file", cookies.toString());
            p.put("pplx.account", "alice");
            for (String k : new String[]{"thread-delay-min-ms", "thread-delay-max-ms", "page-delay-ms", "blocks-delay-ms", "asset-delay-ms"}) {
                p.put("pplx.pacing." + k, "0");
            }
            p.put("pplx.retry.delay-ms", "5");
            context.withUseOverridePropertiesWithPropertiesComponent(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aScheduledAskIsArchivedWithinItsTickAndAFailedOneLeavesTheServiceUp() throws Exception {
        // a tick's own exchange, not the copies its split and enrich steps make (they complete before the archive;
        // a copy's correlation id is the tick's exchange id)
        Predicate tick = e -> e.getExchangeId().equals(e.getProperty(Exchange.CORRELATION_ID, e.getExchangeId(), String.class));
        NotifyBuilder asked = new NotifyBuilder(context).fromRoute("scheduled-ask-every-second").filter(tick).whenCompleted(1).create();
        NotifyBuilder failed = new NotifyBuilder(context).fromRoute("scheduled-ask-nowhere").filter(tick).whenCompleted(1).create();
        // one Quartz worker: an ask never runs together with a sync or another ask
        assertEquals(1, context.getComponent("quartz", org.apache.camel.component.quartz.QuartzComponent.class)
                .getScheduler().getMetaData().getThreadPoolSize());
        assertTrue(asked.matches(20, TimeUnit.SECONDS), "the scheduled ask ran");
        assertTrue(failed.matches(20, TimeUnit.SECONDS), "the failing scheduled ask ran");

        Path search = tmp.resolve("out/alice/search");
        assertTrue(Files.list(search).anyMatch(d -> d.getFileName().toString().contains("What-changed-in-HTTP-caching")),
                "archived under alice/search");
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> metrics = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + management
                + "/observe/metrics")).build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(metrics.body().matches("(?s).*pplx_asks_total\\{[^}]*mode=\"search\"[^}]*outcome=\"archived\"[^}]*} [1-9].*")
                        || metrics.body().matches("(?s).*pplx_asks_total\\{[^}]*outcome=\"archived\"[^}]*mode=\"search\"[^}]*} [1-9].*"),
                metrics.body().lines().filter(l -> l.contains("pplx_asks")).toList().toString());
        assertTrue(metrics.body().lines().anyMatch(l -> l.startsWith("pplx_asks_total") && l.contains("outcome=\"failed\"")
                && l.contains("mode=\"study\"")), "the failed ask is counted");
        HttpResponse<String> health = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + management
                + "/observe/health")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, health.statusCode(), health.body());
        assertTrue(health.body().contains("UP"), health.body());
    }
}
