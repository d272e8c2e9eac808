package io.github.pplxexport.launcher;

import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import io.github.pplxexport.testkit.PackagedJar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shell launchers of the packaged build, as a user runs them: {@code target/bin/pplx-export install} with a
 * temp {@code HOME}, then {@code pplx-export sync} from another directory through PATH, and {@code pplx-ask ask},
 * {@code space-create} as the Python tool's users type them, against the replay ({@code models}, {@code mark-read}:
 * their names reach the commands).
 */
class LauncherScriptsIT {
    @TempDir
    Path tmp;

    private record Result(int exit, String stdout, String stderr) {
    }

    private Result sh(Path cwd, Path home, String... cmd) throws Exception {
        List<String> command = new ArrayList<>(List.of(cmd));
        if (!cmd[0].contains("/")) {
            command.add(0, "/usr/bin/env"); // found on the child's PATH, as a shell finds it
        }
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("PPLX_EXPORT_"));
        pb.environment().put("HOME", home.toString());
        // java of this JVM first, then the installed commands, as a user's PATH has them
        pb.environment().put("PATH", home.resolve(".local/bin") + ":" + Paths.get(PackagedJar.java()).getParent()
                + ":/usr/bin:/bin");
        pb.environment().remove("JAVA_HOME");
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), String.join(" ", cmd));
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void installedCommandsWorkFromAnyDirectory() throws Exception {
        Path bin = PackagedJar.jar().resolveSibling("bin");
        for (String name : LauncherScripts.NAMES) {
            Path script = bin.resolve(name);
            assertTrue(Files.isExecutable(script), "the build leaves " + script);
            assertTrue(Files.readString(script).startsWith("#!/bin/sh\n"), "a POSIX sh script");
        }
        Path home = Files.createDirectories(tmp.resolve("home"));
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Result install = sh(elsewhere, home, bin.resolve("pplx-export").toString(), "install");
        assertEquals(0, install.exit(), install.stderr());
        assertTrue(Files.isRegularFile(home.resolve(".local/lib/pplx-export/pplx-export.jar")), install.stdout());
        assertTrue(Files.isRegularFile(home.resolve(".local/lib/pplx-export/pplx-export.jsa")),
                "its own class-data archive (the build's is bound to the build's jar path): " + install.stdout());
        assertTrue(Files.isExecutable(home.resolve(".local/bin/pplx-export")) && Files.isExecutable(home.resolve(".local/bin/pplx-ask")));

        // the launcher's JVM settings kept, in one JVM: the script starts java with the tuned options and the installed
        // jar's own class-data archive, and the jar's launcher, finding them, runs the command there (no second JVM)
        ProcessBuilder replayPb = new ProcessBuilder(home.resolve(".local/bin/pplx-export").toString(), "replay", "--archive",
                Paths.get("archive-sample").toAbsolutePath().toString(), "--port", "0").directory(elsewhere.toFile())
                .redirectError(tmp.resolve("replay.err").toFile());
        replayPb.environment().keySet().removeIf(k -> k.startsWith("PPLX_EXPORT_"));
        replayPb.environment().put("PATH", Paths.get(PackagedJar.java()).getParent() + ":/usr/bin:/bin");
        Process launched = replayPb.start();
        try {
            String first = new java.io.BufferedReader(new java.io.InputStreamReader(launched.getInputStream(),
                    StandardCharsets.UTF_8)).readLine();
            assertTrue(first != null && first.startsWith("replay: serving"), "the child's stdout: " + first);
            assertEquals(0, launched.toHandle().children().count(), "not relaunched");
            List<String> jvmArgs = List.of(launched.toHandle().info().arguments().orElse(new String[0]));
            assertTrue(jvmArgs.containsAll(Launcher.JVM_OPTIONS), "tuned JVM options: " + jvmArgs);
            assertTrue(jvmArgs.contains("-XX:SharedArchiveFile=" + home.resolve(".local/lib/pplx-export/pplx-export.jsa")
                    .toRealPath()), "the installed class-data archive: " + jvmArgs);
        } finally {
            launched.destroy();
            launched.waitFor(30, TimeUnit.SECONDS);
        }

        Path config = home.resolve("config.toml");
        Files.writeString(config, "default_account = \"alice\"\n\n[accounts.alice]\nemail = \"alice@example.com\"\n");
        Path cookies = home.resolve("cookies.txt");
        Files.writeString(cookies, "# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t0\t__Secure-next-auth.session-token\talice\n");
        try (ReplayServer replay = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample").toAbsolutePath()).withPort(0))) {
            List<String> global = List.of("--config", config.toString(), "--cookies", cookies.toString(),
                    "--base-url", replay.baseUri().toString(), "--no-pacing");
            Result sync = sh(elsewhere, home, with(List.of("pplx-export", "sync"), global));
            assertEquals(0, sync.exit(), sync.stderr());
            try (Stream<Path> s = Files.walk(elsewhere.resolve("web_archive/alice"))) {
                assertEquals(4, s.filter(p -> p.getFileName().toString().equals("conversation.md")).count(),
                        "alice's four threads in ./web_archive of the directory it ran in");
            }

            Result ask = sh(elsewhere, home, with(List.of("pplx-ask", "ask", "--mode", "deep-research", "--no-telemetry",
                    "--json"), global, List.of("Size a Bloom filter for a billion keys")));
            assertEquals(0, ask.exit(), ask.stderr());
            assertTrue(ask.stdout().contains("\"thread_uuid\""), ask.stdout());
            // models and mark-read run as in-process tests do (AskPipelineTest); here: the names reach those commands
            for (String command : List.of("models", "mark-read")) {
                Result help = sh(elsewhere, home, "pplx-ask", command, "--help");
                assertEquals(0, help.exit(), help.stderr());
                assertTrue(help.stdout().startsWith("Usage: pplx-export " + command + " "), help.stdout());
            }
            Result space = sh(elsewhere, home, with(List.of("pplx-ask", "space-create", "Launcher test"), global));
            assertEquals(0, space.exit(), space.stderr());
            assertTrue(space.stdout().contains("\"slug\""), space.stdout());
        }
    }

    @SafeVarargs
    private static String[] with(List<String>... parts) {
        List<String> all = new ArrayList<>();
        for (List<String> p : parts) {
            all.addAll(p);
        }
        return all.toArray(String[]::new);
    }

    @Test
    void aLinkToTheLauncherFindsTheJarBesideTheScript() throws Exception {
        Path link = Files.createSymbolicLink(tmp.resolve("pplx"), PackagedJar.jar().resolveSibling("bin").resolve("pplx-export"));
        Result version = sh(tmp, Files.createDirectories(tmp.resolve("h")), link.toString(), "--version");
        assertEquals(0, version.exit(), version.stderr());
        assertTrue(version.stdout().startsWith("pplx-export "), version.stdout());
    }
}
