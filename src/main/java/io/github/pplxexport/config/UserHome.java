package io.github.pplxexport.config;

import java.nio.file.Path;
import java.util.Map;

/**
 * The one rule for "the user's home" and "the user's config folder", for every caller (the config, the browser
 * stores): {@code $HOME} when it is set, as the reference, the browsers and every Unix tool read it, else the
 * account's home (Java's {@code user.home}, from the passwd entry); {@code $XDG_CONFIG_HOME} when it is set to an
 * absolute path (the XDG rule: a relative one is ignored), else {@code <home>/.config}.
 */
public final class UserHome {
    private UserHome() {
    }

    /** This process's home: {@code $HOME}, else {@code user.home}. */
    public static Path current() {
        return of(System.getenv());
    }

    /** The home under this environment: {@code $HOME}, else {@code user.home}. */
    public static Path of(Map<String, String> env) {
        String home = env.get("HOME");
        return Path.of(home != null && !home.isBlank() ? home : System.getProperty("user.home"));
    }

    /** {@code $XDG_CONFIG_HOME} when absolute, else {@code <home>/.config}. */
    public static Path configHome(Map<String, String> env, Path home) {
        String xdg = env.get("XDG_CONFIG_HOME");
        return xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : home.resolve(".config");
    }
}
