package io.github.pplxexport.cli;

import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.launcher.Launcher;
import io.github.pplxexport.sample.Benchmark;
import io.github.pplxexport.sample.SampleArchive;
import io.github.pplxexport.sample.ScaleBenchmark;
import io.github.pplxexport.sample.SyntheticArchive;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code bench}: for each archive size, builds a synthetic archive (on tmpfs when available) from thread dirs,
 * then measures whole processes, alternated: the parse floor (read and Jackson-parse every raw file), the
 * Python floor (see {@link Benchmark}) and the documented re-render launch with the outputs deleted first;
 * prints the medians.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Benchmark offline re-render: time, threads/s, peak memory.",
        description = "Builds synthetic archives of N thread dirs, re-renders each with `java -jar pplx-export.jar"
                + " re-render` (outputs deleted before every run) and prints wall time, threads/s, peak resident"
                + " memory of the process and the ratio to the parse floor (reading and Jackson-parsing the same raw"
                + " files, nothing else), the Python floor (the least a Python re-render such as the reference's must"
                + " do: json.loads of the same files and of the JSON nested in their strings; when python3 is on the"
                + " PATH), and the CPU time (user + system) of the re-render, the figure to compare on a loaded"
                + " machine. Medians of --runs alternated runs.")
public class BenchCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @picocli.CommandLine.Parameters(arity = "0..1", paramLabel = "serve|mcp|scale",
            description = "serve: benchmark the web app instead (docs/serving.md): index build against re-render, one"
                    + " thread's index step, start to first page, 1,000 mixed requests, peak RSS; default 10,000 threads."
                    + " scale: what a run costs as the archive grows (docs/development.md): first, no-op and 10-changed"
                    + " sync through the replay, status, serve start, search p95, peak RSS; default 1,000,10,000,100,000"
                    + " threads, archives kept in --scratch (default <tmp>/pplx-export-scale)."
                    + " mcp: the MCP server (docs/agents.md): process start to initialize, 500 searches and 500 reads over stdio.")
    String what;

    @Option(names = "--threads", paramLabel = "N", split = ",", defaultValue = "0,1000",
            description = "Archive size(s), e.g. 0,1000,10000 (0: an empty archive, i.e. start-up). Default 0,1000.")
    List<Integer> sizes;

    @Option(names = "--workers", paramLabel = "N", split = ",", defaultValue = "0",
            description = "Re-render worker threads, one or more, e.g. 1,2 (default 0: one per core).")
    List<Integer> workers;

    @Option(names = "--runs", paramLabel = "R", defaultValue = "3",
            description = "Runs per measurement; the median is shown (default 3).")
    int runs;

    @Option(names = "--from", paramLabel = "DIR",
            description = "Folder of thread dirs to copy from (an archive, or fixture dirs holding raw_entries.json;"
                    + " default: archive-sample/).")
    Path from;

    @Option(names = "--scratch", paramLabel = "DIR",
            description = "Where to build the archives (default: a new folder in /dev/shm when there is room, else the temp dir).")
    Path scratchDir;

    @Option(names = "--sample", paramLabel = "N", defaultValue = "200",
            description = "scale: threads really synced when an archive is built, the rest copied from them (default 200).")
    int sample;

    @Option(names = "--searches", paramLabel = "N", defaultValue = "200",
            description = "scale: searches sent to serve for the p95 (default 200).")
    int searches;

    @Option(names = "--jvm-option", paramLabel = "OPT",
            description = "An extra JVM option for the measured re-render (repeatable; default: none, the documented launch).")
    List<String> jvmOptions = new ArrayList<>();

    @Mixin
    GlobalOptions.Pipeline pipeline;
    @Mixin
    GlobalOptions.Log log;

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "bench");
        Path jar = Launcher.ownJar().orElse(null);
        if (jar == null) {
            throw new UsageException("bench runs the packaged jar: start it with java -jar target/pplx-export.jar bench");
        }
        if ("scale".equals(what)) {
            return scale(jar);
        }
        int largest = sizes.stream().mapToInt(Integer::intValue).max().orElse(0);
        long need = "serve".equals(what) || "mcp".equals(what) ? Math.max(largest, 10_000) * 600_000L : largest * 400_000L;
        Path scratch = scratchDir != null ? Files.createDirectories(scratchDir).toAbsolutePath()
                : Benchmark.defaultScratch(need);
        try {
            Path source = from != null ? from.toAbsolutePath() : SampleArchive.locate(scratch);
            System.out.printf("bench: %d cores, java %s, scratch %s, threads from %s, load %.2f%n",
                    Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), scratch, source,
                    Benchmark.loadAverage());
            String java = ProcessHandle.current().info().command().orElse("java");
            if ("serve".equals(what)) {
                int n = sizes.equals(List.of(0, 1000)) ? 10_000 : largest;
                io.github.pplxexport.sample.ServeBenchmark.Figures f =
                        new io.github.pplxexport.sample.ServeBenchmark(jar, java, scratch).run(source, n);
                System.out.println();
                System.out.print(f.table());
                return f.failures() > 0 ? PplxExportCli.EXIT_THREADS_FAILED : PplxExportCli.EXIT_OK;
            }
            if ("mcp".equals(what)) {
                int n = sizes.equals(List.of(0, 1000)) ? 10_000 : largest;
                io.github.pplxexport.sample.McpBenchmark.Figures f =
                        new io.github.pplxexport.sample.McpBenchmark(jar, java, scratch).run(source, n);
                System.out.println();
                System.out.print(f.table());
                return f.failures() > 0 ? PplxExportCli.EXIT_THREADS_FAILED : PplxExportCli.EXIT_OK;
            }
            if (what != null) {
                throw new UsageException("bench: unknown mode '" + what + "' (the modes are: serve, mcp, scale)");
            }
            Benchmark bench = new Benchmark(jar, java, jvmOptions, scratch);
            List<Benchmark.Result> results = new ArrayList<>();
            for (int n : sizes) {
                Path archive = scratch.resolve("archive-" + n);
                long t = System.nanoTime();
                SyntheticArchive.build(source, archive, n);
                System.out.printf("bench: %d thread dirs (%d MiB of raw JSON) built in %.1f s%n", n, rawMiB(archive),
                        (System.nanoTime() - t) / 1e9);
                for (int w : workers) {
                    Benchmark.Result r = bench.measure(archive, n, w, runs, true);
                    results.add(r);
                    System.out.println("bench: " + row(r));
                }
                FileTrees.delete(archive);
            }
            System.out.println();
            System.out.println("| threads | workers | whole process | threads/s | peak RSS | parse floor | ratio | Python floor | CPU | load |");
            System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            results.forEach(r -> System.out.println(row(r)));
            return results.stream().anyMatch(r -> r.failedRuns() > 0) ? PplxExportCli.EXIT_THREADS_FAILED : PplxExportCli.EXIT_OK;
        } finally {
            if (scratchDir == null) {
                FileTrees.delete(scratch);
            }
        }
    }

    /** {@code bench scale}: its archives are built once and kept (they take minutes at 100,000 threads). */
    private int scale(Path jar) throws Exception {
        List<Integer> n = sizes.equals(List.of(0, 1000)) ? List.of(1000, 10_000, 100_000) : sizes;
        Path cache = scratchDir != null ? scratchDir.toAbsolutePath()
                : Path.of(System.getProperty("java.io.tmpdir"), "pplx-export-scale");
        // the packaged sample is extracted into a fresh folder each time: a kept copy could be stale
        Path unpacked = cache.resolve("sample");
        FileTrees.delete(unpacked);
        Path source = from != null ? from.toAbsolutePath() : SampleArchive.locate(Files.createDirectories(unpacked));
        System.out.printf("bench scale: %d cores, java %s, archives in %s, load %.2f%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), cache, Benchmark.loadAverage());
        ScaleBenchmark bench = new ScaleBenchmark(jar, ProcessHandle.current().info().command().orElse("java"), cache, source,
                sample, searches);
        StringBuilder table = new StringBuilder(ScaleBenchmark.Figures.header());
        for (int size : n) {
            ScaleBenchmark.Figures f = bench.measure(size);
            System.out.print("bench scale: " + f.row());
            table.append(f.row());
        }
        System.out.println();
        System.out.print(table);
        return PplxExportCli.EXIT_OK;
    }

    static String row(Benchmark.Result r) {
        boolean work = r.threads() > 0;
        return String.format(Locale.ROOT, "| %,d | %d | %.2f s | %s | %s | %s | %s | %s | %.2f s | %.1f |", r.threads(), r.workers(),
                r.seconds(), work ? String.format(Locale.ROOT, "%,.0f", r.threadsPerSecond()) : "–",
                r.peakRssKb() > 0 ? (r.peakRssKb() >> 10) + " MiB" : "n/a",
                work ? String.format(Locale.ROOT, "%.2f s", r.floorSeconds()) : "–",
                work ? String.format(Locale.ROOT, "%.2f", r.ratio()) : "–",
                work && r.pythonFloorSeconds() > 0 ? String.format(Locale.ROOT, "%.2f s", r.pythonFloorSeconds()) : "–",
                r.cpuSeconds(), r.load());
    }

    private static long rawMiB(Path archive) throws IOException {
        if (!Files.isDirectory(archive)) {
            return 0;
        }
        try (Stream<Path> s = Files.find(archive, 4, (p, a) -> a.isRegularFile() && p.getFileName().toString().startsWith("raw_"))) {
            return s.mapToLong(p -> p.toFile().length()).sum() >> 20;
        }
    }
}
