package io.github.pplxexport.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Which command a command line runs, found before picocli builds any command (only that one is built). */
class CommandNameTest {
    private static final CommandSpec TOP = new CommandLine(new PplxExportCli()).getCommandSpec();

    @Test
    void theFirstArgumentThatIsNeitherAnOptionNorItsValue() {
        assertEquals("sync", PplxExportCli.commandName(TOP, "sync", "--full"));
        assertEquals("status", PplxExportCli.commandName(TOP, "-v", "status"));
        // a global option's value that happens to be a command's name is the value
        assertEquals("batch", PplxExportCli.commandName(TOP, "--out", "sync", "batch"));
        assertEquals("re-render", PplxExportCli.commandName(TOP, "-D", "pplx.lang=en", "re-render"));
        assertEquals("status", PplxExportCli.commandName(TOP, "--out=run", "-Dpplx.lang=en", "status"));
        // --log-file's value is optional: picocli reads a command name after it as the command
        assertEquals("sync", PplxExportCli.commandName(TOP, "--log-file", "sync"));
    }

    @Test
    void noneForHelpAnUnknownNameOrNoCommand() {
        assertNull(PplxExportCli.commandName(TOP, "help", "sync"));
        assertNull(PplxExportCli.commandName(TOP, "--help"));
        assertNull(PplxExportCli.commandName(TOP));
        assertNull(PplxExportCli.commandName(TOP, "synk"));
        assertNull(PplxExportCli.commandName(TOP, "--", "sync"));
    }
}
