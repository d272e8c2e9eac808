package io.github.pplxexport.cli;

import io.github.pplxexport.export.SyncDeletedOptions;
import io.github.pplxexport.export.SyncDeletedSummary;
import io.github.pplxexport.space.SpaceSync;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code sync}: index, then batch (same flags as batch); {@code --check-deleted} then runs {@code sync-deleted
 * --online}, {@code --refresh-spaces} {@code spaces --fetch-meta} and {@code sync-space} (reference §2.4), each after
 * the batch and as its own run, as those commands run.
 */
@Command(name = "sync", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Refresh the index, then export what changed (index + batch).",
        description = "The everyday command: pages the library listing into index/library_<account>.json"
                + " (incremental; --full for a full sweep), then exports the new and updated threads as batch does."
                + " --check-deleted then checks the deletion candidates online (sync-deleted --online);"
                + " --refresh-spaces then refreshes the spaces' owners and members and thread.json's space"
                + " (spaces --fetch-meta, sync-space).",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar --cookies ~/perplexity-cookies.txt sync",
                "  java -jar target/pplx-export.jar --cookies ~/perplexity-cookies.txt --account work sync --full",
                "  java -jar target/pplx-export.jar --base-url http://127.0.0.1:8765 --cookies c.txt sync --no-pacing"})
public class SyncCommand extends BatchCommand {
    @Option(names = "--check-deleted", description = "Then check the deletion candidates online (sync-deleted --online).")
    boolean checkDeleted;

    @Option(names = "--refresh-spaces", description = "Then refresh the spaces (spaces --fetch-meta, sync-space).")
    boolean refreshSpaces;

    @Override
    String route() {
        return "sync";
    }

    @Override
    public Integer call() throws Exception {
        int exit = super.call();
        if (exit != PplxExportCli.EXIT_OK && exit != PplxExportCli.EXIT_THREADS_FAILED || StopSignals.received().isPresent()) {
            return exit;
        }
        if (checkDeleted) {
            Map<String, String> properties = new HashMap<>(pacing.properties());
            properties.putAll(flags.pacing());
            OnlineRun run = OnlineRun.prepare(parent.global, parent.global.skipAuthCheck, properties);
            SyncDeletedSummary s = run.run("direct:sync-deleted", account -> new SyncDeletedOptions(account, 0),
                    SyncDeletedSummary.class);
            exit = Math.max(exit, s.failed() > 0 ? PplxExportCli.EXIT_THREADS_FAILED : PplxExportCli.EXIT_OK);
        }
        if (refreshSpaces) {
            OnlineRun run = OnlineRun.prepare(parent.global, parent.global.skipAuthCheck, pacing.properties());
            int pages = run.run("direct:space-meta", account -> account, Integer.class);
            SpaceSync.Result r = SpaceSync.run(Path.of(run.properties.get("pplx.archive.root")));
            System.out.println("[sync] spaces: " + pages + " page(s); thread.json space patched in " + r.changed()
                    + " of " + r.threads() + " thread(s)");
        }
        return exit;
    }
}
