package io.github.pplxexport.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

/**
 * What {@code bench} measures of the processes it starts: when {@value #ENV} names a file, each JVM of a
 * run appends one line at exit, {@code <role> <pid> <peak resident KB> <cpu ms>}; the peak is the
 * kernel's high-water mark (VmHWM), i.e. the whole process, not only the heap. Off by default.
 */
public final class ProcessStats {
    public static final String ENV = "PPLX_EXPORT_STATS";

    private ProcessStats() {
    }

    /** Registers the exit record of this JVM when {@value #ENV} is set. */
    public static void recordAtExit(String role) {
        String file = System.getenv(ENV);
        if (file == null || file.isEmpty()) {
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> append(Paths.get(file), role), "pplx-stats"));
    }

    private static void append(Path file, String role) {
        long cpu = ProcessHandle.current().info().totalCpuDuration().map(Duration::toMillis).orElse(-1L);
        String line = role + " " + ProcessHandle.current().pid() + " " + peakResidentKb() + " " + cpu + "\n";
        try {
            Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            // a benchmark without its numbers says so itself; the run's own result is not affected
        }
    }

    /** VmHWM from /proc/self/status (Linux), else -1. */
    static long peakResidentKb() {
        try {
            for (String l : Files.readAllLines(Paths.get("/proc/self/status"), StandardCharsets.UTF_8)) {
                if (l.startsWith("VmHWM:")) {
                    return Long.parseLong(l.substring(6).replace("kB", "").strip());
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return -1;
    }
}
