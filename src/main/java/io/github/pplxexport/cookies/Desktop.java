package io.github.pplxexport.cookies;

import io.github.pplxexport.config.UserHome;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a browser keeps its files on this machine, and how to find a helper program: the home folder
 * ({@link UserHome}: {@code $HOME}, as the browsers themselves read it, else the account's), the operating system, the
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
        return new Desktop(UserHome.of(env), os(System.getProperty("os.name", "")), env);
    }

    static Os os(String osName) {
        String n = osName.toLowerCase(Locale.ROOT);
        return n.startsWith("windows") ? Os.WINDOWS : n.startsWith("mac") || n.contains("darwin") ? Os.MAC : Os.LINUX;
    }

    /** {@code $XDG_CONFIG_HOME}, else {@code ~/.config} (the config's own rule). */
    Path configHome() {
        return UserHome.configHome(env, home);
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
