package io.github.pplxexport.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * The shell launchers {@code pplx-export} and {@code pplx-ask} (one POSIX sh script, {@code launcher/pplx-export.sh}
 * in the jar, under two names): {@code exec java} of the jar found relative to the script, with {@link Launcher}'s
 * tuned JVM options written in (so that the launcher finds them and runs the command without a second JVM). The build writes them into {@code target/bin} ({@link #main}),
 * {@code pplx-export install} into {@code <prefix>/bin}.
 */
public final class LauncherScripts {
    /** The names the script is written under. */
    public static final List<String> NAMES = List.of("pplx-export", "pplx-ask");
    static final String RESOURCE = "/launcher/pplx-export.sh";

    private LauncherScripts() {
    }

    /** {@code java -cp pplx-export.jar io.github.pplxexport.launcher.LauncherScripts DIR}: the build's step. */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: LauncherScripts DIR");
            System.exit(2);
        }
        write(Path.of(args[0]));
    }

    /** Writes both launchers into {@code bin} (created), executable (0755), each replaced atomically; returns them. */
    public static List<Path> write(Path bin) throws IOException {
        byte[] script;
        try (InputStream in = LauncherScripts.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException("the launcher script " + RESOURCE + " is not in the jar");
            }
            script = in.readAllBytes();
        }
        script = new String(script, java.nio.charset.StandardCharsets.UTF_8)
                .replace("@JVM_OPTIONS@", String.join(" ", Launcher.JVM_OPTIONS.stream().map(o -> "'" + o + "'").toList()))
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Files.createDirectories(bin);
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        for (String name : NAMES) {
            Path tmp = bin.resolve("." + name + ".tmp");
            Files.write(tmp, script);
            if (posix) {
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            Files.move(tmp, bin.resolve(name), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        return NAMES.stream().map(bin::resolve).toList();
    }
}
