package io.github.pplxexport.replay;

import io.github.pplxexport.cli.ReplayCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command's refusals; a successful start blocks until Ctrl-C, so it is covered by the server tests. */
class ReplayCommandTest {
    @TempDir
    Path dir;

    private int run(StringWriter err, String... args) {
        CommandLine cmd = new CommandLine(new ReplayCommand());
        cmd.setErr(new PrintWriter(err, true));
        cmd.setOut(new PrintWriter(new StringWriter(), true));
        return cmd.execute(args);
    }

    @Test
    void missingArchiveDirectoryIsAUsageError() {
        StringWriter err = new StringWriter();
        assertEquals(2, run(err, "--archive", dir.resolve("absent").toString()));
        assertTrue(err.toString().contains("archive is not a directory"), err.toString());
    }

    @Test
    void badFaultSpecIsAUsageErrorNamingTheRule() {
        StringWriter err = new StringWriter();
        assertEquals(2, run(err, "--archive", dir.toString(), "--faults", "429@2,boom@3"));
        assertTrue(err.toString().contains("'boom@3'"), err.toString());
    }

    @Test
    void helpDocumentsStrictAuthTheProxyAndEveryFaultMark() {
        StringWriter out = new StringWriter();
        CommandLine cmd = new CommandLine(new ReplayCommand());
        cmd.setOut(new PrintWriter(out, true));
        assertEquals(0, cmd.execute("--help"));
        String help = out.toString();
        assertTrue(help.contains("--strict-auth"), help);
        assertTrue(help.contains(ReplayApi.CDN_HOST), help);
        // the help wraps lines anywhere; the option's own text is what it renders
        String faults = String.join(" ", cmd.getCommandSpec().findOption("--faults").description());
        for (FaultPlan.Mark mark : FaultPlan.Mark.values()) {
            assertTrue(faults.contains(mark.ruleName() + ":<"), mark + " in " + faults);
        }
    }

    @Test
    void replayGuideDocumentsEveryOptionAndFaultMark() throws java.io.IOException {
        // the replay guide (the README links to it)
        String section = java.nio.file.Files.readString(Path.of("docs/replay.md"));
        for (String option : new CommandLine(new ReplayCommand()).getCommandSpec().optionsMap().keySet()) {
            if (option.startsWith("--") && !option.equals("--help") && !option.equals("--version")) {
                assertTrue(section.contains("`" + option), option + " documented in docs/replay.md");
            }
        }
        for (FaultPlan.Mark mark : FaultPlan.Mark.values()) {
            assertTrue(section.contains("`" + mark.ruleName() + ":"), mark + " documented in docs/replay.md");
        }
        assertTrue(section.contains(ReplayApi.CDN_HOST));
    }

    @Test
    void archiveOptionIsRequired() {
        StringWriter err = new StringWriter();
        assertEquals(2, run(err));
        assertTrue(err.toString().contains("--archive"), err.toString());
    }
}
