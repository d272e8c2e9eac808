package io.github.pplxexport.rerender;

import io.github.pplxexport.archive.ArchivedThreadLoader;
import io.github.pplxexport.archive.MarkdownWriter;
import io.github.pplxexport.archive.PreviousCopies;
import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.render.RenderedThread;
import io.github.pplxexport.render.ThreadRenderer;

import java.time.Clock;
import java.util.Optional;

/**
 * One thread dir, start to end, in one call: parse (raw files → conversation), render (conversation →
 * Markdown), keep the archived copy under versions/ when the new one holds less ({@link PreviousCopies}), write (only the files whose bytes change, stale turn files removed), and with
 * {@code --thread-json} the registries of thread.json. A failure becomes that thread's FAILED result with
 * one error line; it never stops the run. One call per thread keeps the pipeline's per-thread cost to a
 * single bean invocation (reference-behaviour.md §6.1).
 */
public final class ReRenderThread {
    private final ArchivedThreadLoader loader;
    private final ThreadRenderer renderer;
    private final MarkdownWriter writer;
    private final ThreadJsonUpdater threadJson;
    private final ReRenderOutcomes outcomes;
    private final Clock clock;

    public ReRenderThread(ArchivedThreadLoader loader, ThreadRenderer renderer, MarkdownWriter writer,
                          ThreadJsonUpdater threadJson, ReRenderOutcomes outcomes) {
        this(loader, renderer, writer, threadJson, outcomes, Clock.systemUTC());
    }

    public ReRenderThread(ArchivedThreadLoader loader, ThreadRenderer renderer, MarkdownWriter writer,
                          ThreadJsonUpdater threadJson, ReRenderOutcomes outcomes, Clock clock) {
        this.clock = clock;
        this.loader = loader;
        this.renderer = renderer;
        this.writer = writer;
        this.threadJson = threadJson;
        this.outcomes = outcomes;
    }

    public ThreadResult apply(ReRenderJob job) {
        if (!outcomes.renderable(job.dir())) {
            return outcomes.skipped(job);
        }
        try {
            Conversation c = loader.load(job.dir());
            RenderedThread rendered = renderer.render(c);
            Optional<PreviousCopies.Kept> kept = new PreviousCopies(job.request().out(), clock)
                    .keepIfLessMarkdown(job.dir(), c.webUuid(), rendered.turnFiles());
            MarkdownWriter.Result written = writer.write(job.dir(), rendered);
            boolean registries = job.request().threadJson() && threadJson.update(job.dir(), c, job.request().out());
            return outcomes.done(job, written, registries, kept);
        } catch (Exception e) {
            return outcomes.failed(job.dir(), job.request(), e);
        }
    }
}
