package io.github.pplxexport.cookies;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The browsers whose cookie store {@code --cookies-from} reads (the reference's names), and where each keeps its
 * profiles: the native folder first, then the snap and flatpak ones (Linux); the Chromium family's key names in the
 * Secret Service ({@code secret-tool lookup application <name>}) and in the macOS login Keychain
 * ({@code <Name> Safe Storage}). Chromium's code names the Secret Service key {@code chrome} in Google's builds and
 * {@code chromium} in every other build: a browser built on it (Edge, Brave, Opera) is asked under its own name
 * first, then under {@code chromium}; Vivaldi keeps it under {@code chrome} (as browser_cookie3, the reference's
 * reader, asks it), then the others. Opera keeps its default profile in the user-data folder itself, not in
 * {@code Default/}. Safari (macOS) has one store, {@code Cookies.binarycookies}, values in clear.
 */
public enum Browser {
    FIREFOX("firefox", "Firefox", Store.FIREFOX, List.of(), null),
    CHROME("chrome", "Chrome", Store.CHROMIUM, List.of("chrome"), "Chrome"),
    CHROMIUM("chromium", "Chromium", Store.CHROMIUM, List.of("chromium"), "Chromium"),
    EDGE("edge", "Edge", Store.CHROMIUM, List.of("microsoft-edge", "chromium"), "Microsoft Edge"),
    BRAVE("brave", "Brave", Store.CHROMIUM, List.of("brave", "chromium"), "Brave"),
    OPERA("opera", "Opera", Store.CHROMIUM, List.of("opera", "chromium"), "Opera"),
    VIVALDI("vivaldi", "Vivaldi", Store.CHROMIUM, List.of("vivaldi", "chrome", "chromium"), "Vivaldi"),
    SAFARI("safari", "Safari", Store.SAFARI, List.of(), null);

    /** The kinds of cookie store. */
    enum Store { FIREFOX, CHROMIUM, SAFARI }

    /**
     * The order of the auto-detection when no cookie source is given (reference-cli-and-archive.md §5.5, issue 19);
     * Safari last, as the reference has it (found on macOS only).
     */
    public static final List<Browser> AUTO_DETECT = List.of(FIREFOX, CHROME, CHROMIUM, EDGE, SAFARI);

    private final String id;
    private final String label;
    private final Store store;
    private final List<String> secretServiceApps;
    private final String keychainName;

    Browser(String id, String label, Store store, List<String> secretServiceApps, String keychainName) {
        this.id = id;
        this.label = label;
        this.store = store;
        this.secretServiceApps = secretServiceApps;
        this.keychainName = keychainName;
    }

    Store store() {
        return store;
    }

    /** The profile folders tried, in order, when none is named: Opera's default profile is the user-data folder. */
    List<String> defaultProfiles() {
        return this == OPERA ? List.of("", "Default") : List.of("Default");
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
     * Firefox's profiles.ini folder, the Chromium family's user-data folder, the folder of Safari's
     * Cookies.binarycookies (the sandboxed one since macOS 10.14, then the older one).
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
                    case OPERA -> r.add(s.resolve("com.operasoftware.Opera"));
                    case VIVALDI -> r.add(s.resolve("Vivaldi"));
                    case SAFARI -> {
                        r.add(h.resolve("Library/Containers/com.apple.Safari/Data/Library/Cookies"));
                        r.add(h.resolve("Library/Cookies"));
                    }
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
                    case OPERA -> {
                        r.add(c.resolve("opera"));
                        r.add(c.resolve("opera-beta"));
                        r.add(c.resolve("opera-developer"));
                        r.add(h.resolve("snap/opera/current/.config/opera"));
                        r.add(flatpak.resolve("com.opera.Opera/config/opera"));
                    }
                    case VIVALDI -> {
                        r.add(c.resolve("vivaldi"));
                        r.add(c.resolve("vivaldi-snapshot"));
                        r.add(h.resolve("snap/vivaldi/current/.config/vivaldi"));
                        r.add(flatpak.resolve("com.vivaldi.Vivaldi/config/vivaldi"));
                    }
                    case SAFARI -> {
                        // macOS only
                    }
                }
            }
        }
        return r;
    }
}
