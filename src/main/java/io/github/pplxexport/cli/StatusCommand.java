package io.github.pplxexport.cli;

import io.github.pplxexport.export.ArchiveWarnings;
import io.github.pplxexport.export.PendingDeadLetters;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.library.StatusReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.util.Map;
import java.util.concurrent.Callable;

/** {@code status}: what the next batch would do, from the local index and state only (zero network). */
@Command(name = "status", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "What the next batch would do, from the local index (offline).",
        description = "Reads index/library_*.json, index/batch_state.json and index/dead_letters.jsonl only: per"
                + " account, how many threads the next batch would export (new, updated), the state counts (ok, error,"
                + " expired, deleted) and what the dead letters leave undone (threads, asset versions, sibling links).")
public class StatusCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Option(names = "--json", description = "The whole report as one line of JSON on stdout.")
    boolean json;

    @Option(names = "--account", paramLabel = "NAME",
            description = "Only this account's index (default: every index/library_*.json).")
    String account;

    @Option(names = {"-v", "--verbose"},
            description = "Also list the titles of the threads the next batch would export; -vv also the rows it skips"
                    + " (done, expired, deleted) with their dates; -vvv every row untruncated with its mode and"
                    + " search_mode, and the state-only threads.")
    boolean[] verbose = new boolean[0];

    @Mixin
    GlobalOptions.Archive archive;
    @Mixin
    GlobalOptions.Language language;

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "status");
        Map<String, Object> report = StatusReport.build(parent.global.archiveRoot(), account != null ? account : parent.global.account);
        Map<String, Object> pending = PendingDeadLetters.of(parent.global.archiveRoot());
        report.put("dead_letters", pending);
        Map<String, Object> warnings = ArchiveWarnings.of(parent.global.archiveRoot());   // versions/, schema drift
        report.putAll(warnings);
        if (json) {
            System.out.println(PyJson.compact(report));
        } else {
            StatusReport.lines(report, verbose.length > 0 || parent.global.verbose()).forEach(System.out::println);
            StatusReport.detailLines(parent.global.archiveRoot(), account != null ? account : parent.global.account,
                    verbose.length + parent.global.verbosity).forEach(System.out::println);
            System.out.println(PendingDeadLetters.line(pending));
            ArchiveWarnings.lines(warnings).forEach(System.out::println);
        }
        return PplxExportCli.EXIT_OK;
    }
}
