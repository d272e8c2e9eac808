package io.github.pplxexport.testkit;

import io.github.pplxexport.cli.PplxExportCli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The CLI as a user runs it: a separate JVM on the main classpath (the shipped logback.xml, not the tests'),
 * started by {@code sh -c 'umask U; exec java …'} because a JVM cannot change its own umask. Returns what
 * the user would see: the exit code and the two console streams.
 */
public final class ChildJvm {
    private ChildJvm() {
    }

    /** The outcome of one run; {@code stderr} is where the CLI's log lines go. */
    public record Result(int exit, String stdout, String stderr) {
        /** The stderr lines that are not blank. */
        public List<String> errLines() {
            return stderr.lines().filter(l -> !l.isBlank()).toList();
        }

        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }

    /** Runs {@code pplx-export args…} under umask 022. */
    public static Result run(Path workDir, String... args) throws IOException, InterruptedException {
        return run("022", workDir, args);
    }

    /** Runs {@code pplx-export args…} with the given umask (octal digits), in {@code workDir}. */
    public static Result run(String umask, Path workDir, String... args) throws IOException, InterruptedException {
        if (!umask.matches("[0-7]{3,4}")) {
            throw new IllegalArgumentException("umask " + umask);
        }
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", "umask " + umask + "; exec \"$@\"", "sh",
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-cp", mainClasspath(), PplxExportCli.class.getName()));
        cmd.addAll(Arrays.asList(args));
        Path out = Files.createTempFile("child-out", ".txt");
        Path err = Files.createTempFile("child-err", ".txt");
        try {
            Process p = new ProcessBuilder(cmd).directory(workDir.toAbsolutePath().toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("pplx-export " + String.join(" ", args) + " did not end in 120 s");
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** The test JVM's classpath without the test classes (whose resources would replace the shipped ones). */
    static String mainClasspath() {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Arrays.stream(cp.split(File.pathSeparator))
                .filter(e -> !e.isBlank() && !Paths.get(e).endsWith("test-classes"))
                .collect(Collectors.joining(File.pathSeparator));
    }
}
