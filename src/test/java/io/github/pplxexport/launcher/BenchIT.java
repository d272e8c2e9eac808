package io.github.pplxexport.launcher;

import io.github.pplxexport.testkit.PackagedJar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bench} as a user runs it (numbers are not asserted: they depend on the machine): it builds the
 * archives, measures whole processes and prints one row per size with time, threads/s, peak RSS and the
 * parse-floor ratio, the Python floor and CPU time; the measured runs really rendered the threads.
 */
class BenchIT {
    private static final Pattern ROW = Pattern.compile(
            "^\\| ([\\d,]+) \\| (\\d+) \\| ([\\d.]+) s \\| ([\\d,–]+) \\| (\\d+) MiB \\| ([\\d.]+ s|–) \\| ([\\d.]+|–) \\| ([\\d.]+ s|–) \\| ([\\d.]+) s \\|.*$");

    @TempDir
    Path scratch;

    @Test
    void printsOneRowPerSizeAndWorkerCount() throws Exception {
        Path jar = PackagedJar.jar();
        String java = PackagedJar.java();
        ProcessBuilder pb = new ProcessBuilder(java, "-jar", jar.toString(), "bench", "--threads", "0,14", "--workers", "1,2",
                "--runs", "1", "--scratch", scratch.toString())
                .redirectErrorStream(true).redirectOutput(scratch.resolve("out.txt").toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("PPLX_EXPORT_"));
        Process p = pb.start();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "bench finishes");
        List<String> out = Files.readAllLines(scratch.resolve("out.txt"), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), String.join("\n", out));
        int tableAt = out.indexOf("| threads | workers | whole process | threads/s | peak RSS | parse floor | ratio | Python floor | CPU | load |");
        assertTrue(tableAt >= 0, "the summary table: " + out);
        List<String> rows = out.subList(tableAt + 2, out.size()).stream().filter(l -> l.startsWith("|")).toList();
        assertEquals(4, rows.size(), "sizes 0 and 14, workers 1 and 2: " + rows);
        for (String row : rows) {
            Matcher m = ROW.matcher(row);
            assertTrue(m.matches(), "a complete row: " + row);
            assertTrue(Long.parseLong(m.group(5)) > 0, "peak RSS of the whole process: " + row);
            assertTrue(Double.parseDouble(m.group(9)) > 0, "CPU time of the whole process: " + row);
            if (m.group(1).equals("14")) {
                assertFalse(m.group(7).equals("–"), "a parse-floor ratio for a non-empty archive: " + row);
                // this machine class has a python3 (see the README); the Python floor really read the archive
                assertFalse(m.group(8).equals("–"), "a Python floor for a non-empty archive: " + row);
            }
        }
        assertTrue(out.stream().anyMatch(l -> l.startsWith("bench: 14 thread dirs")), "the archive was built: " + out);
        assertFalse(Files.exists(scratch.resolve("archive-14")), "archives are removed after measuring");
        // the measured re-render really ran: its log shows every thread rendered
        String log = Files.readString(scratch.resolve("re-render.log"), StandardCharsets.UTF_8);
        assertTrue(log.contains("rendered=14"), log);
        String python = Files.readString(scratch.resolve("python-floor.log"), StandardCharsets.UTF_8);
        assertTrue(python.matches("(?s)python floor: [1-9]\\d* files\\s*"), python);
    }
}
