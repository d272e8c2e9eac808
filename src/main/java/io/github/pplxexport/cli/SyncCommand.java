package io.github.pplxexport.cli;

import picocli.CommandLine.Command;

/** {@code sync}: index, then batch (same flags as batch). */
@Command(name = "sync", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Refresh the index, then export what changed (index + batch).",
        description = "The everyday command: pages the library listing into index/library_<account>.json"
                + " (incremental; --full for a full sweep), then exports the new and updated threads as batch does.",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar --cookies ~/perplexity-cookies.txt sync",
                "  java -jar target/pplx-export.jar --cookies ~/perplexity-cookies.txt --account work sync --full",
                "  java -jar target/pplx-export.jar --base-url http://127.0.0.1:8765 --cookies c.txt sync --no-pacing"})
public class SyncCommand extends BatchCommand {
    @Override
    String route() {
        return "sync";
    }
}
