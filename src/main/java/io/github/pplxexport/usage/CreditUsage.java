package io.github.pplxexport.usage;

import io.github.pplxexport.api.ApiRequests;
import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.export.AuthFailures;
import io.github.pplxexport.export.Pacing;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.rerender.ThreadDirs;
import io.github.pplxexport.text.Timestamps;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * {@code usage-backfill} (bean {@code creditUsage}, route {@code usage-backfill}; reference-cli-and-archive.md
 * §2.12): the credits each archived thread of the account cost, one
 * {@code GET /rest/billing/credits/thread-usage?thread_id=<psc_uuid>} a thread, 3 s apart, into
 * {@code index/credit_usage_<account>.json}: {@code {"account", "count", "threads": {<web_uuid>: {"context_uuid",
 * "title", "usage_cents", "meter_usage", "fetched_at"}}}}. Idempotent: a thread already in the file is not asked
 * again, so is one whose answer was 403 {@code thread_usage_forbidden} (recorded with {@code "error"}); any other
 * failure is not recorded and asked again next run. The file is saved every 25 threads and at the end.
 */
public final class CreditUsage {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.usage");
    public static final String FORBIDDEN = "thread_usage_forbidden";
    static final int FLUSH_EVERY = 25;

    private final Path out;
    private final long pause;
    private final BooleanSupplier stopping;
    private final Clock clock;

    public CreditUsage(Path out, long pauseMillis, BooleanSupplier stopping, Clock clock) {
        this.out = out;
        this.pause = pauseMillis;
        this.stopping = stopping;
        this.clock = clock;
    }

    public static Path file(Path out, String account) {
        return out.resolve("index").resolve("credit_usage_" + account + ".json");
    }

    /** One archived thread to ask about. */
    public record Item(String webUuid, String contextUuid, String title) {
        public String getQuery() {
            return "thread_id=" + ApiRequests.encode(contextUuid) + "&" + ApiRequests.COMMON_QUERY;
        }
    }

    /** One run, in variable {@code usage}. */
    public static final class Run {
        final String account;
        final Path file;
        final Map<String, Object> threads;
        final List<Item> items;
        int position;
        int used;
        int forbidden;
        int failed;
        final AuthFailures auth = new AuthFailures();
        int unsaved;

        Run(String account, Path file, Map<String, Object> threads, List<Item> items) {
            this.account = account;
            this.file = file;
            this.threads = threads;
            this.items = items;
        }
    }

    /** The numbers of a run. */
    public record Summary(int planned, int used, int forbidden, int failed) {
        public String line() {
            return "[usage-backfill] " + planned + " thread(s) asked: " + used + " with their credits, " + forbidden
                    + " " + FORBIDDEN + " (recorded, not asked again), " + failed + " failed (asked again next run)";
        }
    }

    public Run start(UsageOptions o) throws IOException {
        Path f = file(out, o.account());
        Map<String, Object> threads = new LinkedHashMap<>();
        if (Files.isRegularFile(f)) {
            try {
                threads.putAll(J.map(Json.readObject(f), "threads"));
            } catch (JsonException e) {
                throw new UncheckedIOException(new IOException("cannot read " + f + ": " + e.getMessage()
                        + " (move it away to start it again)", e));
            }
        }
        List<Item> items = new ArrayList<>();
        int archived = 0;
        Set<String> seen = new LinkedHashSet<>();
        for (Iterator<Path> it = ThreadDirs.walk(out, 0); it.hasNext(); ) {
            Path tj = it.next().resolve("thread.json");
            if (!Files.isRegularFile(tj)) {
                continue;
            }
            Map<String, Object> t;
            try {
                t = Json.readObject(tj);
            } catch (JsonException e) {
                continue;
            }
            String via = J.firstStr(t, "export_via", "author");
            String uuid = J.str(t, "web_uuid");
            if (!o.account().equals(via) || uuid.isEmpty() || !seen.add(uuid)) {
                continue;
            }
            archived++;
            String context = J.str(t, "psc_uuid");
            if (context.isEmpty() || threads.containsKey(uuid) || (o.limit() > 0 && items.size() >= o.limit())) {
                continue;
            }
            items.add(new Item(uuid, context, J.str(t, "title")));
        }
        LOG.info("[usage-backfill] {}: {} archived thread(s), {} in {} already, {} to ask", o.account(), archived,
                threads.size(), out.relativize(f), items.size());
        return new Run(o.account(), f, threads, items);
    }

    public List<Item> items(Run run) {
        return run.items;
    }

    /** 3 s between two threads (none before the first); a stop ends it. */
    public void pause(Run run) throws InterruptedException {
        if (run.position++ > 0 && !stopping.getAsBoolean()) {
            Pacing.await(pause, stopping);
        }
    }

    public void used(Run run, Item item, Map<String, Object> answer) throws IOException {
        run.auth.answered();
        Map<String, Object> r = record(item);
        r.put("usage_cents", J.get(answer, "usage_cents"));
        r.put("meter_usage", J.get(answer, "meter_usage"));
        r.put("fetched_at", Timestamps.nowUtc(clock));
        run.threads.put(item.webUuid(), r);
        run.used++;
        LOG.debug("[usage-backfill] {}: {} cents", item.webUuid().substring(0, 8), J.get(answer, "usage_cents"));
        saved(run);
    }

    /** 403 thread_usage_forbidden: recorded, never asked again. */
    public void forbidden(Run run, Item item) throws IOException {
        run.auth.answered();
        Map<String, Object> r = record(item);
        r.put("error", FORBIDDEN);
        r.put("fetched_at", Timestamps.nowUtc(clock));
        run.threads.put(item.webUuid(), r);
        run.forbidden++;
        LOG.warn("[usage-backfill] {} {}: 403 {} (recorded, not asked again)", item.webUuid().substring(0, 8),
                item.title(), FORBIDDEN);
        saved(run);
    }

    /** Any other failure: nothing recorded, asked again next run; the third 401/403 in a row stops the run. */
    public void failed(Run run, Item item, Integer status, String why) {
        run.failed++;
        LOG.error("[usage-backfill] {} {}: {}; asked again next run", item.webUuid().substring(0, 8), item.title(), why);
        run.auth.failed(status, why, () -> save(run));
    }

    public Summary finish(Run run) {
        save(run);
        Summary s = new Summary(run.used + run.forbidden + run.failed, run.used, run.forbidden, run.failed);
        LOG.info(s.line());
        return s;
    }

    private static Map<String, Object> record(Item item) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("context_uuid", item.contextUuid());
        r.put("title", item.title());
        return r;
    }

    private void saved(Run run) {
        if (++run.unsaved >= FLUSH_EVERY) {
            save(run);
        }
    }

    private void save(Run run) {
        if (run.unsaved == 0 && Files.exists(run.file)) {
            return;
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("account", run.account);
        doc.put("count", run.threads.size());
        doc.put("threads", run.threads);
        try {
            AtomicFiles.writeIfChanged(run.file, PyJson.pretty(doc));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save " + run.file + ": " + e.getMessage(), e);
        }
        run.unsaved = 0;
    }
}
