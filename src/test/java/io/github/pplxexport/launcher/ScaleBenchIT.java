package io.github.pplxexport.launcher;

import io.github.pplxexport.testkit.PackagedJar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bench scale} as a user runs it, on a tiny size (numbers are not asserted: they depend on the machine): the
 * archive is built (9 threads synced through the replay, widened to 27), then a no-op sync asks the replay its 2
 * requests, the sync after 10 threads changed exports them, status and serve answer; one complete row.
 */
class ScaleBenchIT {
    private static final String S = "([\\d.]+) s / ([\\d.]+) s";
    private static final Pattern ROW = Pattern.compile("^\\| 27 \\| " + S + " \\((\\d+) req\\) for 9 \\| " + S + " \\((\\d+) req\\); local (-?[\\d.]+) s \\| "
            + S + " \\((\\d+) req\\); local (-?[\\d.]+) s \\| " + S + " \\| " + S + " \\| ([\\d.]+) ms \\| (\\d+) MiB / (\\d+) MiB / (\\d+) MiB / (\\d+) MiB \\| [\\d.]+ \\|$");

    @TempDir
    Path scratch;

    @Test
    void buildsTheArchiveOnceAndPrintsItsRow() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(PackagedJar.java(), "-jar", PackagedJar.jar().toString(), "bench", "scale",
                "--threads", "27", "--sample", "9", "--searches", "5", "--scratch", scratch.toString())
                .redirectErrorStream(true).redirectOutput(scratch.resolve("out.txt").toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("PPLX_EXPORT_"));
        Process p = pb.start();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "bench scale finishes");
        List<String> out = Files.readAllLines(scratch.resolve("out.txt"), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), String.join("\n", out));
        List<String> rows = out.stream().filter(l -> l.startsWith("| 27 |")).toList();
        assertEquals(1, rows.size(), "one row for the one size: " + out);
        Matcher m = ROW.matcher(rows.get(0));
        assertTrue(m.matches(), "a complete row: " + rows.get(0));
        assertEquals("2", m.group(6), "a no-op sync: the session check and the listing's first page");
        double local = Double.parseDouble(m.group(7));
        // equal when the replay's two answers took under 5 ms (the cell rounds to 10 ms)
        assertTrue(local > 0 && local <= Double.parseDouble(m.group(4)), "the no-op sync's own work, not more than its wall time: "
                + rows.get(0));
        assertTrue(Integer.parseInt(m.group(10)) > 10, "the 10 changed threads were exported: " + rows.get(0));
        for (int g = 17; g <= 20; g++) {
            assertTrue(Long.parseLong(m.group(g)) > 0, "peak RSS of each process: " + rows.get(0));
        }
        Path out27 = scratch.resolve("scale-27");
        assertTrue(Files.exists(out27.resolve("ready")), "the archive is kept for the next run");
        String log = Files.readString(out27.resolve("changed-sync.log"), StandardCharsets.UTF_8);
        assertTrue(log.contains("ok=10 "), "10 threads exported again: " + log);
        try (var threads = Files.find(out27.resolve("out"), 4, (f, a) -> f.getFileName().toString().equals("thread.json"))) {
            assertEquals(27, threads.count(), "the synced threads and their copies");
        }
    }
}
