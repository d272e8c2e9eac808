package io.github.pplxexport.launcher;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The child JVM's command line: serve gets its own class-data archive and compile settings, and only serve. */
class LauncherCommandTest {
    @TempDir
    Path dir;

    private List<String> command(String... args) throws IOException {
        Path jar = dir.resolve("pplx-export.jar");
        Files.createDirectories(dir);
        for (String f : List.of("pplx-export.jar", "pplx-export.jsa", "pplx-export-serve.jsa")) {
            if (!Files.exists(dir.resolve(f))) {
                Files.createFile(dir.resolve(f));
            }
        }
        return Launcher.command(jar, List.of(), args);
    }

    private String archive(List<String> cmd) {
        return cmd.stream().filter(o -> o.startsWith("-XX:SharedArchiveFile=")).findFirst().orElse("")
                .replace("-XX:SharedArchiveFile=" + dir + "/", "");
    }

    @Test
    void serveHasItsOwnArchiveAndCompileSettingsWhereverItsNameStands() throws IOException {
        for (String[] args : List.of(new String[] {"serve", "--port", "0"}, new String[] {"--out", "archive", "serve"},
                new String[] {"-v", "serve"}, new String[] {"-D", "pplx.serve.port=0", "serve"},
                new String[] {"--out", "archive", "mcp", "--allow-ask"})) {
            List<String> serve = command(args);
            assertEquals("pplx-export-serve.jsa", archive(serve), String.join(" ", args));
            assertTrue(serve.containsAll(Launcher.SERVE_OPTIONS), serve.toString());
        }

        List<String> reindex = command("serve", "--reindex", "--index-only");
        assertEquals("pplx-export-serve.jsa", archive(reindex));
        assertFalse(reindex.containsAll(Launcher.SERVE_OPTIONS), "an index build runs hot loops from the start");
    }

    /** What a JVM started by the shell launchers must have for the command to run in it: serve's differ. */
    @Test
    void theTunedOptionsOfACommandAreTheChildsWithoutTheUsersAndServesAreItsOwn() throws IOException {
        command("sync");
        Path jar = dir.resolve("pplx-export.jar");
        List<String> sync = Launcher.tunedOptions(jar, new String[] {"sync", "--full"});
        assertTrue(sync.containsAll(Launcher.JVM_OPTIONS), sync.toString());
        assertEquals("-XX:SharedArchiveFile=" + dir.resolve("pplx-export.jsa"), sync.get(sync.size() - 1));
        assertEquals(Launcher.JVM_OPTIONS.size() + 1, sync.size(), "the script writes these, in this order: " + sync);
        List<String> serve = Launcher.tunedOptions(jar, new String[] {"serve"});
        assertFalse(serve.equals(sync), "serve is relaunched when started with the pipeline's options");
        assertTrue(serve.containsAll(Launcher.SERVE_OPTIONS));
        // serve started by a shell launcher is relaunched on its own archive: the script's options are not passed on
        List<String> scripts = new java.util.ArrayList<>(sync);
        scripts.add("-Dmine=1");
        assertEquals(List.of("-Dmine=1"), Launcher.usersOwn(jar, scripts));
        List<String> child = Launcher.command(jar, Launcher.usersOwn(jar, scripts), new String[] {"serve"});
        assertEquals(List.of("-XX:SharedArchiveFile=" + dir.resolve("pplx-export-serve.jsa")),
                child.stream().filter(o -> o.startsWith("-XX:SharedArchiveFile=")).toList());
        assertEquals(List.of("-Xmx1g"), Launcher.usersOwn(jar, List.of("-Xmx1g")), "a user's own options are kept");
    }

    @Test
    void benchServeAndTheOtherCommandsKeepThePipelinesSettings() throws IOException {
        for (String[] args : List.of(new String[] {"bench", "serve"}, new String[] {"sync", "--out", "serve"},
                new String[] {"export", "serve"}, new String[] {"bench", "mcp"})) {
            List<String> cmd = command(args);
            assertEquals("pplx-export.jsa", archive(cmd), String.join(" ", args));
            assertFalse(cmd.containsAll(Launcher.SERVE_OPTIONS), String.join(" ", args));
        }
    }
}
