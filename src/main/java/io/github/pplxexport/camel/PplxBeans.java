package io.github.pplxexport.camel;

import io.github.pplxexport.api.PerplexityApi;
import io.github.pplxexport.archive.ThreadArchiveWriter;
import io.github.pplxexport.config.UserConfig;
import io.github.pplxexport.export.BatchRun;
import io.github.pplxexport.export.DeadLetters;
import io.github.pplxexport.export.ExportOutcomes;
import io.github.pplxexport.export.ExportSettings;
import io.github.pplxexport.export.LibraryRefresh;
import io.github.pplxexport.export.Pacing;
import io.github.pplxexport.export.ScheduledSync;
import io.github.pplxexport.export.ThreadExport;
import io.github.pplxexport.export.ThreadFetcher;
import io.github.pplxexport.render.Labels;
import io.github.pplxexport.render.ThreadRenderer;
import org.apache.camel.BindToRegistry;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.spi.Registry;

import java.nio.file.Paths;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/**
 * The beans the shipped routes refer to by name. Each is a plain class that knows nothing of Camel; this
 * configuration is the only place that names them for the registry. A command binds its
 * {@code exportSettings} and {@code perplexityApi} before start; without them (offline commands) harmless
 * defaults are bound so every shipped route can still be created.
 */
public class PplxBeans implements CamelConfiguration {

    @BindToRegistry
    public ThreadRenderer threadRenderer() {
        return new ThreadRenderer(Labels.DEFAULT);
    }

    @BindToRegistry
    public ExportOutcomes exportOutcomes() {
        return new ExportOutcomes();
    }

    @BindToRegistry
    public BackoffNotice backoffNotice() {
        return new BackoffNotice();
    }

    @Override
    public void configure(CamelContext context) {
        Registry registry = context.getRegistry();
        ExportSettings settings = registry.lookupByNameAndType("exportSettings", ExportSettings.class);
        if (settings == null) {
            settings = new ExportSettings(Paths.get("web_archive").toAbsolutePath(), UserConfig.DEGRADED_ACCOUNT,
                    UserConfig.degradedConfig(), Clock.systemUTC());
            registry.bind("exportSettings", settings);
        }
        PerplexityApi api = registry.lookupByNameAndType("perplexityApi", PerplexityApi.class);
        if (api == null) {
            api = new PerplexityApi(property(context, "pplx.api.base-url"), null, property(context, "pplx.api.user-agent"),
                    Duration.ofSeconds(number(context, "pplx.api.thread-timeout-seconds")),
                    Duration.ofSeconds(number(context, "pplx.api.timeout-seconds")));
            registry.bind("perplexityApi", api);
        }
        ExportSettings s = settings;
        Pacing pacing = new Pacing(number(context, "pplx.pacing.thread-delay-min-ms"),
                number(context, "pplx.pacing.thread-delay-max-ms"));
        Map.<String, Object>of(
                "threadFetcher", new ThreadFetcher(api),
                "threadExport", new ThreadExport(s),
                "threadArchive", new ThreadArchiveWriter(s.out(), Labels.DEFAULT, s.clock(), s::displayFolder),
                "batchRun", new BatchRun(s, pacing, number(context, "pplx.retry.delay-ms")),
                "libraryRefresh", new LibraryRefresh(api, s, (int) number(context, "pplx.index.max-pages")),
                "deadLetters", new DeadLetters(s.out(), s.clock()),
                "scheduledSync", new ScheduledSync((int) number(context, "pplx.run.max-syncs"))
        ).forEach(registry::bind);
    }

    private static String property(CamelContext context, String key) {
        return context.getPropertiesComponent().resolveProperty(key).orElse("");
    }

    private static long number(CamelContext context, String key) {
        String v = property(context, key).strip();
        return v.isEmpty() ? 0 : Long.parseLong(v);
    }
}
