package io.github.pplxexport.camel;

import io.github.pplxexport.archive.ArchivedThreadLoader;
import io.github.pplxexport.archive.MarkdownWriter;
import io.github.pplxexport.render.Labels;
import io.github.pplxexport.render.ThreadRenderer;
import io.github.pplxexport.rerender.ReRenderOutcomes;
import io.github.pplxexport.rerender.ThreadJsonUpdater;
import org.apache.camel.BindToRegistry;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.spi.ThreadPoolProfile;

/**
 * The beans the shipped routes refer to by name. Each is a plain class that knows nothing of Camel; this
 * configuration is the only place that names them for the registry.
 */
public class PplxBeans implements CamelConfiguration {

    /** Offline re-render works on independent thread dirs: one worker per core by default. */
    public static final String RE_RENDER_POOL = "re-render-pool";

    @BindToRegistry
    public ArchivedThreadLoader archivedThreadLoader() {
        return new ArchivedThreadLoader();
    }

    @BindToRegistry
    public ThreadRenderer threadRenderer() {
        return new ThreadRenderer(Labels.DEFAULT);
    }

    @BindToRegistry
    public MarkdownWriter markdownWriter() {
        return new MarkdownWriter();
    }

    @BindToRegistry
    public ThreadJsonUpdater threadJsonUpdater() {
        return new ThreadJsonUpdater();
    }

    @BindToRegistry
    public ReRenderOutcomes reRenderOutcomes() {
        return new ReRenderOutcomes();
    }

    @Override
    public void configure(CamelContext context) {
        int threads = Integer.parseInt(context.resolvePropertyPlaceholders("{{pplx.rerender.threads:0}}"));
        if (threads <= 0) {
            threads = Runtime.getRuntime().availableProcessors();
        }
        ThreadPoolProfile pool = new ThreadPoolProfile(RE_RENDER_POOL);
        pool.setPoolSize(threads);
        pool.setMaxPoolSize(threads);
        // a small queue keeps the streamed split from reading the whole archive ahead of the workers
        pool.setMaxQueueSize(threads * 4);
        pool.setRejectedPolicy(org.apache.camel.util.concurrent.ThreadPoolRejectedPolicy.CallerRuns);
        context.getExecutorServiceManager().registerThreadPoolProfile(pool);
    }
}
