package io.github.pplxexport.ask;

import io.github.pplxexport.export.Failures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The scheduled asks of the service mode (bean {@code scheduledAsks}): the request of each {@code [[asks]]} table
 * and what each run came to. A failed ask is logged and counted; it does not touch the health of the service
 * (an ask is one question, as a thread is one thread of a sync).
 */
public final class ScheduledAsks {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.run");

    private final AskConfig config;
    private final Failures failures;
    private final AskCounter counter;
    private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();

    public ScheduledAsks(AskConfig config, Failures failures, AskCounter counter) {
        this.config = config;
        this.failures = failures;
        this.counter = counter;
    }

    public AskConfig config() {
        return config;
    }

    /** The ask {@code name} for {@code account} (as this tick's session check resolved it). */
    public AskRequest request(String name, String account) {
        AskConfig.ScheduledAsk a = config.asks().get(name);
        int n = runs.computeIfAbsent(name, k -> new AtomicInteger()).incrementAndGet();
        LOG.info("[run] scheduled ask {} #{} starts ({})", name, n, a.mode().id());
        return new AskRequest(account, a.prompt(), a.mode(), a.models(), a.space(), false, true, null, name);
    }

    public void done(String name, AskState ask) {
        LOG.info("[run] scheduled ask {} done: {}{}", name, ask.outcome().name().toLowerCase(java.util.Locale.ROOT),
                ask.archivedTo() == null ? "" : ", archived to " + ask.archivedTo());
    }

    /** The ask did not even run (the session check failed, the config changed): logged and counted. */
    public void failed(String name, Exception e) {
        AskConfig.ScheduledAsk a = config.asks().get(name);
        counter.ask(a == null ? "" : a.mode().id(), "failed");
        LOG.error("[run] scheduled ask {} failed: {} (next attempt at the next scheduled time)", name, failures.line(e));
    }

    /** How many times the ask {@code name} started. */
    public int runs(String name) {
        AtomicInteger n = runs.get(name);
        return n == null ? 0 : n.get();
    }
}
