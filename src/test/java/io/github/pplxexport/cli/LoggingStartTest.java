package io.github.pplxexport.cli;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code main} starts logging on another thread while it builds the command line, so building the command line
 * of any command must not ask slf4j for anything (a logger asked for during logging's start is a stand-in).
 * Checked in a fresh JVM, where nothing else has started logging.
 */
class LoggingStartTest {

    /** Builds the command line of every command, then prints slf4j's initialization state (0: not started). */
    public static final class Probe {
        public static void main(String[] args) throws Exception {
            List<String> names = new ArrayList<>(List.of("--help"));
            for (Class<?> c : PplxExportCli.COMMANDS) {
                names.add(c.getAnnotation(picocli.CommandLine.Command.class).name());
            }
            for (String name : names) {
                PplxExportCli.commandLine(name, "--out", "/nonexistent");
            }
            Field state = LoggerFactory.class.getDeclaredField("INITIALIZATION_STATE");
            state.setAccessible(true);
            System.out.println(names.size() + " command lines built; slf4j state " + state.getInt(null));
        }
    }

    @Test
    void buildingTheCommandLineAsksSlf4jForNothing() throws Exception {
        Path out = Files.createTempFile("probe", ".txt");
        Process p = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Probe.class.getName())
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the probe ends");
        String printed = Files.readString(out);
        Files.delete(out);
        assertEquals(0, p.exitValue(), printed);
        assertEquals((PplxExportCli.COMMANDS.size() + 1) + " command lines built; slf4j state 0", printed.strip());
    }
}
