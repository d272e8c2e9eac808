package io.github.pplxexport.cli;

import io.github.pplxexport.camel.PplxRuntime;
import io.github.pplxexport.rerender.ReRenderRequest;
import io.github.pplxexport.rerender.ReRenderSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code re-render}: rebuild the Markdown of every archived thread from its raw JSON, offline. */
@Command(name = "re-render", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Rebuild every thread's Markdown from its raw JSON, offline.",
        description = "Rewrites conversation.md and turns/ of every thread dir <out>/*/*/*/ from raw_entries.json"
                + " (and raw_blocks.json), on all cores, with zero network. Unchanged files keep their bytes and mtime.")
public class ReRenderCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Option(names = "--limit", paramLabel = "N", description = "Only the first N thread dirs (sorted).")
    int limit;

    @Option(names = "--dry-run", description = "Only list the thread dirs that would be processed.")
    boolean dryRun;

    @Option(names = "--thread-json", description = "Also add, update or remove the interruptions and answer_variants keys of thread.json.")
    boolean threadJson;

    @Option(names = "--workers", paramLabel = "N",
            description = "Threads rendering in parallel (default: pplx.rerender.threads, 0 = one per core).")
    Integer workers;

    @Mixin
    GlobalOptions.Archive archive;
    @Mixin
    GlobalOptions.Pipeline pipeline;
    @Mixin
    GlobalOptions.Log log;
    @Mixin
    GlobalOptions.Language language;

    @Override
    public Integer call() {
        Logging.configure(parent.global, "re-render");
        Path out = parent.global.archiveRoot();
        if (!Files.isDirectory(out)) {
            throw new UsageException("archive folder not found: " + out);
        }
        Map<String, String> flags = workers == null ? Map.of() : Map.of("pplx.rerender.threads", String.valueOf(workers));
        ReRenderSummary summary = run(new ReRenderRequest(out, limit, dryRun, threadJson), parent.global.routes,
                parent.global.properties(flags));
        if (StopSignals.received().isPresent()) {
            return Outcome.stopped(summary.progress(), "re-render");
        }
        return summary.failed() > 0 || summary.keptPrevious() > 0 ? PplxExportCli.EXIT_THREADS_FAILED : PplxExportCli.EXIT_OK;
    }

    /** Runs the re-render route once on a fresh Camel Main; a SIGTERM or Ctrl-C stops it as it stops a batch. */
    public static ReRenderSummary run(ReRenderRequest request, Path routes, Map<String, String> properties) {
        try (PplxRuntime runtime = PplxRuntime.startOffline(routes, properties)) {
            StopSignals.stopWith(runtime::abort);
            return runtime.request("direct:re-render", request, ReRenderSummary.class);
        }
    }
}
