package io.github.pplxexport.cli;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.export.BatchOptions;
import io.github.pplxexport.library.BatchState;
import io.github.pplxexport.library.IncrementalPlanner;
import io.github.pplxexport.library.LibraryIndex;
import io.github.pplxexport.schedule.Schedule;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code schedule [--print cron|systemd]} (reference-cli-and-archive.md §2.16): an incremental index refresh (route
 * fetch-index), the plan's counts from the same planner as batch, and {@code <out>/index/cron_snippet.txt}.
 */
@Command(name = "schedule", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "The plan, and the line of index/cron_snippet.txt.",
        description = "Refreshes index/library_<account>.json (incremental), prints how many threads the next batch"
                + " would export (total, new, updated; the same planner as batch and status) and writes the cron line"
                + " of the Python exporter into <out>/index/cron_snippet.txt: daily at 03:17, batch for this account"
                + " and archive, absolute quoted paths, pplx-export as found on PATH. --print cron prints that line;"
                + " --print systemd prints a systemd user service and timer that run sync at the same time (for the"
                + " OS scheduler instead of cron or the run service).",
        footer = {"", "Examples:",
                "  pplx-export schedule",
                "  pplx-export schedule --print systemd"})
public class ScheduleCommand extends OnlineCommand {
    /** What --print prints. */
    enum Print { cron, systemd }

    @Option(names = "--print", paramLabel = "cron|systemd", description = "Also print the cron line, or a systemd user service + timer.")
    Print print;

    @Override
    int run() throws Exception {
        OnlineRun run = online();
        String[] account = new String[1];
        run.run("direct:fetch-index", a -> {
            account[0] = a;
            return new BatchOptions(a, false, false, 0, null);
        }, Integer.class);
        Path out = run.archiveRoot();
        List<Map<String, Object>> rows = LibraryIndex.readThreads(LibraryIndex.file(out, account[0])).orElse(List.of());
        IncrementalPlanner.Plan plan = IncrementalPlanner.plan(rows, BatchState.load(BatchState.file(out)).records(),
                false, false);
        long added = plan.count(IncrementalPlanner.Action.NEW);
        long updated = plan.count(IncrementalPlanner.Action.UPDATED);
        System.out.println("[schedule] " + account[0] + ": " + rows.size() + " in the index; the next batch exports "
                + (added + updated) + " (" + added + " new, " + updated + " updated)");
        String exe = Schedule.executable(System.getenv("PATH"));
        String line = Schedule.cronLine(out, exe, account[0]);
        Path snippet = Schedule.snippetFile(out);
        AtomicFiles.writeIfChanged(snippet, line + "\n");
        System.out.println("[schedule] cron line written to " + snippet + " (crontab -e, and paste it)");
        if (print == Print.cron) {
            System.out.println(line);
        } else if (print == Print.systemd) {
            System.out.print(Schedule.systemdService(out, exe, account[0]));
            System.out.println();
            System.out.print(Schedule.systemdTimer());
        }
        return PplxExportCli.EXIT_OK;
    }
}
