package io.github.pplxexport.cli;

import io.github.pplxexport.backfill.AssetsBackfill;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.Map;

/**
 * {@code assets-backfill [--fetch-blocks] [--online] [--limit N]} (reference-cli-and-archive.md §2.11; route
 * {@code assets-backfill}). Without a flag, or when there is nothing to fetch, it reads no cookie and sends nothing.
 */
@Command(name = "assets-backfill", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Complete the products of archived threads.",
        description = "For threads archived before their products were made, or by the Python exporter: the inline"
                + " ASSET_DIFF/CODE_ASSET bodies of raw_blocks.json into assets/files/, the workspace handles"
                + " (DOC_FILE/CODE_FILE/UNKNOWN without a download) into assets/assets_manifest.json with"
                + " no_download_channel, as an export writes them; offline. --fetch-blocks fetches a missing"
                + " raw_blocks.json (deep-research, computer, council, study; 3 s apart) and downloads its assets."
                + " --online re-signs each version without a file (GET /rest/assets/<uuid>/data) and downloads it."
                + " Requests go out only for the threads of the run's account (thread.json export_via). A second run"
                + " sends nothing and changes nothing.",
        footer = {"", "Examples:",
                "  pplx-export assets-backfill",
                "  pplx-export assets-backfill --fetch-blocks --online --limit 50"})
public class AssetsBackfillCommand extends OnlineCommand {
    @Option(names = "--fetch-blocks", description = "Fetch a missing raw_blocks.json and download its assets.")
    boolean fetchBlocks;

    @Option(names = "--online", description = "Re-sign and download the versions without a file.")
    boolean online;

    @Option(names = "--limit", paramLabel = "N", description = "Only the first N thread dirs.")
    int limit;

    @Override
    int run() throws Exception {
        if (limit < 0) {
            throw new UsageException("--limit must be positive");
        }
        OnlineRun local = OnlineRun.local(parent.global, Map.of());
        boolean network = (fetchBlocks || online) && AssetsBackfill.needsNetwork(local.archiveRoot(),
                new AssetsBackfill.Options(local.account, limit, fetchBlocks, online));
        OnlineRun run = network ? online() : local;
        AssetsBackfill.Summary s = run.run("direct:assets-backfill",
                account -> new AssetsBackfill.Options(network ? account : null, limit, fetchBlocks, online),
                AssetsBackfill.Summary.class);
        System.out.println(s.line());
        if (StopSignals.received().isPresent()) {
            return Outcome.stopped(s.threads() + " thread dir(s) looked at", "assets-backfill");
        }
        return s.failed() > 0 ? PplxExportCli.EXIT_THREADS_FAILED : PplxExportCli.EXIT_OK;
    }
}
