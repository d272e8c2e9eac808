package io.github.pplxexport.pipeline;

import io.github.pplxexport.cli.PplxExportCli;
import io.github.pplxexport.json.J;
import io.github.pplxexport.schedule.Schedule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code schedule} against the replay (reference-cli-and-archive.md §2.16): an incremental index refresh, the plan's
 * counts, the reference's cron line in index/cron_snippet.txt, the systemd pair; and the {@code status -vv}/{@code -vvv}
 * tiers (§2.8) on the same archive.
 */
class ScheduleAndStatusTiersTest {
    @TempDir
    Path tmp;

    private static String stdout(LiveLibrary lib, String... args) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            // status is offline: only --out of the test's global options
            int exit = args[0].equals("status") ? PplxExportCli.execute(args[0], args[1], "--out", lib.out.toString())
                    : lib.run(args);
            assertEquals(0, exit, String.join(" ", args));
        } finally {
            System.setOut(saved);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void scheduleWritesTheCronLineAndPrintsTheSystemdPair() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve()) {
            // the Python exporter's --site and pplx-ask's --no-telemetry are accepted as they are
            String first = stdout(lib, "schedule", "--print", "cron", "--site", "perplexity", "--no-telemetry");
            assertTrue(first.contains("[schedule] alice: 4 in the index; the next batch exports 4 (4 new, 0 updated)"), first);
            assertEquals(List.of("/api/auth/session", "/rest/perplexity_ask/graphql"),
                    lib.requests().stream().map(r -> J.str(r, "path")).distinct().toList(), "the index only, no thread");
            String exe = Schedule.executable(System.getenv("PATH"));
            String line = "17 3 * * * cd '" + tmp + "' && '" + exe + "' batch --account 'alice' --out '" + lib.out + "'";
            assertEquals(line + "\n", Files.readString(lib.out.resolve("index/cron_snippet.txt")));
            assertTrue(first.endsWith(line + "\n"), first);

            assertEquals(0, lib.run("sync"));
            String systemd = stdout(lib, "schedule", "--print", "systemd");
            assertTrue(systemd.contains("the next batch exports 0 (0 new, 0 updated)"), systemd);
            assertTrue(systemd.contains("[Service]\nType=oneshot\nWorkingDirectory=" + tmp + "\nExecStart=\"" + exe
                    + "\" sync --account \"alice\" --out \"" + lib.out + "\"\n"), systemd);
            assertTrue(systemd.contains("[Timer]\nOnCalendar=*-*-* 03:17:00\nPersistent=true\n"), systemd);
            assertTrue(systemd.contains("systemctl --user enable --now pplx-export-sync.timer"), systemd);

            String vv = stdout(lib, "status", "-vv");
            assertTrue(vv.contains("[status] alice: rows the next batch skips"), vv);
            assertTrue(vv.lines().anyMatch(l -> l.matches("  done  2026-0[0-9]-\\d\\dT[^ ]+  20\\d\\d-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ  How do HTTP ETags work\\?")), vv);
            assertFalse(vv.contains("search_mode="), "-vv has no index modes");
            String vvv = stdout(lib, "status", "-vvv");
            assertTrue(vvv.contains("[status] alice: every row"), vvv);
            assertTrue(vvv.lines().anyMatch(l -> l.startsWith("  done  b2a69fad-") && l.contains("  mode=SEARCH search_mode=  How do HTTP ETags work?")), vvv);
            assertTrue(vvv.contains("[status] state-only (in batch_state.json, in no index): 0"), vvv);
        }
    }

    @Test
    void anotherSiteIsAUsageError() {
        assertEquals(2, PplxExportCli.execute("status", "--site", "chatgpt", "--out", tmp.toString()));
    }

    @Test
    void theExecutableIsPplxExportOnPathElseTheBareName(@TempDir Path bin) throws Exception {
        assertEquals("pplx-export", Schedule.executable(bin.toString()));
        Path exe = Files.createFile(bin.resolve("pplx-export"));
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertEquals(exe.toString(), Schedule.executable("/nonexistent" + java.io.File.pathSeparator + bin));
        assertEquals("17 3 * * * cd '/a' && '/b/pplx-export' batch --account 'o'\\''brien' --out '/a/web archive'",
                Schedule.cronLine(Path.of("/a/web archive"), "/b/pplx-export", "o'brien"));
    }
}
