package io.github.pplxexport.cli;

import io.github.pplxexport.export.BatchOptions;
import io.github.pplxexport.mode.Mode;
import picocli.CommandLine.Option;

import java.util.HashMap;
import java.util.Map;

/** The flags batch and sync share (reference-cli-and-archive.md §2.6). */
public class BatchFlags {
    @Option(names = "--full", description = "Full scan without early stop (unchanged threads are still skipped).")
    boolean full;

    @Option(names = "--force", description = "Re-export every thread except terminal ones (expired/deleted).")
    boolean force;

    @Option(names = "--limit", paramLabel = "N", description = "Only the first N rows of the newest-first list.")
    int limit;

    @Option(names = "--mode", paramLabel = "MODE",
            description = "Only search, deep-research, computer, council or study threads.")
    String mode;

    @Option(names = "--delay-min", paramLabel = "S", description = "Lower bound of the random pause between threads (default 10).")
    Double delayMin;

    @Option(names = "--delay-max", paramLabel = "S", description = "Upper bound (default 20).")
    Double delayMax;

    @Option(names = "--skip-auth-check", description = "Skip the startup session probe.")
    boolean skipAuthCheck;

    BatchOptions options(String account) {
        Mode m = null;
        if (mode != null) {
            m = Mode.fromId(mode).orElseThrow(() -> new UsageException("unknown --mode " + mode
                    + " (search, deep-research, computer, council, study)"));
        }
        if (limit < 0) {
            throw new UsageException("--limit must be positive");
        }
        return new BatchOptions(account, full, force, limit, m);
    }

    Map<String, String> pacing() {
        Map<String, String> p = new HashMap<>();
        if (delayMin != null) {
            p.put("pplx.pacing.thread-delay-min-ms", String.valueOf(Math.round(delayMin * 1000)));
        }
        if (delayMax != null) {
            p.put("pplx.pacing.thread-delay-max-ms", String.valueOf(Math.round(delayMax * 1000)));
        }
        return p;
    }
}
