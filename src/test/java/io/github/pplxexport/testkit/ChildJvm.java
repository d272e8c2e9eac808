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
import java.util.Map;
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
        try (Running p = start(umask, workDir, args)) {
            return p.waitFor(120);
        }
    }

    /** Starts {@code pplx-export args…} under umask 022 and returns at once (to signal it, for one). */
    public static Running start(Path workDir, String... args) throws IOException {
        return start("022", workDir, args);
    }

    /**
     * Runs {@code pplx-export args…} under umask 022 with these environment variables over the test's; a {@code HOME}
     * among them is the JVM's {@code user.home} too (a new user's machine: config, browsers, everything in it).
     */
    public static Result run(Map<String, String> env, Path workDir, String... args) throws IOException, InterruptedException {
        try (Running p = start("022", env, workDir, args)) {
            return p.waitFor(120);
        }
    }

    /**
     * As {@link #run(Map, Path, String...)}, but the account's home (the JVM's {@code user.home}, from the passwd entry)
     * is {@code accountHome}, not the {@code HOME} of {@code env}: what a program reads from the one or the other shows.
     */
    public static Result run(Map<String, String> env, Path accountHome, Path workDir, String... args)
            throws IOException, InterruptedException {
        try (Running p = start("022", env, accountHome, workDir, args)) {
            return p.waitFor(120);
        }
    }

    private static Running start(String umask, Path workDir, String... args) throws IOException {
        return start(umask, Map.of(), workDir, args);
    }

    private static Running start(String umask, Map<String, String> env, Path workDir, String... args) throws IOException {
        return start(umask, env, env.containsKey("HOME") ? Path.of(env.get("HOME")) : null, workDir, args);
    }

    private static Running start(String umask, Map<String, String> env, Path accountHome, Path workDir, String... args)
            throws IOException {
        if (!umask.matches("[0-7]{3,4}")) {
            throw new IllegalArgumentException("umask " + umask);
        }
        // exec: the java process is the one started (its pid is the one a signal goes to)
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", "umask " + umask + "; exec \"$@\"", "sh",
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1"));
        if (accountHome != null) {
            cmd.add("-Duser.home=" + accountHome);
        }
        cmd.addAll(List.of("-cp", mainClasspath(), PplxExportCli.class.getName()));
        cmd.addAll(Arrays.asList(args));
        Path out = Files.createTempFile("child-out", ".txt");
        Path err = Files.createTempFile("child-err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toAbsolutePath().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(env);
        return new Running(pb.start(), out, err, String.join(" ", args));
    }

    /** A started CLI: its console so far, a signal, the end. Closing it kills a process still running. */
    public static final class Running implements AutoCloseable {
        private final Process process;
        private final Path out;
        private final Path err;
        private final String args;

        Running(Process process, Path out, Path err, String args) {
            this.process = process;
            this.out = out;
            this.err = err;
            this.args = args;
        }

        /** What the CLI wrote on stderr so far. */
        public String stderr() throws IOException {
            return Files.readString(err, StandardCharsets.UTF_8);
        }

        /** Waits until a stderr line contains {@code text}; fails when the process ends first or after the timeout. */
        public void awaitLine(String text, long seconds) throws IOException, InterruptedException {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (stderr().lines().noneMatch(l -> l.contains(text))) {
                if (!process.isAlive() || System.nanoTime() > end) {
                    throw new IllegalStateException("no line with '" + text + "' (" + (process.isAlive() ? "timeout" : "ended")
                            + "):\n" + stderr());
                }
                Thread.sleep(50);
            }
        }

        /** Sends SIG{@code name} ({@code INT}, {@code TERM}) to the CLI's JVM. */
        public void signal(String name) throws IOException, InterruptedException {
            Process kill = new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid())).inheritIO().start();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed");
            }
        }

        /** Waits for the end (at most {@code seconds}) and returns the outcome. */
        public Result waitFor(long seconds) throws IOException, InterruptedException {
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("pplx-export " + args + " did not end in " + seconds + " s:\n" + stderr());
            }
            return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), stderr());
        }

        @Override
        public void close() throws IOException {
            if (process.isAlive()) {
                process.destroyForcibly();
            }
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
