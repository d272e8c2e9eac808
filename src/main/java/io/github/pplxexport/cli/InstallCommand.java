package io.github.pplxexport.cli;

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

/**
 * {@code install [--prefix DIR]}: the running jar into {@code <prefix>/lib/pplx-export/} and the launchers
 * {@code pplx-export}, {@code pplx-ask} into {@code <prefix>/bin/} ({@link LauncherScripts}), so that the commands
 * run from any directory. The prefix defaults to {@code $HOME/.local} (the home of {@code $HOME}, as everything else).
 */
@Command(name = "install", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Install the pplx-export and pplx-ask commands.",
        description = "Copies this jar into <prefix>/lib/pplx-export/ and writes the launchers pplx-export and pplx-ask"
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
        Path root = prefix != null ? prefix : home().resolve(".local");
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

    /** {@code $HOME}; without it, a usage error asking for --prefix (never the JVM's user.home). */
    private static Path home() {
        String home = System.getenv("HOME");
        if (home == null || home.isEmpty()) {
            throw new UsageException("HOME is not set: give install --prefix DIR");
        }
        return Path.of(home);
    }
}
