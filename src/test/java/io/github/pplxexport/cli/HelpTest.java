package io.github.pplxexport.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The usage help at the default width of 80 (no terminal): what a user reads first. */
class HelpTest {
    private static final List<String> COMMANDS = List.of("demo", "index", "batch", "sync", "export", "re-render",
            "status", "sync-deleted", "run", "replay", "bench", "ask", "models", "mark-read", "space-create", "init",
            "space-index", "spaces", "sync-space", "usage-backfill", "serve", "relations", "debug-js",
            "search-mode-backfill", "assets-backfill", "schedule", "install", "mcp", "doctor");

    private static String help(String... args) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, PplxExportCli.execute(args));
        } finally {
            System.setOut(saved);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyCommandHasAOneLineSummary() {
        String top = help("--help");
        String commands = top.substring(top.indexOf("\nCommands:\n") + 11, top.indexOf("\n\n", top.indexOf("\nCommands:\n") + 1));
        List<String> lines = commands.lines().toList();
        assertEquals(COMMANDS.size() + 1, lines.size(), commands);
        for (int i = 0; i < COMMANDS.size(); i++) {
            assertTrue(lines.get(i).startsWith("  " + COMMANDS.get(i) + " "), lines.get(i));
            assertTrue(lines.get(i).endsWith("."), "a whole sentence: " + lines.get(i));
        }
    }

    @Test
    void textWrapsAtSpacesOnlyAndFitsTheWidth() {
        String all = help("--help") + String.join("", COMMANDS.stream().map(c -> help(c, "--help")).toList());
        for (String intact : List.of("https://www.perplexity.ai", "./web_archive", "~/.config/pplx-export/config.toml",
                "index/library_*.json", "index/batch_state.json", "application.properties")) {
            assertTrue(all.contains(intact), intact + " is not split");
        }
        for (String line : all.lines().toList()) {
            assertTrue(line.length() <= 80 || line.startsWith("  java ") || !line.strip().contains(" "),
                    "longer than 80: " + line);
        }
    }

    @Test
    void globalOptionsOnlyWhereTheyApplyInTheirOwnSection() {
        String status = help("status", "--help");
        assertFalse(status.contains("--cookies") || status.contains("--base-url") || status.contains("--routes"), status);
        assertTrue(status.contains("Global options (also accepted before the command name):\n      --out=DIR"), status);
        String sync = help("sync", "--help");
        String global = sync.substring(sync.indexOf("Global options"));
        for (String option : List.of("--out", "--config", "--account", "--cookies", "--base-url", "--routes", "--property",
                "--verbose", "--log-file")) {
            assertTrue(global.contains(option), option + " in\n" + global);
        }
        assertFalse(sync.substring(0, sync.indexOf("Global options")).contains("--cookies"), sync);
        String replay = help("replay", "--help");
        assertEquals(1, replay.split("--account=", -1).length - 1, "one --account, described once:\n" + replay);
        assertFalse(replay.contains("Global options"), replay);
    }

    @Test
    void theEverydayCommandsShowExamples() {
        for (String command : List.of("demo", "sync", "export", "run")) {
            String h = help(command, "--help");
            assertTrue(h.contains("\nExamples:\n  java -jar target/pplx-export.jar "), command + ":\n" + h);
        }
    }

    @Test
    void aMistakeOnTheCommandLineIsTheMessageAndWhereToLookNotTheWholeHelp() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            assertEquals(2, PplxExportCli.execute("status", "--cookies", "c.txt"), "status has no --cookies");
        } finally {
            System.setErr(saved);
        }
        assertEquals(List.of("Unknown options: '--cookies', 'c.txt'", "Possible solutions: --config",
                "See 'pplx-export status --help'."), buf.toString(StandardCharsets.UTF_8).lines().toList());
    }
}
