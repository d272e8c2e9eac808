package io.github.pplxexport.cli;

import io.github.pplxexport.camel.McpOverHttp;
import io.github.pplxexport.camel.PplxRuntime;
import io.github.pplxexport.export.ScheduledSync;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code run}: the service mode. A long-running Camel Main whose {@code scheduled-sync} route runs an
 * incremental sync on a cron schedule, with health ({@code /observe/health}) and Prometheus metrics
 * ({@code /observe/metrics}) on a loopback HTTP port. Stops on SIGTERM/Ctrl-C ({@link StopSignals}: a sync in
 * progress stops at once; the state is saved after every thread).
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Service mode: scheduled syncs, health, metrics, web pages.",
        description = "Keeps running: an incremental sync on a Quartz cron schedule (--cron or pplx.schedule.cron,"
                + " default 03:17 daily; never two at once), health at /observe/health and Prometheus metrics at"
                + " /observe/metrics on 127.0.0.1:8080 (pplx.management.host, pplx.management.port), and the pages of"
                + " serve on 127.0.0.1:8787 (pplx.serve.host, pplx.serve.port, pplx.serve.token)."
                + " Stops on Ctrl-C or SIGTERM.",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar --cookies ~/perplexity-cookies.txt run --cron '0 0/30 * * * ?'",
                "  java -jar target/pplx-export.jar --cookies ~/perplexity-cookies.txt run -D pplx.management.port=9090",
                "  curl -s http://127.0.0.1:8080/observe/health"})
public class RunCommand implements Callable<Integer> {

    @ParentCommand
    PplxExportCli parent;

    @Option(names = "--cron", paramLabel = "EXPR",
            description = "Quartz cron with seconds, e.g. '0 0/30 * * * ?' (default: pplx.schedule.cron).")
    String cron;

    @Option(names = "--max-syncs", paramLabel = "N",
            description = "Stop after N scheduled syncs (default: run until stopped).")
    int maxSyncs;

    @Mixin
    PacingOption pacing;
    @Mixin
    GlobalOptions.All globals;

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "run");
        Map<String, String> flags = new HashMap<>(pacing.properties());
        flags.put("pplx.schedule.enabled", "true");
        flags.put("pplx.serve.enabled", "true"); // the web app beside the syncs (docs/serving.md)
        // one HTTP server: the pages share the management server's address and port unless set apart with -D
        Map<String, String> given = parent.global.properties(Map.of());
        flags.put("pplx.serve.port", given.getOrDefault("pplx.serve.port", "{{pplx.management.port}}"));
        flags.put("pplx.serve.host", given.getOrDefault("pplx.serve.host", "{{pplx.management.host}}"));
        Map<String, String> serving = parent.global.properties(flags);
        String refusal = io.github.pplxexport.browse.Access.refusal(
                given.getOrDefault("pplx.serve.host", given.getOrDefault("pplx.management.host", "127.0.0.1")),
                serving.getOrDefault("pplx.serve.token", ""));
        if (refusal != null) {
            throw new UsageException(refusal.replace("--host", "pplx.serve.host").replace("--token", "pplx.serve.token"));
        }
        flags.put("pplx.run.max-syncs", String.valueOf(maxSyncs));
        if (cron != null) {
            flags.put("pplx.schedule.cron", cron);
        }
        // asked for here, not in a static field: the command line is built before logging has started
        Logger log = LoggerFactory.getLogger("pplx.run");
        OnlineRun run = OnlineRun.prepare(parent.global, parent.global.skipAuthCheck, flags);
        ScheduledSync syncs;
        try (PplxRuntime runtime = run.start(List.of("scheduled-sync", "serve", "mcp")); McpOverHttp mcp = McpOverHttp.mount(runtime, McpCommand.version())) {
            // fail at once on a dead or foreign cookie; every scheduled sync checks the session again
            String account = run.session(runtime);
            syncs = runtime.context().getRegistry().lookupByNameAndType("scheduledSync", ScheduledSync.class);
            log.info("[run] {}", runtime.context().resolvePropertyPlaceholders("scheduled sync '{{pplx.schedule.cron}}'"
                    + " for account " + account + " into {{pplx.archive.root}}; health"
                    + " http://{{camel.management.host}}:{{camel.management.port}}/observe/health, metrics /observe/metrics;"
                    + " pages http://{{pplx.serve.host}}:{{pplx.serve.port}}/"));
            // the search index level with the archive, while the pages are served
            runtime.context().createProducerTemplate().asyncSendBody("direct:serve-catch-up", null);
            // until the run limit, or a signal (which stops the context: a sync in progress ends at once)
            while (StopSignals.received().isEmpty() && !runtime.context().isStopping() && !syncs.awaitLimit(200, TimeUnit.MILLISECONDS)) {
                Thread.onSpinWait();
            }
        } // closing waits for the sync a signal stopped
        String done = syncs.runs() + " scheduled sync(s) done, " + syncs.failures() + " with failures";
        if (StopSignals.received().isPresent()) {
            return Outcome.stopped(done + syncs.stopped().map(s -> "; the sync in progress: " + s.progress()).orElse(""), null);
        }
        log.info("[run] stopping: {}", done);
        return syncs.failures() > 0 ? PplxExportCli.EXIT_THREADS_FAILED : PplxExportCli.EXIT_OK;
    }
}
