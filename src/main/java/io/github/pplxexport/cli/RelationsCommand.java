package io.github.pplxexport.cli;

import io.github.pplxexport.relations.RelationFiles;
import io.github.pplxexport.relations.RelationGraph;
import io.github.pplxexport.rerender.ThreadDirs;
import io.github.pplxexport.search.IndexedThread;
import io.github.pplxexport.search.ThreadText;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code relations}: the reference's relations graph, offline (reference-cli-and-archive.md §2.17). */
@Command(name = "relations", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Write relations/edges.jsonl and graph.md, offline.",
        description = "Reads every thread dir and writes <out>/relations/edges.jsonl (src_uuid, dst_uuid, kind, evidence)"
                + " and relations/graph.md. Kinds: same_prompt (the same first question, chained by time), references"
                + " (an answer or source names another archived thread), same_space (dst space:<slug>), subagent_of"
                + " (dst the toolu_ run id). serve shows the same relations on each thread page.")
public class RelationsCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Mixin
    GlobalOptions.Archive archive;
    @Mixin
    GlobalOptions.Log log;

    @Override
    public Integer call() throws IOException {
        Logging.configure(parent.global, "relations");
        Path root = parent.global.archiveRoot();
        if (!Files.isDirectory(root)) {
            throw new UsageException("archive folder not found: " + root);
        }
        var out = LoggerFactory.getLogger("pplx.relations");
        List<IndexedThread> threads = new ArrayList<>();
        int failed = 0;
        for (Iterator<Path> it = ThreadDirs.walk(root, 0); it.hasNext() && StopSignals.received().isEmpty(); ) {
            Path dir = it.next();
            if (!ThreadText.isThreadDir(dir)) {
                continue;
            }
            try {
                threads.add(ThreadText.read(root, dir));
            } catch (IOException | RuntimeException e) {
                failed++;
                out.warn("[relations] {}: {}", root.relativize(dir), e.getMessage());
            }
        }
        if (StopSignals.received().isPresent()) {
            return Outcome.stopped("relations not written", "relations");
        }
        List<RelationGraph.Edge> edges = RelationGraph.edges(threads);
        Map<String, Integer> kinds = RelationFiles.write(root, threads, edges);
        out.info("[relations] {} threads, {} edges {} → {}", threads.size(), edges.size(), kinds,
                root.resolve(RelationFiles.DIR));
        return failed > 0 ? PplxExportCli.EXIT_THREADS_FAILED : PplxExportCli.EXIT_OK;
    }
}
