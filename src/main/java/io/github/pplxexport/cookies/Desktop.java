package io.github.pplxexport.cookies;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a browser keeps its files on this machine, and how to find a helper program: the home folder
 * ({@code $HOME}, as the browsers themselves read it, else {@code user.home}), the operating system, the
 * {@code PATH} and a few variables ({@code XDG_CONFIG_HOME}, {@code APPDATA}). Tests build one for a temp HOME.
 *
 * @param home the user's home folder
 * @param os   the operating system family
 * @param env  the environment ({@code PATH}, {@code XDG_CONFIG_HOME}, {@code APPDATA})
 */
public record Desktop(Path home, Os os, Map<String, String> env) {

    /** The operating system families whose browser stores differ. */
    public enum Os { LINUX, MAC, WINDOWS }

    /** This process's desktop. */
    public static Desktop current() {
        Map<String, String> env = System.getenv();
        String home = env.get("HOME");
        Path h = Path.of(home != null && !home.isBlank() ? home : System.getProperty("user.home"));
        return new Desktop(h, os(System.getProperty("os.name", "")), env);
    }

    static Os os(String osName) {
        String n = osName.toLowerCase(Locale.ROOT);
        return n.startsWith("windows") ? Os.WINDOWS : n.startsWith("mac") || n.contains("darwin") ? Os.MAC : Os.LINUX;
    }

    /** {@code $XDG_CONFIG_HOME}, else {@code ~/.config}. */
    Path configHome() {
        String xdg = env.get("XDG_CONFIG_HOME");
        return xdg != null && !xdg.isBlank() ? Path.of(xdg) : home.resolve(".config");
    }

    /** {@code ~/Library/Application Support} (macOS). */
    Path appSupport() {
        return home.resolve("Library").resolve("Application Support");
    }

    /** {@code %APPDATA%}, else {@code ~/AppData/Roaming} (Windows). */
    Path appData() {
        String a = env.get("APPDATA");
        return a != null && !a.isBlank() ? Path.of(a) : home.resolve("AppData").resolve("Roaming");
    }

    /** The executable {@code name} on the PATH, or null. */
    Path onPath(String name) {
        String path = env.getOrDefault("PATH", "");
        List<Path> dirs = new ArrayList<>();
        for (String d : path.split(File.pathSeparator)) {
            if (!d.isBlank()) {
                dirs.add(Path.of(d));
            }
        }
        for (Path d : dirs) {
            Path p = d.resolve(name);
            if (p.toFile().canExecute() && !p.toFile().isDirectory()) {
                return p;
            }
        }
        return null;
    }
}
