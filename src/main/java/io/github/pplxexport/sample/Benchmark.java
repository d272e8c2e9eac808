package io.github.pplxexport.sample;

import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.launcher.ProcessStats;
import io.github.pplxexport.rerender.ThreadDirs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whole-process measurements of offline re-render (what {@code bench} prints). Each run is a fresh process
 * started exactly as the README documents it ({@code java -jar pplx-export.jar re-render --out …}, so the
 * launcher and its JVM options are part of it) on an archive whose outputs were deleted first. The parse
 * floor of the same archive is measured the same way, alternated with the re-render runs, and so is its Python
 * floor when a {@code python3} is on the PATH: the least a re-render written in Python, as the reference is, must
 * do ({@code bench/python-floor.py}: json.loads of every raw file and of the JSON nested in its strings).
 */
public final class Benchmark {
    /** The median of the runs of one configuration. */
    public record Result(int threads, int workers, double seconds, long peakRssKb, double floorSeconds,
                         double pythonFloorSeconds, double cpuSeconds, double load, int failedRuns) {
        public double threadsPerSecond() {
            return threads / seconds;
        }

        /** Re-render time over parse-floor time; NaN without a floor. */
        public double ratio() {
            return floorSeconds > 0 ? seconds / floorSeconds : Double.NaN;
        }
    }

    private final Path jar;
    private final String java;
    private final List<String> jvmOptions;
    private final Path scratch;
    /** The Python floor's script in the scratch folder; empty when there is no python3 to run it. */
    private Optional<Path> pythonFloor;
    /** The Python floor of each archive measured so far (it does not depend on the worker count). */
    private final Map<Path, Double> pythonFloorOf = new HashMap<>();

    /**
     * @param jar        the packaged jar to run
     * @param java       the java binary
     * @param jvmOptions extra options for the measured re-render JVMs (none for the documented launch)
     * @param scratch    where archives and logs are written
     */
    public Benchmark(Path jar, String java, List<String> jvmOptions, Path scratch) {
        this.jar = jar;
        this.java = java;
        this.jvmOptions = List.copyOf(jvmOptions);
        this.scratch = scratch;
    }

    /** Measures one archive with {@code workers} threads (0: one per core): {@code runs} alternated runs each. */
    public Result measure(Path archive, int threads, int workers, int runs, boolean floor) throws IOException,
            InterruptedException {
        List<Double> times = new ArrayList<>();
        List<Double> floors = new ArrayList<>();
        List<Double> pythonFloors = new ArrayList<>();
        List<Long> rss = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        List<Double> loads = new ArrayList<>();
        int failed = 0;
        int effective = workers > 0 ? workers : Runtime.getRuntime().availableProcessors();
        for (int r = 0; r < runs; r++) {
            if (floor && threads > 0) {
                List<String> cmd = List.of(java, "-cp", jar.toString(), ParseFloor.class.getName(), archive.toString(),
                        String.valueOf(effective));
                floors.add(run(cmd, "floor").seconds());
                if (pythonFloor().isPresent() && !pythonFloorOf.containsKey(archive)) { // one archive, one figure
                    Run py = run(List.of(PYTHON, pythonFloor().get().toString(), archive.toString()), "python-floor");
                    if (py.exit() == 0) {
                        pythonFloors.add(py.seconds());
                    }
                }
            }
            deleteOutputs(archive);
            loads.add(loadAverage());
            List<String> cmd = new ArrayList<>();
            cmd.add(java);
            cmd.addAll(jvmOptions);
            cmd.addAll(List.of("-jar", jar.toString(), "re-render", "--out", archive.toString(), "--workers",
                    String.valueOf(effective)));
            Run run = run(cmd, "re-render");
            if (run.exit() != 0) {
                failed++;
            }
            times.add(run.seconds());
            rss.add(run.peakRssKb());
            cpu.add(run.cpuSeconds());
        }
        if (!pythonFloors.isEmpty()) {
            pythonFloorOf.put(archive, median(pythonFloors));
        }
        return new Result(threads, effective, median(times), (long) median(rss.stream().map(Long::doubleValue).toList()),
                floors.isEmpty() ? 0 : median(floors), pythonFloorOf.getOrDefault(archive, 0.0), median(cpu),
                median(loads), failed);
    }

    private static final String PYTHON = "python3";

    /** Writes the Python floor's script into the scratch folder when a python3 answers {@code --version}. */
    private Optional<Path> pythonFloor() throws IOException, InterruptedException {
        if (pythonFloor == null) {
            pythonFloor = Optional.empty();
            try {
                Process p = new ProcessBuilder(PYTHON, "--version").redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (p.waitFor() == 0) {
                    Path script = scratch.resolve("python-floor.py");
                    try (InputStream in = Benchmark.class.getResourceAsStream("/bench/python-floor.py")) {
                        Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
                    }
                    pythonFloor = Optional.of(script);
                }
            } catch (IOException e) {
                // no python3 here: the column shows a dash
            }
        }
        return pythonFloor;
    }

    /** @param cpuSeconds user + system CPU of the run's JVMs (launcher and child), NaN when not reported */
    private record Run(double seconds, long peakRssKb, double cpuSeconds, int exit) {
    }

    /** One process, timed from start to exit; its JVMs report their peak resident memory at exit. */
    private Run run(List<String> cmd, String name) throws IOException, InterruptedException {
        Path stats = Files.createTempFile(scratch, name, ".stats");
        Path log = scratch.resolve(name + ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("PPLX_EXPORT_")); // started as a user starts it: through the launcher
        env.put(ProcessStats.ENV, stats.toString());
        long start = System.nanoTime();
        Process p = pb.start();
        int exit = p.waitFor();
        double seconds = (System.nanoTime() - start) / 1e9;
        long peak = -1;
        long cpuMs = 0;
        for (String line : Files.readAllLines(stats, StandardCharsets.UTF_8)) {
            String[] f = line.split(" ");
            if (f.length >= 3) {
                peak = Math.max(peak, Long.parseLong(f[2]));
            }
            long ms = f.length >= 4 ? Long.parseLong(f[3]) : -1;
            cpuMs = ms >= 0 && cpuMs >= 0 ? cpuMs + ms : -1;
        }
        Files.deleteIfExists(stats);
        if (exit != 0) {
            System.err.println("bench: " + name + " exited with " + exit + "; its output is in " + log);
        }
        return new Run(seconds, peak, cpuMs >= 0 ? cpuMs / 1000.0 : Double.NaN, exit);
    }

    /** Removes what re-render writes (conversation.md, turns/), so every run renders every thread. */
    static void deleteOutputs(Path archive) throws IOException {
        for (Iterator<Path> it = ThreadDirs.walk(archive, 0); it.hasNext(); ) {
            Path dir = it.next();
            Files.deleteIfExists(dir.resolve(ThreadFiles.CONVERSATION));
            FileTrees.delete(dir.resolve(ThreadFiles.TURNS_DIR));
        }
    }

    /** The 1-minute load average (the machine's other work), or NaN where unknown. */
    public static double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(Paths.get("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> v = new ArrayList<>(values);
        Collections.sort(v);
        int n = v.size();
        return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
    }

    /** tmpfs when there is one with room (the numbers then measure the program, not the disk), else the temp dir. */
    public static Path defaultScratch(long bytesNeeded) throws IOException {
        Path shm = Paths.get("/dev/shm");
        if (Files.isDirectory(shm) && Files.isWritable(shm) && Files.getFileStore(shm).getUsableSpace() > bytesNeeded) {
            return Files.createTempDirectory(shm, "pplx-bench");
        }
        return Files.createTempDirectory("pplx-bench");
    }
}
