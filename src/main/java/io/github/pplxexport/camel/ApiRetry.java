package io.github.pplxexport.camel;

import io.github.pplxexport.api.ApiRequests;
import io.github.pplxexport.export.AssetDownload;
import io.github.pplxexport.export.RunState;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.http.base.HttpOperationFailedException;
import org.apache.camel.processor.errorhandler.RedeliveryPolicy;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * The {@code retryWhile} of the retried failures in {@code routes/error-handling.camel.yaml}: bean {@code apiRetry}
 * for API requests (policy {@code apiBackoff}), bean {@code assetRetry} for CDN downloads ({@code assetBackoff}).
 * While attempts remain it chooses the wait, the server's {@code Retry-After} when it sent one (capped at the
 * policy's maximum delay), else the policy's exponential backoff, hands it to Camel's redelivery
 * ({@code CamelRedeliveryDelay}) and announces it before the wait, e.g. {@code retry 2/3 in 180 s: HTTP 429 GET
 * thread 1a2b3c4d}, with a heartbeat line every {@code pplx.retry.heartbeat-ms} of a long wait. When the attempts
 * are used up it says no, and after an API request the run (variable {@code run}) cools down before its next thread.
 *
 * <p>Fail fast: until the API has answered once in this run ({@link ApiContact}), waiting cannot help a refused
 * connection or an unknown host (a typo, a stopped server): no retry, the run ends at once naming the address.
 * A first request that timed out is sent once more after a short wait ({@code pplx.retry.first-request-delay-ms}).
 * Not in the service mode ({@code run}): its next tick is the retry anyway, and a long-lived service keeps the
 * backoff.
 */
public final class ApiRetry {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.api");
    /** The backoff step of the current request: the next one is computed from it. */
    static final String BACKOFF = "pplxRetryBackoff";

    private final RedeliveryPolicy policy;
    private final long heartbeatMillis;
    private final ApiErrors errors;
    private final CamelContext context;
    private final PplxMetrics metrics;
    /** What a retry line calls the failed request. */
    private final Function<Exchange, String> what;
    /** API requests only: whether the API answered yet; null for the CDN. */
    private final ApiContact contact;
    /** The wait before the one retry of a first request that timed out; negative: no fail fast. */
    private final long firstRetryMillis;
    private final AtomicReference<ScheduledFuture<?>> heartbeat = new AtomicReference<>();
    private ScheduledExecutorService ticker;

    private ApiRetry(RedeliveryPolicy policy, long heartbeatMillis, ApiErrors errors, CamelContext context,
                     PplxMetrics metrics, Function<Exchange, String> what, ApiContact contact, long firstRetryMillis) {
        this.policy = policy;
        this.heartbeatMillis = heartbeatMillis;
        this.errors = errors;
        this.context = context;
        this.metrics = metrics;
        this.what = what;
        this.contact = contact;
        this.firstRetryMillis = firstRetryMillis;
    }

    /**
     * The API's retries ({@code apiBackoff}); {@code firstRetryMillis} is the wait before the one retry of a first
     * request that timed out, negative to keep the backoff for the first request too (the service mode).
     */
    public static ApiRetry api(RedeliveryPolicy policy, long heartbeatMillis, ApiErrors errors, CamelContext context,
                               PplxMetrics metrics, ApiContact contact, long firstRetryMillis) {
        return new ApiRetry(policy, heartbeatMillis, errors, context, metrics,
                e -> ApiRequests.describe(e.getVariable("apiMethod", String.class), e.getVariable("apiPath", String.class),
                        e.getVariable("apiQuery", String.class)), contact, firstRetryMillis);
    }

    /** The CDN's retries ({@code assetBackoff}) of the download in variable {@code asset}. */
    public static ApiRetry assets(RedeliveryPolicy policy, long heartbeatMillis, ApiErrors errors, CamelContext context,
                                  PplxMetrics metrics) {
        return new ApiRetry(policy, heartbeatMillis, errors, context, metrics,
                e -> {
                    AssetDownload d = e.getVariable("asset", AssetDownload.class);
                    return d == null ? "GET asset" : d.request();
                }, null, -1);
    }

    /** True (and the wait set and announced) while the request has attempts left. */
    public boolean again(Exchange exchange) {
        stopHeartbeat();
        if (context.isStopping() || context.isStopped()) {
            // a stop (SIGTERM, Ctrl-C) abandoned the request: no retry, nothing to announce
            return false;
        }
        int failures = exchange.getIn().getHeader(Exchange.REDELIVERY_COUNTER, 1, Integer.class);
        int attempts = policy.getMaximumRedeliveries() + 1;
        Exception e = exchange.getException() != null ? exchange.getException()
                : exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class);
        String what = this.what.apply(exchange);
        Long first = null;
        if (contact != null && firstRetryMillis >= 0 && !contact.answered()) {
            Exception cause = ApiErrors.root(e);
            if (cause instanceof ConnectException || cause instanceof NoRouteToHostException
                    || cause instanceof UnknownHostException) {
                LOG.debug("no retry: the API has not answered yet and {}: {}", errors.reason(e), what);
                return false;
            }
            if (cause instanceof SocketTimeoutException || cause instanceof ConnectTimeoutException) {
                // timed out: once more after a short wait, not the long backoff
                attempts = 2;
                first = firstRetryMillis;
            }
        }
        if (failures >= attempts) {
            LOG.debug("no retry left after {} attempts: {} {}", attempts, errors.reason(e), what);
            RunState run = exchange.getVariable("run", RunState.class);
            if (run != null && contact != null) {
                run.coolDown();
            }
            return false;
        }
        long delay;
        Long retryAfter = e instanceof HttpOperationFailedException h ? retryAfterMillis(h.getResponseHeaders()) : null;
        if (first != null) {
            delay = first;
        } else {
            long previous = failures == 1 ? 0 : exchange.getProperty(BACKOFF, 0L, Long.class);
            long backoff = policy.calculateRedeliveryDelay(previous, failures);
            exchange.setProperty(BACKOFF, backoff);
            delay = retryAfter == null ? backoff : Math.min(retryAfter, policy.getMaximumRedeliveryDelay());
        }
        exchange.getIn().setHeader(Exchange.REDELIVERY_DELAY, delay);
        LOG.info("retry {}/{} in {}: {} {}{}", failures + 1, attempts, duration(delay), errors.reason(e), what,
                retryAfter == null ? "" : " (Retry-After)");
        startHeartbeat(delay, failures + 1, attempts, what);
        metrics.retried();
        return true;
    }

    /** A line every heartbeat interval while a long wait lasts; a stopping context ends it. */
    private void startHeartbeat(long delay, int attempt, int attempts, String what) {
        if (delay <= heartbeatMillis) {
            return;
        }
        long due = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delay);
        ScheduledFuture<?> f = ticker().scheduleAtFixedRate(() -> {
            long left = TimeUnit.NANOSECONDS.toMillis(due - System.nanoTime());
            if (left < heartbeatMillis / 2 || context.isStopping() || context.isStopped()) {
                stopHeartbeat();
                return;
            }
            LOG.info("still waiting {} to retry {}/{}: {}", duration(left), attempt, attempts, what);
        }, heartbeatMillis, heartbeatMillis, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> old = heartbeat.getAndSet(f);
        if (old != null) {
            old.cancel(false);
        }
    }

    private void stopHeartbeat() {
        ScheduledFuture<?> f = heartbeat.getAndSet(null);
        if (f != null) {
            f.cancel(false);
        }
    }

    private synchronized ScheduledExecutorService ticker() {
        if (ticker == null) {
            ticker = context.getExecutorServiceManager().newSingleThreadScheduledExecutor(this, "pplx-retry-heartbeat");
        }
        return ticker;
    }

    /** {@code Retry-After}: delta seconds or an HTTP date; the name in any case (servers spell it as they like). */
    static Long retryAfterMillis(Map<String, String> headers) {
        if (headers == null) {
            return null;
        }
        for (Map.Entry<String, String> h : headers.entrySet()) {
            if (!"retry-after".equalsIgnoreCase(h.getKey()) || h.getValue() == null) {
                continue;
            }
            String v = h.getValue().strip();
            try {
                return Math.max(0, Long.parseLong(v)) * 1000;
            } catch (NumberFormatException notSeconds) {
                try {
                    ZonedDateTime at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
                    return Math.max(0, Duration.between(ZonedDateTime.now(at.getZone()), at).toMillis());
                } catch (DateTimeParseException neither) {
                    return null;
                }
            }
        }
        return null;
    }

    /** {@code 180 s}, {@code 2 s}, {@code 20 ms}. */
    static String duration(long millis) {
        return millis >= 1000 ? Math.round(millis / 1000.0) + " s" : millis + " ms";
    }
}
