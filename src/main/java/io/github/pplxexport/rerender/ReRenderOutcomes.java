package io.github.pplxexport.rerender;

import io.github.pplxexport.archive.MarkdownWriter;
import io.github.pplxexport.archive.PreviousCopies;
import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.thread.ThreadInputException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The small decisions of the re-render routes: which dirs to visit, what each one's outcome was, and the
 * running tally. Errors become one line naming the thread dir and its cause (stack traces only at debug); a
 * skipped dir gets one line with the reason, a rendered or unchanged one a line at debug level (-v).
 */
public final class ReRenderOutcomes {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.re-render");

    private final BooleanSupplier stopRequested;

    /** Outcomes of a run that always goes to the end. */
    public ReRenderOutcomes() {
        this(() -> false);
    }

    /**
     * @param stopRequested true once the process is asked to stop (SIGINT, SIGTERM): no further thread dir is
     *                      started, the ones in progress finish (every write is atomic), and the command says
     *                      what was done
     */
    public ReRenderOutcomes(BooleanSupplier stopRequested) {
        this.stopRequested = stopRequested;
    }

    /** The thread dirs of the request's archive as jobs, lazily and in sorted order, until a stop is requested. */
    public Iterator<ReRenderJob> threadDirs(ReRenderRequest request) {
        Iterator<Path> dirs = ThreadDirs.walk(request.out(), request.limit());
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return !stopRequested.getAsBoolean() && dirs.hasNext();
            }

            @Override
            public ReRenderJob next() {
                return new ReRenderJob(dirs.next(), request);
            }
        };
    }

    /** {@code --dry-run}: list the dirs instead of rendering them. */
    public boolean dryRun(ReRenderRequest request) {
        return request.dryRun();
    }

    public boolean renderable(Path dir) {
        return Files.isRegularFile(dir.resolve(ThreadFiles.RAW_ENTRIES));
    }

    /** A dir without raw_entries.json (a folder of the user's, a half-copied thread): named, with the reason. */
    public ThreadResult skipped(ReRenderJob job) {
        LOG.info("[re-render] skip {}: no {}", shown(job.dir(), job.request()), ThreadFiles.RAW_ENTRIES);
        return new ThreadResult(job.dir(), ThreadResult.Outcome.SKIPPED, false);
    }

    /** {@code --dry-run}: prints the dir instead of rendering it. */
    public ThreadResult listed(ReRenderJob job) {
        if (!renderable(job.dir())) {
            return skipped(job);
        }
        System.out.println(shown(job.dir(), job.request()));
        return new ThreadResult(job.dir(), ThreadResult.Outcome.LISTED, false);
    }

    public ThreadResult done(ReRenderJob job, MarkdownWriter.Result written, boolean threadJsonWritten) {
        return done(job, written, threadJsonWritten, Optional.empty());
    }

    /** Rendered or unchanged; {@code kept}: the archived Markdown had more and was kept under versions/ (a warning). */
    public ThreadResult done(ReRenderJob job, MarkdownWriter.Result written, boolean threadJsonWritten,
                             Optional<PreviousCopies.Kept> kept) {
        ThreadResult.Outcome outcome = written.changedAnything() ? ThreadResult.Outcome.RENDERED : ThreadResult.Outcome.UNCHANGED;
        kept.ifPresent(k -> LOG.warn("[re-render] {}: {}", shown(job.dir(), job.request()), k.line()));
        LOG.debug("[re-render] {} {}", outcome == ThreadResult.Outcome.RENDERED ? "rendered" : "unchanged",
                shown(job.dir(), job.request()));
        return new ThreadResult(job.dir(), outcome, threadJsonWritten, kept.isPresent());
    }

    public ThreadResult failed(Path dir, ReRenderRequest request, Exception e) {
        String cause = e instanceof ThreadInputException || e instanceof JsonException
                ? e.getMessage() : e.getClass().getSimpleName() + ": " + e.getMessage();
        LOG.error("[re-render] {}: {}", shown(dir, request), cause);
        LOG.debug("[re-render] stack trace", e);
        return new ThreadResult(dir, ThreadResult.Outcome.FAILED, false);
    }

    /** Aggregation: folds each thread's result into the run's summary (first call gets null). */
    public ReRenderSummary add(ReRenderSummary summary, ThreadResult result) {
        ReRenderSummary s = summary == null ? new ReRenderSummary() : summary;
        s.add(result);
        return s;
    }

    /**
     * The summary after the split (an empty archive never reaches the aggregation), and its line; a stopped run's
     * line is the command's (what was done, what is left).
     */
    public ReRenderSummary finish(Object body) {
        ReRenderSummary s = body instanceof ReRenderSummary r ? r : new ReRenderSummary();
        if (!stopRequested.getAsBoolean()) {
            LOG.info(s.toString());
            if (s.keptPrevious() > 0) {
                LOG.warn("[re-render] {} thread(s) rendered less than their archived Markdown, kept under versions/"
                        + " (index/previous_copies.jsonl)", s.keptPrevious());
            }
        }
        return s;
    }

    private static Path shown(Path dir, ReRenderRequest request) {
        return dir.startsWith(request.out()) ? request.out().relativize(dir) : dir;
    }
}
