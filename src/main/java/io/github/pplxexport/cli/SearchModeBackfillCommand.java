package io.github.pplxexport.cli;

import io.github.pplxexport.backfill.SearchModeBackfill;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.Map;

/**
 * {@code search-mode-backfill [--offline] [--limit N] [--delay-min S] [--delay-max S]} (reference-cli-and-archive.md
 * §2.10; route {@code search-mode-backfill}). A run with nothing to fetch reads no cookie and sends no request.
 */
@Command(name = "search-mode-backfill", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Write each thread's search_mode into the index.",
        description = "For every row of index/library_<account>.json without search_mode (threads in state expired"
                + " left out): the raw value of its entries (SEARCH, RESEARCH, ASI, AGENTIC_RESEARCH, STUDY, STUDIO; the"
                + " most specific when a thread has several), read from the archived raw_entries.json, else fetched"
                + " (GET /rest/thread/<uuid>) one at a time with a random pause, unless --offline. batch --mode then"
                + " matches these rows exactly. A thread the platform answers ENTRY_DELETED or ENTRY_EXPIRED for is"
                + " recorded in index/batch_state.json. Saved every 25 rows; a second run does nothing.",
        footer = {"", "Examples:",
                "  pplx-export search-mode-backfill --offline",
                "  pplx-export search-mode-backfill --limit 100 --delay-min 5 --delay-max 10"})
public class SearchModeBackfillCommand extends OnlineCommand {
    @Option(names = "--offline", description = "Only from the archived raw_entries.json: no request at all.")
    boolean offline;

    @Option(names = "--limit", paramLabel = "N", description = "Only the first N rows without search_mode.")
    int limit;

    @Option(names = "--delay-min", paramLabel = "S", description = "Shortest random pause between two fetched threads, in seconds (default 10).")
    Double delayMin;

    @Option(names = "--delay-max", paramLabel = "S", description = "Longest random pause between two fetched threads, in seconds (default 20).")
    Double delayMax;

    @Override
    int run() throws Exception {
        if (limit < 0) {
            throw new UsageException("--limit must be positive");
        }
        Map<String, String> delays = BatchFlags.threadDelays(delayMin, delayMax);
        OnlineRun local = OnlineRun.local(parent.global, delays);
        SearchModeBackfill.Plan plan = SearchModeBackfill.plan(local.archiveRoot(),
                new SearchModeBackfill.Options(local.account, limit, offline));
        OnlineRun run = plan.needsNetwork() ? online(delays) : local;
        SearchModeBackfill.Summary s = run.run("direct:search-mode-backfill",
                account -> new SearchModeBackfill.Options(account, limit, offline), SearchModeBackfill.Summary.class);
        System.out.println(s.line());
        if (StopSignals.received().isPresent()) {
            return Outcome.stopped(s.fetched() + " thread(s) fetched", "search-mode-backfill");
        }
        return s.failed() > 0 ? PplxExportCli.EXIT_THREADS_FAILED : PplxExportCli.EXIT_OK;
    }
}
