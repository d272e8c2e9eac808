package io.github.pplxexport.sample;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The packaged jar started as a user starts it ({@code java -jar}), for the benchmarks that time whole processes. */
final class JarRuns {
    private final Path jar;
    private final String java;
    private final Path scratch;

    JarRuns(Path jar, String java, Path scratch) {
        this.jar = jar;
        this.java = java;
        this.scratch = scratch;
    }

    /** {@code java -jar <jar> <args>}, without the caller's {@code PPLX_EXPORT_*} settings (the figures are the defaults'). */
    ProcessBuilder process(List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(java, "-jar", jar.toString()));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().keySet().removeIf(k -> k.startsWith("PPLX_EXPORT_"));
        return pb;
    }

    /** One whole run, its output in {@code <scratch>/<name>.log}: its wall time in seconds; a non-zero exit fails. */
    double whole(List<String> args, String name) throws IOException, InterruptedException {
        Path log = scratch.resolve(name + ".log");
        ProcessBuilder pb = process(args).redirectErrorStream(true).redirectOutput(log.toFile());
        long t0 = System.nanoTime();
        int exit = pb.start().waitFor();
        if (exit != 0) {
            throw new IOException(name + " exited with " + exit + "; see " + log);
        }
        return (System.nanoTime() - t0) / 1e9;
    }
}
