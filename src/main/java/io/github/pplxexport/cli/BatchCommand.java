package io.github.pplxexport.cli;

import io.github.pplxexport.export.BatchSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code batch}: export the threads of the library index that are new or changed. */
@Command(name = "batch", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Export the index's new and updated threads, one at a time.",
        description = "Exports what index/library_<account>.json lists as new or updated since the last run,"
                + " one thread at a time, and saves index/batch_state.json after every thread, so a stopped run"
                + " resumes where it stopped. Run index first, or use sync, which does both.",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar --cookies ~/perplexity-cookies.txt batch --limit 20",
                "  java -jar target/pplx-export.jar --cookies ~/perplexity-cookies.txt batch --mode deep-research --force"})
public class BatchCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Mixin
    BatchFlags flags = new BatchFlags();
    @Mixin
    PacingOption pacing;
    @Mixin
    GlobalOptions.All globals;

    /** The route this command runs ({@code sync} runs the index first). */
    String route() {
        return "batch";
    }

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, route());
        flags.options(null); // a bad --mode or --limit is a usage error before any network
        Map<String, String> properties = new HashMap<>(pacing.properties());
        properties.putAll(flags.pacing());
        OnlineRun run = OnlineRun.prepare(parent.global, parent.global.skipAuthCheck, properties).readingAhead();
        return Outcome.of(run.run("direct:" + route(), flags::options, BatchSummary.class), route());
    }
}
