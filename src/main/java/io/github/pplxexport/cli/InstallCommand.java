package io.github.pplxexport.cli;

import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.config.UserHome;
import io.github.pplxexport.launcher.Launcher;
import io.github.pplxexport.launcher.LauncherScripts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code install [--prefix DIR]}: the running jar into {@code <prefix>/lib/pplx-export/} and the launchers
 * {@code pplx-export}, {@code pplx-ask} into {@code <prefix>/bin/} ({@link LauncherScripts}), so that the commands
 * run from any directory. The prefix defaults to {@code ~/.local}, {@code ~} by the one home rule ({@link UserHome}).
 */
@Command(name = "install", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Install the pplx-export and pplx-ask commands.",
        description = "Copies this jar into <prefix>/lib/pplx-export/, makes its class-data archive (a re-render of the"
                + " bundled sample: a faster start) and writes the launchers pplx-export and pplx-ask"
                + " (POSIX sh scripts that run it with Java) into <prefix>/bin/, replacing an older install. With"
                + " <prefix>/bin on PATH, `pplx-export sync` then works from any directory.",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar install",
                "  java -jar target/pplx-export.jar install --prefix /opt/pplx"})
public class InstallCommand implements Callable<Integer> {
    @Option(names = "--prefix", paramLabel = "DIR", description = "Where to install (default: $HOME/.local).")
    Path prefix;

    @Override
    public Integer call() throws IOException {
        Path jar = Launcher.ownJar().orElseThrow(() -> new UsageException(
                "install copies the packaged jar: run it as java -jar target/pplx-export.jar install"));
        Path root = prefix != null ? prefix : UserHome.current().resolve(".local");
        root = root.toAbsolutePath().normalize();
        Path lib = root.resolve("lib").resolve("pplx-export");
        Path target = lib.resolve("pplx-export.jar");
        try {
            Files.createDirectories(lib);
            if (!jar.equals(target.toAbsolutePath())) {
                Path tmp = lib.resolve(".pplx-export.jar.tmp");
                Files.copy(jar, tmp, StandardCopyOption.REPLACE_EXISTING);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            List<Path> scripts = LauncherScripts.write(root.resolve("bin"));
            System.out.println("[install] " + target);
            scripts.forEach(s -> System.out.println("[install] " + s));
        } catch (IOException e) {
            throw UsageException.io("install into " + root, e);
        }
        classData(target);
        Path bin = root.resolve("bin");
        String path = System.getenv("PATH");
        boolean onPath = path != null && List.of(path.split(File.pathSeparator)).stream()
                .anyMatch(d -> !d.isEmpty() && Path.of(d).toAbsolutePath().normalize().equals(bin));
        if (!onPath) {
            System.out.println("[install] " + bin + " is not on PATH: add it (e.g. export PATH=\"" + bin + ":$PATH\" in"
                    + " ~/.profile), or run " + bin.resolve("pplx-export"));
        }
        return PplxExportCli.EXIT_OK;
    }

    /**
     * The class-data archive of the installed jar, {@code pplx-export.jsa} beside it, made as the build makes the one
     * in target/ (the demo, through the jar's launcher with {@code -Dpplx.cds.dump=true}): the JVM
     * accepts an archive only for the jar path it was made with, so the build's cannot be copied. Without it the
     * commands work, about a second slower to start; a failure is one line.
     */
    private static void classData(Path jar) {
        Path scratch = null;
        try {
            scratch = Files.createTempDirectory("pplx-install-");
            ProcessBuilder pb = new ProcessBuilder(Launcher.javaBinary(), "-D" + Launcher.CDS_DUMP_PROPERTY + "=true",
                    "-jar", jar.toString(), "demo", "--out", scratch.resolve("archive").toString(),
                    "--asks-out", scratch.resolve("asks").toString())
                    .redirectErrorStream(true).redirectOutput(scratch.resolve("training.log").toFile());
            pb.environment().keySet().removeIf(k -> k.startsWith("PPLX_EXPORT_"));
            Process p = pb.start();
            if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException("the training run did not end well (" + Files.readString(scratch.resolve("training.log"))
                        .lines().reduce((a, b) -> b).orElse("no output") + ")");
            }
            System.out.println("[install] " + jar.resolveSibling("pplx-export.jsa") + " (class-data archive: a faster start)");
        } catch (IOException | InterruptedException e) {
            System.out.println("[install] no class-data archive (" + e.getMessage() + "): the commands start a little slower");
        } finally {
            if (scratch != null) {
                try {
                    FileTrees.delete(scratch);
                } catch (IOException e) {
                    // a temp folder left behind
                }
            }
        }
    }
}
