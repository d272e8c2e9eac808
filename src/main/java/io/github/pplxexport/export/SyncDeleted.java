package io.github.pplxexport.export;

import io.github.pplxexport.api.ResponseClassifier;
import io.github.pplxexport.archive.RemoteDeleted;
import io.github.pplxexport.archive.ThreadDirName;
import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.library.BatchState;
import io.github.pplxexport.text.PyStrings;
import io.github.pplxexport.text.Timestamps;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * The bookkeeping of {@code sync-deleted --online} (bean {@code syncDeleted}; reference-behaviour.md §6.4,
 * reference-cli-and-archive.md §4.6): the plan, the pause between candidates, and what each answer means for
 * the state. Which answer gets which method is {@code check-deleted} in {@code routes/error-handling.camel.yaml}.
 * Archive files are never deleted or moved: a confirmed deletion is a {@code deleted} state record and a
 * {@code remote_deleted} stamp in each thread.json of the thread; the state is saved after every candidate.
 */
public final class SyncDeleted {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.sync-deleted");
    public static final String NOTE_NOT_FOUND = Labels.DEFAULT.get(Label.STATE_NOT_FOUND);

    private final ExportSettings settings;
    private final Pacing pacing;
    private final Failures failures;
    private final BooleanSupplier stopping;

    /** @param stopping true once the pipeline is stopping (SIGTERM, Ctrl-C): the pause ends, no candidate begins */
    public SyncDeleted(ExportSettings settings, Pacing pacing, Failures failures, BooleanSupplier stopping) {
        this.settings = settings;
        this.pacing = pacing;
        this.failures = failures;
        this.stopping = stopping;
    }

    /** One run's state, carried in variable {@code check}. */
    public static final class Run {
        final SyncDeletedPlan plan;
        final BatchState state;
        int position;
        int deleted;
        int present;
        int failed;
        int authFails;
        RunAbortedException abort;

        Run(SyncDeletedPlan plan, BatchState state) {
            this.plan = plan;
            this.state = state;
        }
    }

    /** The plan for the account the session check resolved, printed; the state to mark. */
    public Run start(SyncDeletedOptions options) throws IOException {
        SyncDeletedPlan plan = SyncDeletedPlan.read(settings.out(), options.account(), options.limit());
        plan.lines().forEach(LOG::info);
        return new Run(plan, BatchState.load(BatchState.file(settings.out()), settings.clock()));
    }

    public List<DeletionCandidate> candidates(Run run) {
        return run.plan.check();
    }

    /**
     * The random pause before a candidate (none before the first; 10–20 s by default, as between threads), waited
     * here so that a stop ends it at once; the route checks for the stop right after.
     */
    public void pause(Run run) throws InterruptedException {
        if (run.position++ == 0 || stopping.getAsBoolean()) {
            return;
        }
        long d = pacing.betweenThreads();
        LOG.info(Labels.messages().format(Label.SYNC_DELETED_PAUSE, String.format(Locale.ROOT, "%.1f", d / 1000.0)));
        Pacing.await(d, stopping);
    }

    /** The account to ask as: the one the candidate was exported through, else the run's. */
    public String account(Run run, DeletionCandidate c) {
        return c.exportVia().isEmpty() || run.plan.account() == null ? run.plan.account() : c.exportVia();
    }

    /** No session token of the login is the candidate's account: nothing changes, it stays a candidate. */
    public void noSession(Run run, DeletionCandidate c, String account) {
        run.failed++;
        LOG.error("[sync-deleted {}] {} {}: exported via '{}', and no session token of this login is that account's"
                + " (log in to it in the same browser, or run with --account {} and its cookies); nothing changed",
                where(run), PyStrings.head(c.uuid(), 8), c.title(), account, account);
    }

    /** 200: the thread is still there (the index may be stale); nothing changes. */
    public void present(Run run, DeletionCandidate c) {
        run.authFails = 0;
        run.present++;
        LOG.warn("[sync-deleted {}] {} {}: still on the platform, not deleted; nothing changed (the library index may"
                + " be stale: run index again)", where(run), PyStrings.head(c.uuid(), 8), c.title());
    }

    /**
     * The pipeline stopped (SIGTERM, Ctrl-C) while this candidate was being asked for: nothing changes, it is asked
     * again next time.
     */
    public void interrupted(Run run, DeletionCandidate c) {
        LOG.debug("[sync-deleted] {} {}: stopped before it was checked", PyStrings.head(c.uuid(), 8), c.title());
    }

    /**
     * 400 ENTRY_DELETED / ENTRY_EXPIRED or 404: gone. State {@code deleted} with the reason, and
     * {@code remote_deleted} stamped into every thread.json of the thread (never twice).
     */
    public void deleted(Run run, DeletionCandidate c, Exception e) throws IOException {
        run.authFails = 0;
        run.deleted++;
        String code = failures.code(e);
        String note = ResponseClassifier.ENTRY_DELETED.equals(code) ? BatchState.NOTE_ENTRY_DELETED
                : ResponseClassifier.ENTRY_EXPIRED.equals(code) ? BatchState.NOTE_ENTRY_EXPIRED : NOTE_NOT_FOUND;
        String now = Timestamps.nowUtc(settings.clock());
        int stamped = 0;
        for (Path dir : ThreadDirName.findExisting(settings.out(), c.uuid())) {
            if (RemoteDeleted.stamp(dir.resolve(ThreadFiles.THREAD_JSON), now)) {
                stamped++;
            }
        }
        run.state.markDeleted(c.uuid(), lastUpdated(run, c), c.title(), note);
        save(run);
        LOG.warn("[sync-deleted {}] {} {}: {} → state deleted, remote_deleted stamped in {} thread.json (files kept)",
                where(run), PyStrings.head(c.uuid(), 8), c.title(), failures.line(e), stamped);
    }

    /** A Cloudflare challenge: the run stops (exit 3). */
    public void challenged(Run run, DeletionCandidate c, Exception e) {
        run.failed++;
        run.abort = new RunAbortedException(failures.line(e), e);
    }

    /** 401/403 (the cookie): nothing changes; the third in a row stops the run (exit 3). */
    public void authFailed(Run run, DeletionCandidate c, Exception e) {
        run.authFails++;
        run.failed++;
        LOG.error("[sync-deleted {}] {} {}: {}", where(run), PyStrings.head(c.uuid(), 8), c.title(), failures.line(e));
        if (run.authFails >= BatchRun.AUTH_FAIL_FAST) {
            run.abort = new RunAbortedException(BatchRun.AUTH_FAIL_FAST + " auth failures in a row (" + failures.line(e)
                    + "): refresh the cookies (--cookies) and run again", e);
        }
    }

    /** Anything else (5xx or a network error after the retries, 403 VIEW_THREAD_NOT_ALLOWED): no change, asked again next time. */
    public void unchanged(Run run, DeletionCandidate c, Exception e) {
        run.authFails = 0;
        run.failed++;
        LOG.error("[sync-deleted {}] {} {}: {}; nothing changed, it stays a candidate", where(run),
                PyStrings.head(c.uuid(), 8), c.title(), failures.line(e));
    }

    /** Stops the run when a branch said so (separate: a throwing doCatch would hand on its exception). */
    public void stopIfAborted(Run run) {
        if (run.abort != null) {
            throw run.abort;
        }
    }

    /** The end-of-run lines; a stopped run's are the command's, and its summary counts the candidates asked. */
    public SyncDeletedSummary finish(Run run) {
        if (stopping.getAsBoolean()) {
            return new SyncDeletedSummary(run.deleted + run.present + run.failed, run.deleted, run.present, run.failed,
                    run.plan.skipped().size());
        }
        SyncDeletedSummary s = new SyncDeletedSummary(run.plan.check().size(), run.deleted, run.present, run.failed,
                run.plan.skipped().size());
        LOG.info(s.line());
        if (run.present > 0) {
            LOG.info("[sync-deleted] {} candidate(s) still exist: run `pplx-export index` (or sync) to refresh the index",
                    run.present);
        }
        return s;
    }

    private static String where(Run run) {
        return run.position + "/" + run.plan.check().size();
    }

    private static String lastUpdated(Run run, DeletionCandidate c) {
        String known = J.str(run.state.get(c.uuid()), "lastUpdated");
        return known.isEmpty() ? c.lastUpdated() : known;
    }

    private static void save(Run run) {
        try {
            run.state.save();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save " + run.state.file() + ": " + e.getMessage(), e);
        }
    }
}
