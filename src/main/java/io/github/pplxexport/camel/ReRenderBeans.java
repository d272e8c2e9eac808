package io.github.pplxexport.camel;

import io.github.pplxexport.archive.ArchivedThreadLoader;
import io.github.pplxexport.archive.MarkdownWriter;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.render.ThreadRenderer;
import io.github.pplxexport.rerender.ReRenderOutcomes;
import io.github.pplxexport.rerender.ReRenderThread;
import io.github.pplxexport.rerender.ThreadJsonUpdater;
import org.apache.camel.BindToRegistry;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.PropertyInject;
import org.apache.camel.spi.ThreadPoolProfile;
import org.apache.camel.util.concurrent.ThreadPoolRejectedPolicy;

/**
 * The beans of the re-render routes, and all an offline command binds: no API client, no export
 * settings, nothing that opens a port or schedules (see {@link PplxRuntime#startOffline}).
 */
public class ReRenderBeans implements CamelConfiguration {

    /** Offline re-render works on independent thread dirs: one worker per core by default. */
    public static final String RE_RENDER_POOL = "re-render-pool";

    /** 0: one per core. */
    @PropertyInject("pplx.rerender.threads")
    int threads;
    /** The language of the Markdown labels (--lang). */
    @PropertyInject("pplx.lang")
    String lang;

    /** A stop (SIGTERM, Ctrl-C: the context stops, as for a batch) starts no further thread dir. */
    @BindToRegistry
    public ReRenderOutcomes reRenderOutcomes(CamelContext context) {
        return new ReRenderOutcomes(new PipelineStop(context));
    }

    @BindToRegistry
    public ReRenderThread reRenderThread() {
        return new ReRenderThread(new ArchivedThreadLoader(), new ThreadRenderer(Labels.of(lang)), new MarkdownWriter(),
                new ThreadJsonUpdater(), new ReRenderOutcomes());
    }

    @Override
    public void configure(CamelContext context) {
        int threads = this.threads > 0 ? this.threads : Runtime.getRuntime().availableProcessors();
        ThreadPoolProfile pool = new ThreadPoolProfile(RE_RENDER_POOL);
        pool.setPoolSize(threads);
        pool.setMaxPoolSize(threads);
        // a small queue keeps the streamed split from reading the whole archive ahead of the workers
        pool.setMaxQueueSize(threads * 4);
        pool.setRejectedPolicy(ThreadPoolRejectedPolicy.CallerRuns);
        context.getExecutorServiceManager().registerThreadPoolProfile(pool);
    }
}
