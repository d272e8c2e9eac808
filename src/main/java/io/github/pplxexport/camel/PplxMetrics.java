package io.github.pplxexport.camel;

import io.github.pplxexport.export.RunMetrics;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.github.pplxexport.thread.SchemaDrift;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.StartupListener;
import org.apache.camel.component.http.HttpActivityListener;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The pipeline's own meters in the service mode's {@code /observe/metrics} (bean {@code pplxMetrics}), registered
 * with the meter registry of Camel's micrometer component ({@code metricsRegistry}, there when
 * {@code camel.metrics.enabled}; other commands count nothing):
 * <ul>
 *   <li>{@code pplx_threads_total{outcome="exported|skipped|failed"}}: threads of batch runs;</li>
 *   <li>{@code pplx_http_requests_total{class="2xx|3xx|4xx|5xx"}}: the answers of every camel-http request (the
 *       API's, and any other the routes make), seen by the component's activity listener; a request with no
 *       answer has no class;</li>
 *   <li>{@code pplx_retries_total}: requests sent again after a 429, 5xx or network error ({@link ApiRetry});</li>
 *   <li>{@code pplx_dead_letters_total{kind="thread|sibling_link|asset"}}: dead letters written (route
 *       {@code dead-letter});</li>
 *   <li>{@code pplx_schema_drift_total{kind="unknown_step_type|…"}}: exported threads whose payload drifted, by
 *       kind of drift (SchemaDrift.Kind);</li>
 *   <li>{@code pplx_last_successful_sync_seconds}: when a scheduled sync last ran to its end (Unix time, 0 =
 *       never).</li>
 * </ul>
 */
public final class PplxMetrics implements RunMetrics, HttpActivityListener, StartupListener {
    /** The name under which camel-micrometer binds its registry. */
    static final String CAMEL_REGISTRY = "metricsRegistry";
    private static final String[] CLASSES = {"2xx", "3xx", "4xx", "5xx"};
    private static final String[] OUTCOMES = {EXPORTED, SKIPPED, FAILED};
    private static final String[] DEAD_LETTER_KINDS = {"thread", "sibling_link", "asset"};

    private final CamelContext context;
    private final AtomicLong lastSuccessfulSync = new AtomicLong();
    private volatile MeterRegistry registry;

    public PplxMetrics(CamelContext context) {
        this.context = context;
    }

    /** Every meter exists (at 0) from the start, so a scrape shows them before the first sync. */
    @Override
    public void onCamelContextStarted(CamelContext started, boolean alreadyStarted) {
        MeterRegistry r = registry();
        if (r == null) {
            return;
        }
        for (String outcome : OUTCOMES) {
            threads(outcome, 0);
        }
        for (String c : CLASSES) {
            Counter.builder("pplx.http.requests").tag("class", c).description("HTTP requests by the class of the answer's status")
                    .register(r);
        }
        Counter.builder("pplx.retries").description("API requests sent again (429, 5xx, network error)").register(r);
        for (String kind : DEAD_LETTER_KINDS) {
            deadLetters(r, kind);
        }
        for (SchemaDrift.Kind kind : SchemaDrift.Kind.values()) {
            schemaDrift(r, kind.id());
        }
        Gauge.builder("pplx.last.successful.sync", lastSuccessfulSync, AtomicLong::get).baseUnit("seconds")
                .description("Unix time of the last scheduled sync that ran to its end (0: none yet)").register(r);
    }

    private MeterRegistry registry() {
        MeterRegistry r = registry;
        if (r == null) {
            r = context.getRegistry().lookupByNameAndType(CAMEL_REGISTRY, MeterRegistry.class);
            registry = r;
        }
        return r;
    }

    @Override
    public void threads(String outcome, int count) {
        MeterRegistry r = registry();
        if (r != null) {
            Counter.builder("pplx.threads").tag("outcome", outcome).description("Threads of batch runs by outcome")
                    .register(r).increment(count);
        }
    }

    @Override
    public void syncSucceeded() {
        lastSuccessfulSync.set(System.currentTimeMillis() / 1000);
    }

    /** A request sent again. */
    void retried() {
        MeterRegistry r = registry();
        if (r != null) {
            r.counter("pplx.retries").increment();
        }
    }

    /** A dead letter of this kind was written. */
    public void deadLettered(String kind) {
        MeterRegistry r = registry();
        if (r != null) {
            deadLetters(r, kind == null || kind.isEmpty() ? "unknown" : kind).increment();
        }
    }

    @Override
    public void schemaDrift(String kind) {
        MeterRegistry r = registry();
        if (r != null) {
            schemaDrift(r, kind).increment();
        }
    }

    private static Counter schemaDrift(MeterRegistry r, String kind) {
        return Counter.builder("pplx.schema.drift").tag("kind", kind)
                .description("Exported threads whose payload held what this version does not recognise, by kind").register(r);
    }

    private static Counter deadLetters(MeterRegistry r, String kind) {
        return Counter.builder("pplx.dead.letters").tag("kind", kind).description("Dead letters written, by kind")
                .register(r);
    }

    @Override
    public void onRequestSubmitted(Object source, Exchange exchange, HttpHost host, HttpRequest request, HttpEntity entity) {
        // counted when the answer comes
    }

    @Override
    public void onResponseReceived(Object source, Exchange exchange, HttpHost host, HttpResponse response, HttpEntity entity,
                                   long elapsed) {
        MeterRegistry r = registry();
        int status = response.getCode();
        if (r != null && status >= 200 && status < 600) {
            r.counter("pplx.http.requests", "class", status / 100 + "xx").increment();
        }
    }
}
