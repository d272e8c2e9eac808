package io.github.pplxexport.export;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.api.ResponseClassifier;
import io.github.pplxexport.json.J;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.library.BatchState;
import io.github.pplxexport.library.IncrementalPlanner;
import io.github.pplxexport.library.LibraryIndex;
import io.github.pplxexport.library.MissingIndexException;
import io.github.pplxexport.thread.SchemaDrift;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The bookkeeping of a batch (or single export) run (reference-behaviour.md §2.2–§2.3, §7.3): the plan, the
 * state file saved after every thread, the ok/skip/fail counters and the summary line. Which method a failed
 * thread gets is the failure policy of {@code routes/error-handling.camel.yaml}; each method only records what
 * its branch means. Stateless: the run's state is the {@link RunState} the routes carry in variable {@code run}.
 */
public final class BatchRun {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.batch");
    public static final int AUTH_FAIL_FAST = 3;

    private final ExportSettings settings;
    private final Pacing pacing;
    private final long coolDownMillis;
    private final Failures failures;
    private final BooleanSupplier stopping;
    private final RunMetrics metrics;
    private final SchemaDriftLog driftLog;
    private final boolean secondPass;

    /**
     * @param stopping true once the pipeline is stopping (SIGTERM, Ctrl-C): a pause ends, nothing more begins
     * @param metrics  where thread outcomes are counted (the service mode's /observe/metrics)
     */
    public BatchRun(ExportSettings settings, Pacing pacing, long coolDownMillis, Failures failures,
                    BooleanSupplier stopping, RunMetrics metrics) {
        this(settings, pacing, coolDownMillis, failures, stopping, metrics, true);
    }

    /** @param secondPass whether a batch tries its failed threads once more at its end (pplx.batch.second-pass) */
    public BatchRun(ExportSettings settings, Pacing pacing, long coolDownMillis, Failures failures,
                    BooleanSupplier stopping, RunMetrics metrics, boolean secondPass) {
        this.secondPass = secondPass;
        this.settings = settings;
        this.pacing = pacing;
        this.coolDownMillis = coolDownMillis;
        this.failures = failures;
        this.stopping = stopping;
        this.metrics = metrics;
        this.driftLog = new SchemaDriftLog(settings.out(), settings.clock());
    }

    /** A run that is never stopped and counts nothing (tests). */
    public BatchRun(ExportSettings settings, Pacing pacing, long coolDownMillis, Failures failures) {
        this(settings, pacing, coolDownMillis, failures, () -> false, RunMetrics.NONE);
    }

    /** A new run of {@code options}: the state re-read from disk, counters at zero. */
    public RunState start(BatchOptions options) {
        removeStaleTemps();
        return new RunState(options.account(), options, BatchState.load(BatchState.file(settings.out()), settings.clock()));
    }

    /** What a run killed while writing a state or index file left in index/ (they are written again in this run). */
    private void removeStaleTemps() {
        try {
            AtomicFiles.removeStaleTemps(settings.out().resolve("index"));
        } catch (IOException e) {
            LOG.warn("[batch] cannot clean up index/: {}", e.getMessage());
        }
    }

    /** A single export's run; the request gets the thread's row of any local library index. */
    public RunState startSingle(ExportRequest request) {
        RunState run = new RunState(request.account(), null, BatchState.load(BatchState.file(settings.out()), settings.clock()));
        run.total = 1;
        return run;
    }

    /** The single export's request with its index row (same lastUpdated as batch uses), when one is found. */
    public ExportRequest single(RunState run, ExportRequest request) throws IOException {
        run.position = 1;
        run.exportedBefore = true;
        return withIndexRow(request);
    }

    /** The request with the thread's row of a local library index, when one lists it (a thread exported off the plan). */
    public ExportRequest withIndexRow(ExportRequest request) throws IOException {
        return request.indexRow() != null ? request : indexRow(request.uuid()).map(request::withIndexRow).orElse(request);
    }

    private Optional<Map<String, Object>> indexRow(String uuid) throws IOException {
        Path index = settings.out().resolve("index");
        if (!Files.isDirectory(index)) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(index, "library_*.json")) {
            for (Path f : files) {
                for (Map<String, Object> r : LibraryIndex.readThreads(f).orElse(List.of())) {
                    if (uuid.equals(J.str(r, "entryUUID"))) {
                        return Optional.of(r);
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The plan of a batch: the library index filtered, sorted, limited and classified. */
    public List<IncrementalPlanner.Item> plan(RunState run) throws IOException {
        BatchOptions options = run.options;
        Path file = LibraryIndex.file(settings.out(), run.account);
        Optional<List<Map<String, Object>>> rows = LibraryIndex.readThreads(file);
        if (rows.isEmpty()) {
            throw new MissingIndexException("no library index for account '" + run.account + "' (" + file
                    + "): run `pplx-export index` first");
        }
        IncrementalPlanner.Selection sel = IncrementalPlanner.selectBatchRows(rows.get(), options.mode(),
                options.limit() > 0 ? options.limit() : null);
        if (!sel.withoutUuid().isEmpty()) {
            LOG.warn("[batch] {} index row(s) without entryUUID skipped", sel.withoutUuid().size());
        }
        IncrementalPlanner.Plan plan = IncrementalPlanner.planSorted(sel.rows(), run.state.records(), options.full(),
                options.force());
        run.nStopped = plan.nStopped();
        run.total = plan.items().size();
        run.exports = (int) plan.items().stream().filter(i -> i.action().exports()).count();
        return plan.items();
    }

    /**
     * The pause before the next export (none before the first, random pacing after, longer after a cool-down),
     * waited here so that a stop ends it at once; the route checks for the stop right after.
     */
    public void pause(RunState run) throws InterruptedException {
        if (!stopping.getAsBoolean()) {
            Pacing.await(pauseMillis(run), stopping);
        }
    }

    /** How long {@link #pause} waits, announced. */
    long pauseMillis(RunState run) {
        if (!run.exportedBefore) {
            return 0;
        }
        long d = pacing.betweenThreads();
        if (run.takeCoolDown()) {
            d = Math.max(d, coolDownMillis);
        }
        LOG.info(Labels.messages().format(Label.BATCH_PAUSE, String.format(Locale.ROOT, "%.1f", d / 1000.0)));
        return d;
    }

    /**
     * Starts one export: the progress line, and the request the export routes work on. The line names no mode:
     * the index row's (SEARCH for a council or study thread) would mislead; the line after the export names the
     * detected one.
     */
    public ExportRequest begin(RunState run, IncrementalPlanner.Item item) {
        run.position++;
        if (!run.retrying.contains(item.uuid())) {
            run.begun++;
        }
        run.current = item;
        run.exportedBefore = true;
        Map<String, Object> row = item.row();
        LOG.info(Labels.messages().format(Label.BATCH_EXPORTING, run.position, run.total, J.str(row, "title"), eta(run)));
        return new ExportRequest(run.account, item.uuid(), ExportRequest.urlFor(item.uuid(), row), row, false);
    }

    /** " (ETA ~…)" from the pace so far, once there is a pace to go by. */
    private static String eta(RunState run) {
        if (run.position <= 1 || run.position >= run.total) {
            return "";
        }
        long perItem = (System.nanoTime() - run.startedNanos) / (run.position - 1);
        long seconds = perItem * (run.total - run.position + 1) / 1_000_000_000L;
        return seconds < 1 ? "" : " (ETA ~" + (seconds >= 60 ? seconds / 60 + "m" + seconds % 60 + "s" : seconds + "s") + ")";
    }

    /**
     * The batch's second pass: the threads of the plan that failed with a cause that may pass
     * ({@link Failures#mayPassLater}: no answer or 429/5xx after the retries, a body not JSON, an HTML page, 404),
     * once more in the same batch; none when the run is stopping or aborted or pplx.batch.second-pass is off.
     * Their failure stays counted until an attempt ends otherwise.
     */
    public List<IncrementalPlanner.Item> secondPass(RunState run) {
        if (!secondPass || run.abort != null || stopping.getAsBoolean() || run.failedItems.isEmpty()) {
            return List.of();
        }
        List<IncrementalPlanner.Item> items = List.copyOf(run.failedItems);
        run.failedItems.clear();
        items.forEach(i -> run.retrying.add(i.uuid()));
        run.planned = run.total;
        run.total = items.size();
        run.position = 0;
        LOG.info("[batch] second pass: {} thread(s) that failed, once more", items.size());
        return items;
    }

    /** A second-pass thread ended otherwise than failed: its failure of the first pass no longer counts. */
    private static void notFailed(RunState run, String uuid) {
        if (run.retrying.remove(uuid)) {
            run.fail--;
        }
    }

    public void skipped(RunState run, IncrementalPlanner.Item item) {
        run.position++;
        run.skip++;
        metrics.threads(RunMetrics.SKIPPED, 1);
        LOG.debug("[batch {}/{}] {}: {}", run.position, run.total, item.action().id(), J.str(item.row(), "title"));
    }

    /** Exported (or already up to date): ok, state saved. */
    public void exported(RunState run, ExportedThread t) {
        run.authFails = 0;
        notFailed(run, t.uuid());
        String where = settings.out().relativize(t.dir().toAbsolutePath().normalize()).toString();
        if (!t.written()) {
            run.skip++;
            metrics.threads(RunMetrics.SKIPPED, 1);
            LOG.info("[batch {}/{}] up to date ({}): {}", run.position, run.total, t.mode(), where);
            return;
        }
        run.ok++;
        metrics.threads(RunMetrics.EXPORTED, 1);
        if (t.answerVariants() > 0) {
            run.variantThreads++;
        }
        if (!t.keptPrevious().isEmpty()) {
            run.keptPrevious++;
        }
        recordDrift(run, t);
        run.state.markOk(t.uuid(), t.lastUpdated(), t.title());
        save(run);
        LOG.info("[batch {}/{}] exported as {}: {}", run.position, run.total, t.mode(), where);
    }

    /** The thread's schema drift into index/schema_drift.jsonl, the run's summary and the metrics. */
    private void recordDrift(RunState run, ExportedThread t) {
        try {
            driftLog.record(t.uuid(), t.title(), t.drift());
        } catch (IOException e) {
            LOG.warn("[batch] cannot write {}: {}", SchemaDriftLog.file(settings.out()), e.getMessage());
        }
        SchemaDrift.byKind(t.drift()).forEach((kind, details) -> {
            metrics.schemaDrift(kind.id());
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("kind", kind.id());
            line.put("web_uuid", t.uuid());
            line.put("details", new ArrayList<Object>(details));
            run.drift.add(line);
        });
    }

    /**
     * The pipeline stopped (SIGTERM, Ctrl-C) while this thread was being fetched: nothing is recorded for it, so
     * the next run exports it.
     */
    public void interrupted(RunState run, ExportRequest request) {
        if (!run.retrying.contains(request.uuid())) {   // a second pass's thread stays counted as failed
            run.interrupted++;
        }
        LOG.debug("[batch] {} {}: stopped before it was exported", request.uuid(), request.title());
    }

    /** 400 ENTRY_DELETED / ENTRY_EXPIRED: terminal, recorded with the last known lastUpdated, never asked again. */
    public void gone(RunState run, ExportRequest request, String code) {
        run.authFails = 0;
        notFailed(run, request.uuid());
        run.skip++;
        metrics.threads(RunMetrics.SKIPPED, 1);
        String lastUpdated = known(run, request, "lastUpdated", J.str(request.indexRow(), "lastUpdated"));
        String title = known(run, request, "title", request.title());
        boolean deleted = ResponseClassifier.ENTRY_DELETED.equals(code);
        // the state keeps the reference's note whatever the language; the console line is in the run's
        String note = deleted ? BatchState.NOTE_ENTRY_DELETED : BatchState.NOTE_ENTRY_EXPIRED;
        if (deleted) {
            run.state.markDeleted(request.uuid(), lastUpdated, title, note);
        } else {
            run.state.markExpired(request.uuid(), lastUpdated, title, note);
        }
        LOG.warn("[batch] {}: {}", request.uuid(), Labels.messages().get(deleted ? Label.STATE_ENTRY_DELETED : Label.STATE_ENTRY_EXPIRED));
        save(run);
    }

    /** A Cloudflare challenge: recorded, and the run is to stop (exit 3). */
    public void challenged(RunState run, ExportRequest request, Exception e) {
        recordError(run, request, e);
        run.abort = new RunAbortedException(failures.line(e), e);
    }

    /** 401/403 (the cookie): recorded; the third in a row means the run is to stop (exit 3). */
    public void authFailed(RunState run, ExportRequest request, Exception e) {
        run.authFails++;
        recordError(run, request, e);
        LOG.error("[batch] {} {}: {}", request.uuid(), request.title(), failures.line(e));
        if (run.authFails >= AUTH_FAIL_FAST) {
            run.abort = new RunAbortedException(AUTH_FAIL_FAST + " auth failures in a row (" + failures.line(e)
                    + "): refresh the cookies (--cookies) and run again", e);
        }
    }

    /**
     * Stops the run when a branch of the failure policy said so. Separate from the branches because a doCatch
     * that throws would hand its new exception to the doCatch clauses after it.
     */
    public void stopIfAborted(RunState run) {
        if (run.abort != null) {
            throw run.abort;
        }
    }

    /** Anything else: this thread only (state error, the run goes on). */
    public void failed(RunState run, ExportRequest request, Exception e) {
        run.authFails = 0;
        recordError(run, request, e);
        if (run.current != null && run.current.uuid().equals(request.uuid()) && !run.retrying.contains(request.uuid())
                && failures.mayPassLater(e)) {
            run.failedItems.add(run.current);
        }
        LOG.error("[batch] {} {}: {}", request.uuid(), request.title(), failures.line(e));
    }

    private void recordError(RunState run, ExportRequest request, Exception e) {
        if (!run.retrying.remove(request.uuid())) {   // a second pass's failure was counted by the first
            run.fail++;
            metrics.threads(RunMetrics.FAILED, 1);
        }
        run.state.markError(request.uuid(), J.str(request.indexRow(), "lastUpdated"), request.title(), failures.line(e));
        save(run);
    }

    private static String known(RunState run, ExportRequest request, String key, String fromRequest) {
        return fromRequest.isEmpty() ? J.str(run.state.get(request.uuid()), key) : fromRequest;
    }

    private static void save(RunState run) {
        try {
            run.state.save();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save " + run.state.file() + ": " + e.getMessage(), e);
        }
    }

    /** The end-of-run lines; the summary travels on as the route's reply. */
    public BatchSummary finish(RunState run) {
        try {
            run.state.flush(); // saves between threads leave the flush to the kernel for a few seconds
        } catch (IOException e) {
            LOG.warn("[state] {} not flushed to disk: {}", run.state.file(), e.getMessage());
        }
        if (run.planned >= 0) {
            run.total = run.planned;
        }
        int skip = run.skip + run.nStopped;
        if (stopping.getAsBoolean()) {
            // the command writes the one line of a stopped run (what was done, what is left)
            return new BatchSummary(run.ok, skip, run.fail, run.total + run.nStopped, run.variantThreads, run.exports,
                    run.exports - run.begun + run.interrupted, run.assetsFailed, run.keptPrevious);
        }
        if (run.nStopped > 0) {
            // as the reference: skip counts the early-stopped rows too
            LOG.info(Labels.messages().format(Label.BATCH_EARLY_STOP, run.nStopped, run.ok, skip, run.fail));
        }
        metrics.threads(RunMetrics.SKIPPED, run.nStopped);
        BatchSummary s = new BatchSummary(run.ok, skip, run.fail, run.total + run.nStopped, run.variantThreads, -1, -1,
                run.assetsFailed, run.keptPrevious);
        LOG.info(s.line());
        if (run.assetsFailed > 0) {
            LOG.warn("[batch] assets: {} failed, retried by the next run (index/dead_letters.jsonl)", run.assetsFailed);
        }
        String drift = SchemaDriftLog.summary(run.drift);
        if (!drift.isEmpty()) {
            LOG.warn(drift);
        }
        if (run.keptPrevious > 0) {
            LOG.warn("[batch] {} thread(s) came back with less than their archived copy, kept under versions/"
                    + " (index/previous_copies.jsonl; `pplx-export status`)", run.keptPrevious);
        }
        if (run.variantThreads > 0) {
            LOG.warn(Labels.messages().format(Label.BATCH_VARIANTS, run.variantThreads));
        }
        return s;
    }
}
