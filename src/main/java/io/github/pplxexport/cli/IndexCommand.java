package io.github.pplxexport.cli;

import io.github.pplxexport.export.BatchOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/** {@code index}: refresh index/library_&lt;account&gt;.json from the GraphQL library listing. */
@Command(name = "index", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Refresh the library index, index/library_<account>.json.",
        description = "Pages the library listing, newest first, until it reaches threads the index already has"
                + " unchanged; --full pages the whole library and rewrites the index.")
public class IndexCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Option(names = "--full", description = "Page the whole library and rewrite the index.")
    boolean full;

    @Mixin
    PacingOption pacing;
    @Mixin
    GlobalOptions.All globals;

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "index");
        OnlineRun run = OnlineRun.prepare(parent.global, parent.global.skipAuthCheck, pacing.properties());
        run.run("direct:fetch-index", account -> new BatchOptions(account, full, false, 0, null), Integer.class);
        return PplxExportCli.EXIT_OK;
    }
}
