package io.github.pplxexport.launcher;

import io.github.pplxexport.testkit.Archives;
import io.github.pplxexport.testkit.PackagedJar;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The documented launch, {@code java -jar target/pplx-export.jar …}, run as a user runs it: the jar relaunches
 * itself in a tuned JVM, and the pair must behave as one process (streams, exit code, signals) under any
 * locale, including an empty environment.
 */
class LauncherIT {
    static Path jar;
    static String java;

    @TempDir
    Path tmp;

    @BeforeAll
    static void packagedJar() {
        jar = PackagedJar.jar();
        java = PackagedJar.java();
    }

    private ProcessBuilder launch(String... args) {
        List<String> cmd = new ArrayList<>(List.of(java, "-jar", jar.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().keySet().removeIf(k -> k.startsWith("PPLX_EXPORT_"));
        return pb;
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    @Test
    void anEmptyEnvironmentStillGetsItsChineseThreadFolders() throws Exception {
        Path out = tmp.resolve("out");
        ProcessBuilder pb = launch("demo", "--out", out.toString())
                .redirectOutput(tmp.resolve("stdout").toFile()).redirectError(tmp.resolve("stderr").toFile());
        pb.environment().clear(); // env -i: no LANG, no LC_*, no PATH (java is given by its full path)
        Process p = pb.start();
        assertTrue(p.waitFor(240, TimeUnit.SECONDS), "the demo finishes");
        assertEquals(0, p.exitValue(), () -> "demo under env -i: " + tmp.resolve("stderr"));
        String dir = "bob/computer/2026-10-03_竞品价格监控-三家咖啡豆网店_d688737e";
        Path conversation = out.resolve(dir).resolve("conversation.md");
        assertTrue(Files.isRegularFile(conversation), "the Chinese-named thread folder exists: " + conversation);
        Path sample = Paths.get("archive-sample").resolve(dir).resolve("conversation.md");
        assertArrayEquals(Files.readAllBytes(sample), Files.readAllBytes(conversation), "same bytes as the sample");
        assertTrue(read(tmp.resolve("stderr")).contains("竞品价格监控"), "the console log is UTF-8 too");
    }

    @Test
    void exitCodeAndStreamsAreTheChildsOwn() throws Exception {
        Process p = launch("re-render", "--out", tmp.resolve("missing").toString())
                .redirectOutput(tmp.resolve("stdout").toFile()).redirectError(tmp.resolve("stderr").toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), "usage error exit code");
        assertTrue(read(tmp.resolve("stderr")).contains("archive folder not found"), read(tmp.resolve("stderr")));
        assertEquals("", read(tmp.resolve("stdout")));

        Process v = launch("--version").redirectOutput(tmp.resolve("version").toFile()).start();
        assertTrue(v.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, v.exitValue());
        assertFalse(read(tmp.resolve("version")).isBlank(), "--version prints on the launcher's stdout");
    }

    /** A long-running command (replay) whose child has printed its first line; returns that line. */
    private static String firstLine(Process p) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = r.readLine();
        return line == null ? "" : line;
    }

    private ProcessHandle childOf(Process launcher) {
        Optional<ProcessHandle> child = launcher.toHandle().children().findFirst();
        assertTrue(child.isPresent(), "the launcher started a child JVM");
        return child.get();
    }

    @Test
    void sigtermReachesTheChildAndTheLauncherExitsWithItsCode() throws Exception {
        Process p = launch("replay", "--archive", "archive-sample", "--port", "0").redirectError(tmp.resolve("stderr").toFile()).start();
        assertTrue(firstLine(p).startsWith("replay: serving"), "the child's stdout reaches the caller");
        ProcessHandle child = childOf(p);
        List<String> childArgs = List.of(child.info().arguments().orElse(new String[0]));
        assertTrue(childArgs.contains("-XX:TieredStopAtLevel=1"), "tuned JVM options: " + childArgs);
        assertTrue(childArgs.stream().anyMatch(a -> a.startsWith("-XX:SharedArchiveFile=")), "the class-data archive: " + childArgs);
        assertEquals(List.of("replay", "--archive", "archive-sample", "--port", "0"),
                childArgs.subList(childArgs.size() - 5, childArgs.size()), "the same arguments");

        p.destroy(); // SIGTERM to the launcher only
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher ends with its child");
        assertEquals(143, p.exitValue(), "the child's exit status after SIGTERM");
        assertTrue(child.onExit().get(30, TimeUnit.SECONDS) != null && !child.isAlive(), "no orphan left running");
    }

    @Test
    void aReRenderStopsSoonAfterSigtermAndSaysWhatItDid() throws Exception {
        Path archive = tmp.resolve("archive");
        io.github.pplxexport.sample.SyntheticArchive.build(Paths.get("archive-sample"), archive, 700);
        Process p = launch("re-render", "--out", archive.toString(), "--workers", "1")
                .redirectOutput(tmp.resolve("stdout").toFile()).redirectError(tmp.resolve("stderr").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        boolean started;
        while (!(started = Archives.conversations(archive) > 0) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(started, "the run got going");
        long stop = System.nanoTime();
        p.destroy(); // SIGTERM
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        double seconds = (System.nanoTime() - stop) / 1e9;
        assertEquals(143, p.exitValue());
        assertTrue(seconds < 15, "no thread dir is started after the signal: ended in " + seconds + " s");
        String log = read(tmp.resolve("stderr"));
        assertTrue(log.lines().anyMatch(l -> l.matches(".*stopped by SIGTERM: \\d+ thread dir\\(s\\) done \\(rendered=\\d+ .*\\),"
                + " the others untouched; run re-render again to continue")), log);
    }

    @Test
    void sigintReachesTheChildToo() throws Exception {
        Process p = launch("replay", "--archive", "archive-sample", "--port", "0").redirectError(tmp.resolve("stderr").toFile()).start();
        assertTrue(firstLine(p).startsWith("replay: serving"));
        ProcessHandle child = childOf(p);
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher ends with its child");
        assertEquals(130, p.exitValue(), "the child's exit status after SIGINT");
        child.onExit().get(30, TimeUnit.SECONDS);
        assertFalse(child.isAlive());
    }
}
