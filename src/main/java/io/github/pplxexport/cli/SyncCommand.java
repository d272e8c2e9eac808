package io.github.pplxexport.cli;

import io.github.pplxexport.export.BatchSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/** {@code sync}: index, then batch. */
@Command(name = "sync", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Refresh the library index (incremental; --full for a full sweep), then export what changed."})
public class SyncCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Mixin
    BatchFlags flags = new BatchFlags();

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "sync");
        return OnlineRun.guarded(() -> {
            OnlineRun run = OnlineRun.prepare(parent.global, flags.skipAuthCheck, flags.pacing());
            return OnlineRun.exitCode(run.run("direct:sync", flags.options(), BatchSummary.class));
        });
    }
}
