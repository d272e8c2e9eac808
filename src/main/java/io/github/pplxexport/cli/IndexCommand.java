package io.github.pplxexport.cli;

import io.github.pplxexport.export.BatchOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.util.Map;
import java.util.concurrent.Callable;

/** {@code index}: refresh index/library_&lt;account&gt;.json from the GraphQL library listing. */
@Command(name = "index", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Refresh <out>/index/library_<account>.json from the library listing (incremental by default)."})
public class IndexCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Option(names = "--full", description = "Page the whole library and rewrite the index.")
    boolean full;

    @Option(names = "--skip-auth-check", description = "Skip the startup session probe.")
    boolean skipAuthCheck;

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "index");
        return OnlineRun.guarded(() -> {
            OnlineRun run = OnlineRun.prepare(parent.global, skipAuthCheck, Map.of());
            run.run("direct:fetch-index", account -> new BatchOptions(account, full, false, 0, null), Integer.class);
            return PplxExportCli.EXIT_OK;
        });
    }
}
