package io.github.pplxexport.cli;

import io.github.pplxexport.space.SpaceSync;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/** {@code sync-space}: thread.json's space from the current library indexes, offline. */
@Command(name = "sync-space", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Patch thread.json's space from the indexes (offline).",
        description = "Zero network. For every archived thread an index/library_*.json lists, compares thread.json's"
                + " space with the index row's; a thread moved to another space (or out of one) gets its space value"
                + " replaced in place, every other byte as it was. The first 30 changes are printed; after any change"
                + " the spaces/ pages are written again. Run index (or sync) first for current indexes.",
        footer = {"", "Example:", "  java -jar target/pplx-export.jar sync-space"})
public class SyncSpaceCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Mixin
    GlobalOptions.Archive archive;
    @Mixin
    GlobalOptions.Log log;
    @Mixin
    GlobalOptions.Language language;

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "sync-space");
        SpaceSync.Result r = SpaceSync.run(parent.global.archiveRoot());
        System.out.println("[sync-space] " + r.threads() + " archived thread(s) in the indexes checked, " + r.changed() + " patched");
        return PplxExportCli.EXIT_OK;
    }
}
