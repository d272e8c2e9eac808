package io.github.pplxexport.export;

import io.github.pplxexport.api.ApiException;
import io.github.pplxexport.json.J;
import io.github.pplxexport.library.BatchState;
import io.github.pplxexport.library.IncrementalPlanner;
import io.github.pplxexport.library.LibraryIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The bookkeeping of one batch (or single export) run (reference-behaviour.md §2.2–§2.3, §7.3): the plan,
 * the state file saved after every thread, the ok/skip/fail counters, the routing of failures (terminal
 * deleted/expired, auth fail-fast after three in a row, Cloudflare stops at once, anything else is recorded
 * and the run goes on) and the summary line. The routes call it; it holds no Camel types.
 */
public final class BatchRun {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.batch");
    public static final int AUTH_FAIL_FAST = 3;

    private final ExportSettings settings;
    private final Pacing pacing;
    private final long failureBackoffMillis;
    private BatchState state;
    private int ok;
    private int skip;
    private int fail;
    private int authFails;
    private int nStopped;
    private int total;
    private int position;
    private int variantThreads;
    private boolean exportedBefore;
    private boolean lastFailed;
    private long startedNanos = System.nanoTime();

    public BatchRun(ExportSettings settings, Pacing pacing, long failureBackoffMillis) {
        this.settings = settings;
        this.pacing = pacing;
        this.failureBackoffMillis = failureBackoffMillis;
    }

    private BatchState state() {
        if (state == null) {
            state = BatchState.load(BatchState.file(settings.out()), settings.clock());
        }
        return state;
    }

    /**
     * A new run on this (singleton) bean: counters back to zero and the state re-read from disk, so the
     * service mode's scheduled syncs each start clean.
     */
    private void startRun() {
        state = null;
        ok = 0;
        skip = 0;
        fail = 0;
        authFails = 0;
        nStopped = 0;
        total = 0;
        position = 0;
        variantThreads = 0;
        exportedBefore = false;
        lastFailed = false;
        startedNanos = System.nanoTime();
    }

    /** The plan of a batch: the library index filtered, sorted, limited and classified; logs the early stop. */
    public List<IncrementalPlanner.Item> plan(BatchOptions options) throws IOException {
        startRun();
        Optional<List<Map<String, Object>>> rows = LibraryIndex.readThreads(LibraryIndex.file(settings.out(), settings.account()));
        if (rows.isEmpty()) {
            throw new IllegalStateException("no library index for account '" + settings.account()
                    + "' (" + LibraryIndex.file(settings.out(), settings.account()) + "): run `pplx-export index` first");
        }
        IncrementalPlanner.Selection sel = IncrementalPlanner.selectBatchRows(rows.get(), options.mode(),
                options.limit() > 0 ? options.limit() : null);
        if (!sel.withoutUuid().isEmpty()) {
            LOG.warn("[batch] {} index row(s) without entryUUID skipped", sel.withoutUuid().size());
        }
        IncrementalPlanner.Plan plan = IncrementalPlanner.plan(sel.rows(), state().records(), options.full(), options.force());
        nStopped = plan.nStopped();
        total = plan.items().size();
        return plan.items();
    }

    public boolean exports(IncrementalPlanner.Item item) {
        return item.action().exports();
    }

    /** The pause before the next export: none before the first, random pacing after, longer after a failure. */
    public long pause() {
        if (!exportedBefore) {
            return 0;
        }
        long d = pacing.betweenThreads();
        if (lastFailed) {
            d = Math.max(d, failureBackoffMillis);
        }
        LOG.info("[batch] 间隔 {}s", String.format("%.1f", d / 1000.0));
        return d;
    }

    /** Starts one export: progress line, the request the export route works on. */
    public ExportRequest begin(IncrementalPlanner.Item item) {
        position++;
        exportedBefore = true;
        Map<String, Object> row = item.row();
        LOG.info("[batch {}/{}] 导出: [{}] {}{}", position, total, J.str(row, "mode"), J.str(row, "title"), eta());
        return new ExportRequest(item.uuid(), ExportRequest.urlFor(item.uuid(), row), row, false);
    }

    /** " (ETA ~…)" from the pace so far, once there is a pace to go by. */
    private String eta() {
        if (position <= 1 || position >= total) {
            return "";
        }
        long perItem = (System.nanoTime() - startedNanos) / (position - 1);
        long seconds = perItem * (total - position + 1) / 1_000_000_000L;
        return seconds < 1 ? "" : " (ETA ~" + (seconds >= 60 ? seconds / 60 + "m" + seconds % 60 + "s" : seconds + "s") + ")";
    }

    /** A single export's request (skip-if-up-to-date unless forced). */
    public ExportRequest beginSingle(ExportRequest request) {
        startRun();
        total++;
        position++;
        exportedBefore = true;
        return request;
    }

    public void skipped(IncrementalPlanner.Item item) {
        position++;
        skip++;
        LOG.debug("[batch {}/{}] {}: {}", position, total, item.action().id(), J.str(item.row(), "title"));
    }

    public void exported(ExportRequest request, ExportedThread t) {
        authFails = 0;
        lastFailed = false;
        if (!t.written()) {
            skip++;
            return;
        }
        ok++;
        if (t.answerVariants() > 0) {
            variantThreads++;
        }
        state().markOk(t.uuid(), t.lastUpdated(), t.title());
        save();
        LOG.debug("[export] {} → {}", t.uuid(), t.dir());
    }

    /**
     * Routes one failed thread (§7.3) and saves the state; throws {@link RunAbortedException} when the run
     * must stop (auth failures three in a row, a Cloudflare challenge).
     */
    public void failed(ExportRequest request, Exception e) {
        Map<String, Object> row = request.indexRow();
        String lastUpdated = J.str(row, "lastUpdated");
        String title = J.str(row, "title");
        lastFailed = false;
        if (e instanceof ApiException.EntryDeleted) {
            authFails = 0;
            skip++;
            state().markDeleted(request.uuid(), previous(request.uuid(), "lastUpdated", lastUpdated),
                    previous(request.uuid(), "title", title), BatchState.NOTE_ENTRY_DELETED);
            LOG.warn("[batch] {}: {}", request.uuid(), BatchState.NOTE_ENTRY_DELETED);
        } else if (e instanceof ApiException.EntryExpired) {
            authFails = 0;
            skip++;
            state().markExpired(request.uuid(), previous(request.uuid(), "lastUpdated", lastUpdated),
                    previous(request.uuid(), "title", title), BatchState.NOTE_ENTRY_EXPIRED);
            LOG.warn("[batch] {}: {}", request.uuid(), BatchState.NOTE_ENTRY_EXPIRED);
        } else if (e instanceof ApiException.CloudflareChallenge) {
            fail++;
            state().markError(request.uuid(), lastUpdated, title, oneLine(e));
            save();
            throw new RunAbortedException(oneLine(e), e);
        } else if (e instanceof ApiException.Auth) {
            authFails++;
            fail++;
            state().markError(request.uuid(), lastUpdated, title, oneLine(e));
            LOG.error("[batch] {} {}: {}", request.uuid(), title, oneLine(e));
            if (authFails >= AUTH_FAIL_FAST) {
                save();
                throw new RunAbortedException(AUTH_FAIL_FAST + " auth failures in a row (" + oneLine(e)
                        + "): refresh the cookies (--cookies) and run again", e);
            }
        } else {
            authFails = 0;
            fail++;
            lastFailed = true;
            state().markError(request.uuid(), lastUpdated, title, oneLine(e));
            LOG.error("[batch] {} {}: {}", request.uuid(), title, oneLine(e));
        }
        save();
    }

    private String previous(String uuid, String key, String fallback) {
        String v = J.str(state().get(uuid), key);
        return fallback.isEmpty() ? v : fallback;
    }

    private void save() {
        try {
            state().save();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save " + state().file() + ": " + e.getMessage(), e);
        }
    }

    /** The end-of-run lines; the summary travels on as the route's reply. */
    public BatchSummary finish() {
        if (nStopped > 0) {
            LOG.info("[batch] 已是最后更新状态，其后 {} 条均无需导出——增量早停 (ok={} skip={} fail={}；--full 可强制全量)",
                    nStopped, ok, skip, fail);
        }
        BatchSummary s = new BatchSummary(ok, skip + nStopped, fail, total + nStopped, variantThreads);
        LOG.info(s.line());
        if (variantThreads > 0) {
            LOG.warn("[batch] ⚠ {} 个线程检测到回答改写变体 ANSWER_VARIANT_DETECTED（见 index/answer_variants_log.jsonl）", variantThreads);
        }
        return s;
    }

    static String oneLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        m = nl >= 0 ? m.substring(0, nl) : m;
        return m.length() > 300 ? m.substring(0, 300) : m;
    }
}
