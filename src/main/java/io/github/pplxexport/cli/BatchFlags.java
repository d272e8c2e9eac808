package io.github.pplxexport.cli;

import io.github.pplxexport.export.BatchOptions;
import io.github.pplxexport.mode.Mode;
import picocli.CommandLine.Option;

import java.util.HashMap;
import java.util.Map;

/** The flags batch and sync share (reference-cli-and-archive.md §2.6); checked before any network. */
public class BatchFlags {
    @Option(names = "--full", description = "Full scan without early stop (unchanged threads are still skipped).")
    boolean full;

    @Option(names = "--force", description = "Re-export every thread except terminal ones (expired, deleted).")
    boolean force;

    @Option(names = "--limit", paramLabel = "N", description = "Only the first N rows of the newest-first list.")
    int limit;

    @Option(names = "--mode", paramLabel = "MODE",
            description = "Only threads of this mode: search, deep-research, computer, council or study.")
    String mode;

    @Option(names = "--delay-min", paramLabel = "S", description = "Shortest random pause between threads, in seconds (default 10).")
    Double delayMin;

    @Option(names = "--delay-max", paramLabel = "S", description = "Longest random pause between threads, in seconds (default 20).")
    Double delayMax;

    /** The batch to run for {@code account}; a bad value is a usage error. */
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

    /** The thread pauses asked for, as pacing settings; a bad pair is a usage error. */
    Map<String, String> pacing() {
        return threadDelays(delayMin, delayMax);
    }

    /** {@code --delay-min}/{@code --delay-max} (seconds, null when not given) as pacing settings, checked. */
    static Map<String, String> threadDelays(Double delayMin, Double delayMax) {
        for (Double d : new Double[]{delayMin, delayMax}) {
            if (d != null && (d < 0 || d.isNaN() || d.isInfinite())) {
                throw new UsageException("--delay-min and --delay-max take seconds >= 0, not " + d);
            }
        }
        if (delayMin != null && delayMax != null && delayMin > delayMax) {
            throw new UsageException("--delay-min " + seconds(delayMin) + " is greater than --delay-max " + seconds(delayMax));
        }
        Map<String, String> p = new HashMap<>();
        if (delayMin != null) {
            p.put("pplx.pacing.thread-delay-min-ms", String.valueOf(Math.round(delayMin * 1000)));
        }
        if (delayMax != null) {
            p.put("pplx.pacing.thread-delay-max-ms", String.valueOf(Math.round(delayMax * 1000)));
        }
        return p;
    }

    private static String seconds(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
