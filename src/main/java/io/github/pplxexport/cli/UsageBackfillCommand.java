package io.github.pplxexport.cli;

import io.github.pplxexport.usage.CreditUsage;
import io.github.pplxexport.usage.UsageOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code usage-backfill [--limit N]}: the credits of each archived thread (route {@code usage-backfill}). */
@Command(name = "usage-backfill", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Record the credits each archived thread cost.",
        description = "One request per archived thread of the account (thread.json export_via) that the file does not"
                + " have yet, 3 s apart. A 403 thread_usage_forbidden is recorded and never asked again; any other"
                + " failure is asked again next run. Run it once per account (--account).",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar usage-backfill",
                "  java -jar target/pplx-export.jar --account work usage-backfill --limit 50"})
public class UsageBackfillCommand extends OnlineCommand {
    @Option(names = "--limit", paramLabel = "N", description = "Only the first N threads not recorded yet.")
    int limit;

    @Override
    int run() throws Exception {
        if (limit < 0) {
            throw new UsageException("--limit must be positive");
        }
        OnlineRun run = online();
        CreditUsage.Summary s = run.run("direct:usage-backfill", account -> new UsageOptions(account, limit),
                CreditUsage.Summary.class);
        System.out.println(s.line());
        if (StopSignals.received().isPresent()) {
            return Outcome.stopped(s.planned() + " thread(s) asked", "usage-backfill");
        }
        return s.failed() > 0 ? PplxExportCli.EXIT_THREADS_FAILED : PplxExportCli.EXIT_OK;
    }
}
