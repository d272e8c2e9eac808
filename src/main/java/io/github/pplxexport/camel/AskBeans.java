package io.github.pplxexport.camel;

import io.github.pplxexport.ask.AskCommands;
import io.github.pplxexport.ask.AskConfig;
import io.github.pplxexport.ask.AskRun;
import io.github.pplxexport.ask.ScheduledAsks;
import org.apache.camel.BindToRegistry;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.PropertyInject;
import org.apache.camel.StartupListener;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * The beans of asking ({@code routes/ask.camel.yaml}), bound like {@link PplxBeans}; and, in the service mode, one
 * route {@code scheduled-ask-<name>} per {@code [[asks]]} table of the config, made from the route template
 * {@code scheduled-ask} once the routes are loaded.
 */
public class AskBeans implements CamelConfiguration {
    @PropertyInject("pplx.archive.root")
    String archiveRoot;
    @PropertyInject("pplx.config.file")
    String configFile;

    private AskConfig config;
    private AskRun run;
    private ScheduledAsks scheduled;

    private synchronized AskConfig config() {
        if (config == null) {
            config = configFile.isBlank() ? AskConfig.none() : AskConfig.read(Path.of(configFile));
        }
        return config;
    }

    @BindToRegistry
    public synchronized AskRun askRun(@PropertyInject("pplx.ask.heartbeat-ms") long heartbeatMillis, CamelContext context) {
        if (run == null) {
            run = new AskRun(Path.of(archiveRoot).toAbsolutePath().normalize(), config(), new ApiErrors(), heartbeatMillis,
                    Clock.systemUTC(), new AskMetrics(context));
        }
        return run;
    }

    @BindToRegistry
    public AskCommands askCommands() {
        return new AskCommands();
    }

    @BindToRegistry
    public synchronized ScheduledAsks scheduledAsks(CamelContext context) {
        if (scheduled == null) {
            scheduled = new ScheduledAsks(config(), new ApiErrors(), new AskMetrics(context));
        }
        return scheduled;
    }

    @Override
    public void configure(CamelContext context) throws Exception {
        // scheduled asks only where something schedules them (the run command); every command that loads the
        // pipeline reads [[asks]] with the config (a bad table is a config error there too), but adds no route
        context.addStartupListener(new StartupListener() {
            @Override
            public void onCamelContextStarted(CamelContext started, boolean alreadyStarted) {
            }

            @Override
            public void onCamelContextFullyStarted(CamelContext started, boolean alreadyStarted) throws Exception {
                if (!Boolean.parseBoolean(started.resolvePropertyPlaceholders("{{pplx.schedule.enabled}}"))) {
                    return;
                }
                for (AskConfig.ScheduledAsk a : scheduledAsks(started).config().asks().values()) {
                    started.addRouteFromTemplate("scheduled-ask-" + a.name(), "scheduled-ask",
                            Map.of("name", a.name(), "cron", a.cron()));
                }
            }
        });
    }
}
