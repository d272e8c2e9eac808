package io.github.pplxexport.cli;

import io.github.pplxexport.export.BatchSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/** {@code batch}: export the threads of the library index that are new or changed. */
@Command(name = "batch", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Export new and updated threads of index/library_<account>.json, one at a time,",
                "saving index/batch_state.json after every thread (a killed run resumes where it stopped)."})
public class BatchCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Mixin
    BatchFlags flags = new BatchFlags();

    /** The route this command runs ({@code sync} runs the index first). */
    String route() {
        return "batch";
    }

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, route());
        return OnlineRun.guarded(() -> {
            flags.options(null); // a bad --mode or --limit is a usage error before any network
            OnlineRun run = OnlineRun.prepare(parent.global, flags.skipAuthCheck, flags.pacing());
            return OnlineRun.exitCode(run.run("direct:" + route(), flags::options, BatchSummary.class));
        });
    }
}
