package io.github.pplxexport.cookies;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The browsers whose cookie store {@code --cookies-from} reads, and where each keeps its profiles: the native
 * folder first, then the snap and flatpak ones (Linux); the Chromium family's key names in the Secret Service
 * ({@code secret-tool lookup application <name>}) and in the macOS login Keychain ({@code <Name> Safe Storage}).
 * Chromium's code names the Secret Service key {@code chrome} in Google's builds and {@code chromium} in every other
 * build: a browser built on it (Edge, Brave) is asked under its own name first, then under {@code chromium}.
 */
public enum Browser {
    FIREFOX("firefox", "Firefox", List.of(), null),
    CHROME("chrome", "Chrome", List.of("chrome"), "Chrome"),
    CHROMIUM("chromium", "Chromium", List.of("chromium"), "Chromium"),
    EDGE("edge", "Edge", List.of("microsoft-edge", "chromium"), "Microsoft Edge"),
    BRAVE("brave", "Brave", List.of("brave", "chromium"), "Brave");

    /** The order of the auto-detection when no cookie source is given (reference-cli-and-archive.md §5.5, issue 19). */
    public static final List<Browser> AUTO_DETECT = List.of(FIREFOX, CHROME, CHROMIUM, EDGE);

    private final String id;
    private final String label;
    private final List<String> secretServiceApps;
    private final String keychainName;

    Browser(String id, String label, List<String> secretServiceApps, String keychainName) {
        this.id = id;
        this.label = label;
        this.secretServiceApps = secretServiceApps;
        this.keychainName = keychainName;
    }

    /** The name on the command line ({@code firefox}, {@code chrome}, ...). */
    public String id() {
        return id;
    }

    public String label() {
        return label;
    }

    /** The {@code application} attributes the key may have in the Secret Service, in the order asked (Chromium family). */
    List<String> secretServiceApps() {
        return secretServiceApps;
    }

    /** The Keychain account; the service is {@code "<name> Safe Storage"} (Chromium family, macOS). */
    String keychainName() {
        return keychainName;
    }

    boolean chromium() {
        return this != FIREFOX;
    }

    /** {@code --cookies-from NAME}: a usage error naming the choices for anything else. */
    public static Browser of(String name) {
        String n = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (Browser b : values()) {
            if (b.id.equals(n)) {
                return b;
            }
        }
        throw new IllegalArgumentException("--cookies-from " + name + ": unknown browser; one of " + choices());
    }

    public static String choices() {
        return Arrays.stream(values()).map(Browser::id).collect(Collectors.joining(", "));
    }

    /**
     * The folders that hold the browser's profiles on this desktop, most usual first (they need not exist):
     * Firefox's profiles.ini folder, the Chromium family's user-data folder.
     */
    List<Path> roots(Desktop d) {
        Path h = d.home();
        List<Path> r = new ArrayList<>();
        switch (d.os()) {
            case MAC -> {
                Path s = d.appSupport();
                switch (this) {
                    case FIREFOX -> r.add(s.resolve("Firefox"));
                    case CHROME -> r.add(s.resolve("Google").resolve("Chrome"));
                    case CHROMIUM -> r.add(s.resolve("Chromium"));
                    case EDGE -> r.add(s.resolve("Microsoft Edge"));
                    case BRAVE -> r.add(s.resolve("BraveSoftware").resolve("Brave-Browser"));
                }
            }
            case WINDOWS -> {
                if (this == FIREFOX) {
                    r.add(d.appData().resolve("Mozilla").resolve("Firefox"));
                }
            }
            case LINUX -> {
                Path c = d.configHome();
                Path flatpak = h.resolve(".var").resolve("app");
                switch (this) {
                    case FIREFOX -> {
                        r.add(h.resolve(".mozilla").resolve("firefox"));
                        r.add(h.resolve("snap/firefox/common/.mozilla/firefox"));
                        r.add(flatpak.resolve("org.mozilla.firefox/.mozilla/firefox"));
                    }
                    case CHROME -> {
                        r.add(c.resolve("google-chrome"));
                        r.add(flatpak.resolve("com.google.Chrome/config/google-chrome"));
                    }
                    case CHROMIUM -> {
                        r.add(c.resolve("chromium"));
                        r.add(h.resolve("snap/chromium/common/chromium"));
                        r.add(flatpak.resolve("org.chromium.Chromium/config/chromium"));
                    }
                    case EDGE -> {
                        r.add(c.resolve("microsoft-edge"));
                        r.add(flatpak.resolve("com.microsoft.Edge/config/microsoft-edge"));
                    }
                    case BRAVE -> {
                        r.add(c.resolve("BraveSoftware/Brave-Browser"));
                        r.add(h.resolve("snap/brave/current/.config/BraveSoftware/Brave-Browser"));
                        r.add(flatpak.resolve("com.brave.Browser/config/BraveSoftware/Brave-Browser"));
                    }
                }
            }
        }
        return r;
    }
}
