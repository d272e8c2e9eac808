package io.github.pplxexport.cli;

import io.github.pplxexport.rerender.ReRenderRequest;
import io.github.pplxexport.rerender.ReRenderSummary;
import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.sample.SampleArchive;
import io.github.pplxexport.sample.SyntheticArchive;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code bench}: builds a synthetic archive from the sample threads, re-renders it through the real
 * pipeline and prints threads/s and peak heap, for each requested size (memory must stay flat as the
 * archive grows).
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Benchmark offline re-render: threads/s and peak heap.",
        description = "Builds N synthetic thread dirs from archive-sample/, re-renders them through the shipped"
                + " routes and prints threads/s and peak heap, for each size asked for.")
public class BenchCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Option(names = "--threads", paramLabel = "N", split = ",", defaultValue = "1000",
            description = "Archive size(s) to measure, e.g. 1000 or 1000,4000 (default 1000).")
    List<Integer> sizes;

    @Option(names = "--workers", paramLabel = "N", defaultValue = "0",
            description = "Re-render worker threads (default: one per core).")
    int workers;

    @Mixin
    GlobalOptions.Pipeline pipeline;
    @Mixin
    GlobalOptions.Log log;

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "bench");
        Path scratch = Files.createTempDirectory("pplx-bench");
        try {
            Path sample = SampleArchive.locate(scratch);
            System.out.printf("bench: %d cores, max heap %d MiB, sample %s%n",
                    Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20, sample);
            int failed = 0;
            for (int n : sizes) {
                Path out = scratch.resolve("archive-" + n);
                SyntheticArchive.build(sample, out, n);
                failed += measure(out, n);
                FileTrees.delete(out);
            }
            return failed > 0 ? PplxExportCli.EXIT_THREADS_FAILED : PplxExportCli.EXIT_OK;
        } finally {
            FileTrees.delete(scratch);
        }
    }

    private int measure(Path out, int n) {
        System.gc();
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        long start = System.nanoTime();
        ReRenderSummary s = ReRenderCommand.run(new ReRenderRequest(out, 0, false, false), parent.global.routes,
                Map.of("pplx.rerender.threads", String.valueOf(workers)));
        double seconds = (System.nanoTime() - start) / 1e9;
        long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        System.out.printf("bench: %d threads re-rendered in %.2f s (incl. ~1 s Camel start): %.0f threads/s,"
                        + " peak heap %d MiB; rendered=%d failed=%d%n",
                n, seconds, n / seconds, peak >> 20, s.rendered(), s.failed());
        return s.failed();
    }
}
