package io.github.pplxexport.cli;

import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.library.StatusReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.util.Map;
import java.util.concurrent.Callable;

/** {@code status}: what the next batch would do, from the local index and state only (zero network). */
@Command(name = "status", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Offline plan report from index/library_*.json and index/batch_state.json: per account",
                "what the next batch would export, and the state counts. Zero network."})
public class StatusCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Option(names = "--json", description = "The whole report as one line of JSON on stdout.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "status");
        Map<String, Object> report;
        try {
            report = StatusReport.build(parent.global.archiveRoot(), parent.global.account);
        } catch (IllegalStateException e) {
            throw new UsageException(e.getMessage());
        }
        if (json) {
            System.out.println(PyJson.compact(report));
        } else {
            StatusReport.lines(report, parent.global.verbose()).forEach(System.out::println);
        }
        return PplxExportCli.EXIT_OK;
    }
}
