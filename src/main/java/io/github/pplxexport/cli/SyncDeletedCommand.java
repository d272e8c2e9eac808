package io.github.pplxexport.cli;

import io.github.pplxexport.config.ConfigException;
import io.github.pplxexport.config.UserConfig;
import io.github.pplxexport.export.SyncDeletedOptions;
import io.github.pplxexport.export.SyncDeletedPlan;
import io.github.pplxexport.export.SyncDeletedSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code sync-deleted}: the threads the platform may have deleted (reference-cli-and-archive.md §2.9, §4.6). By
 * default an offline dry run that lists the candidates and the skipped threads with their reasons (zero network,
 * zero writes); {@code --online} asks the platform about each (route {@code sync-deleted}).
 */
@Command(name = "sync-deleted", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "List threads deleted on the platform; --online confirms.",
        description = "Candidates are the threads exported once (state ok) that no index/library_*.json lists any more"
                + " (the union of every account's index). Without --online it only lists them and the threads left"
                + " out, with the reason: no request, no write. With --online it asks the platform for each, one at a"
                + " time with a random pause: ENTRY_DELETED, ENTRY_EXPIRED or 404 marks it deleted in"
                + " index/batch_state.json and stamps remote_deleted into its thread.json; a thread still there is"
                + " reported and left alone; a 5xx or network error changes nothing. Archive files are never deleted"
                + " or moved. A candidate another account exported (thread.json export_via) is asked as that account:"
                + " its session token of the same browser login.",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar sync-deleted",
                "  java -jar target/pplx-export.jar --cookies ~/perplexity-cookies.txt sync-deleted --online --limit 20"})
public class SyncDeletedCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Option(names = "--online", description = "Ask the platform about each candidate (GET /rest/thread/<uuid>).")
    boolean online;

    @Option(names = "--limit", paramLabel = "N", description = "Only the first N candidates.")
    int limit;

    @Option(names = "--delay-min", paramLabel = "S", description = "Shortest random pause between two candidates, in seconds (default 10).")
    Double delayMin;

    @Option(names = "--delay-max", paramLabel = "S", description = "Longest random pause between two candidates, in seconds (default 20).")
    Double delayMax;

    @Mixin
    PacingOption pacing;
    @Mixin
    GlobalOptions.All globals;

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "sync-deleted");
        if (limit < 0) {
            throw new UsageException("--limit must be positive");
        }
        Map<String, String> properties = new HashMap<>(pacing.properties());
        properties.putAll(BatchFlags.threadDelays(delayMin, delayMax));
        if (!online) {
            SyncDeletedPlan plan = SyncDeletedPlan.read(parent.global.archiveRoot(), configuredAccount(), limit);
            plan.lines().forEach(System.out::println);
            System.out.println("[sync-deleted] dry run: nothing was asked and nothing written; --online checks the "
                    + plan.check().size() + " candidate(s)");
            return PplxExportCli.EXIT_OK;
        }
        OnlineRun run = OnlineRun.prepare(parent.global, parent.global.skipAuthCheck, properties);
        SyncDeletedSummary s = run.run("direct:sync-deleted", account -> new SyncDeletedOptions(account, limit),
                SyncDeletedSummary.class);
        if (StopSignals.received().isPresent()) {
            return Outcome.stopped(s.checked() + " candidate(s) checked", "sync-deleted --online");
        }
        return s.failed() > 0 ? PplxExportCli.EXIT_THREADS_FAILED : PplxExportCli.EXIT_OK;
    }

    /** The account a dry run assumes: --account, else the config's default; null without a config (no filter). */
    private String configuredAccount() {
        try {
            UserConfig config = UserConfig.load(parent.global.config);
            return parent.global.account == null && config.degraded() ? null : config.resolveAccount(parent.global.account);
        } catch (ConfigException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
