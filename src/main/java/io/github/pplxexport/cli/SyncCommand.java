package io.github.pplxexport.cli;

import picocli.CommandLine.Command;

/** {@code sync}: index, then batch (same flags as batch). */
@Command(name = "sync", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Refresh the library index (incremental; --full for a full sweep), then export what changed."})
public class SyncCommand extends BatchCommand {
    @Override
    String route() {
        return "sync";
    }
}
