package io.github.pplxexport.cli;

import io.github.pplxexport.config.ConfigException;
import io.github.pplxexport.config.UserConfig;
import io.github.pplxexport.labels.Lang;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The global options as one command sees them. They come in five mixins (and {@link All} of them), and
 * each command mixes in only those that apply to it (so {@code status --help} shows no {@code --cookies}); they are accepted
 * before the command name too, where the top level takes all five. After parsing, {@link PplxExportCli}
 * applies the top level's values, then the command's, onto one GlobalOptions ({@code parent.global}).
 */
public class GlobalOptions {
    /** Archive root and user config: every command that reads or writes an archive. */
    public static class Archive implements Part {
        @Option(names = "--out", paramLabel = "DIR",
                description = "Archive root (default: archive_root of the config, else ./web_archive).")
        Path out;

        @Option(names = "--config", paramLabel = "FILE",
                description = "User TOML config (default: $PPLX_EXPORT_CONFIG, else ~/.config/pplx-export/config.toml, ~/.config"
                        + " being $XDG_CONFIG_HOME when set and ~ being $HOME; see config.example.toml).")
        Path config;

        @Option(names = "--site", paramLabel = "NAME", description = "Site adapter, as the Python exporter takes it:"
                + " ${COMPLETION-CANDIDATES}, the only one (default).")
        SiteName site;

        @Override
        public void applyTo(GlobalOptions g) {
            g.out = out != null ? out : g.out;
            g.config = config != null ? config : g.config;
        }
    }

    /** The sites of {@code --site}: one. */
    public enum SiteName { perplexity }

    /** Account, cookies and API address: the commands that talk to Perplexity. */
    public static class Site implements Part {
        @Option(names = "--account", paramLabel = "NAME",
                description = "Account to export as: a key of [accounts.<name>] in the config (default: default_account).")
        String account;

        @Option(names = "--cookies", paramLabel = "FILE",
                description = "Cookies of a logged-in browser session: Netscape cookies.txt or a JSON export"
                        + " (see README, Cookies). Sent only to the API host.")
        Path cookies;

        @Option(names = "--cookies-from", paramLabel = "BROWSER",
                description = "Read the cookies from a browser's own store: firefox, chrome, chromium, edge, brave, opera,"
                        + " vivaldi or safari (default: --cookies, else the cookie cache of the last 12 h, else the first"
                        + " of firefox, chrome, chromium, edge, safari logged in).")
        String cookiesFrom;

        @Option(names = "--browser-profile", paramLabel = "NAME|PATH",
                description = "The browser profile of --cookies-from: its name or folder (default: the browser's default profile).")
        String browserProfile;

        @Option(names = "--base-url", paramLabel = "URL",
                description = "Perplexity API base URL (default: https://www.perplexity.ai); point it at a replay API.")
        String baseUrl;

        @Option(names = "--skip-auth-check", description = "Skip the startup session probe (GET /api/auth/session).")
        boolean skipAuthCheck;

        @Option(names = "--transport", paramLabel = "cookie|webbridge",
                description = "How requests reach the API: cookie (this program, with the cookies; default) or webbridge"
                        + " (each request from your logged-in browser tab through the local WebBridge daemon; not with"
                        + " --cookies or --cookies-from).")
        String transport;

        @Option(names = "--webbridge-url", paramLabel = "URL",
                description = "The WebBridge daemon of --transport webbridge (default: http://127.0.0.1:10086).")
        String webbridgeUrl;

        @Option(names = "--no-telemetry", description = "Accepted for pplx-ask's scripts and ignored (one note):"
                + " nothing is ever sent but the API's own requests.")
        boolean noTelemetry;

        @Override
        public void applyTo(GlobalOptions g) {
            g.transport = transport != null ? transport : g.transport;
            g.webbridgeUrl = webbridgeUrl != null ? webbridgeUrl : g.webbridgeUrl;
            g.account = account != null ? account : g.account;
            g.cookies = cookies != null ? cookies : g.cookies;
            g.cookiesFrom = cookiesFrom != null ? cookiesFrom : g.cookiesFrom;
            g.browserProfile = browserProfile != null ? browserProfile : g.browserProfile;
            g.baseUrl = baseUrl != null ? baseUrl : g.baseUrl;
            g.skipAuthCheck |= skipAuthCheck;
            g.noTelemetry |= noTelemetry;
        }
    }

    /** Routes and settings of the Camel pipeline: the commands that run it. */
    public static class Pipeline implements Part {
        @Option(names = "--routes", paramLabel = "DIR",
                description = "Folder of *.camel.yaml routes: a route with a shipped id replaces it, a new id adds one.")
        Path routes;

        @Option(names = {"-D", "--property"}, paramLabel = "KEY=VALUE",
                description = "Override one setting of application.properties (repeatable), e.g."
                        + " -D pplx.retry.delay-ms=1000; a command's own flags win over it.")
        Map<String, String> properties = new LinkedHashMap<>();

        @Override
        public void applyTo(GlobalOptions g) {
            g.routes = routes != null ? routes : g.routes;
            g.properties.putAll(properties);
        }
    }

    /** Console verbosity and the debug log file: every command that logs. */
    public static class Log implements Part {
        @Option(names = {"-v", "--verbose"}, description = "Debug output on the console (stack traces, request traces).")
        boolean[] verbose = new boolean[0];

        @Option(names = "--log-file", paramLabel = "PATH", arity = "0..1", fallbackValue = "",
                description = "Also write the full debug log to PATH (without PATH: <out>/index/logs/<command>-<time>.log);"
                        + " its path is printed at the start.")
        String logFile;

        @Override
        public void applyTo(GlobalOptions g) {
            g.verbosity += verbose.length;
            g.logFile = logFile != null ? logFile : g.logFile;
        }
    }

    /** The language of the console lines and the Markdown labels: every command that prints them or renders. */
    public static class Language implements Part {
        @Option(names = "--lang", paramLabel = "zh|en",
                description = "Language of the console lines and of the Markdown labels (default: pplx.lang, zh: the"
                        + " reference's bytes).")
        String lang;

        @Override
        public void applyTo(GlobalOptions g) {
            // the property the pipeline reads: --lang is -D pplx.lang=<lang> under a name of its own
            if (lang != null) {
                g.properties.put(Lang.PROPERTY, lang);
            }
        }
    }

    /** All five: the top level and the commands that talk to Perplexity. */
    public static class All implements Part {
        @Mixin
        Archive archive;
        @Mixin
        Site site;
        @Mixin
        Pipeline pipeline;
        @Mixin
        Log log;
        @Mixin
        Language language;

        @Override
        public void applyTo(GlobalOptions g) {
            for (Part p : new Part[]{archive, site, pipeline, log, language}) {
                p.applyTo(g);
            }
        }
    }

    /** One of the mixins above. */
    public interface Part {
        /** Sets what this mixin parsed onto {@code g}, over what is there. */
        void applyTo(GlobalOptions g);
    }

    /** application.properties, as the pipeline reads it (the defaults a command needs before or without Camel). */
    private static final Properties BUILT_IN = new Properties();

    static {
        try (InputStream in = GlobalOptions.class.getResourceAsStream("/application.properties")) {
            if (in != null) {
                BUILT_IN.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A setting of application.properties as shipped. */
    static String builtIn(String key) {
        return BUILT_IN.getProperty(key);
    }

    Path out;
    Path config;
    String account;
    Path cookies;
    String cookiesFrom;
    String browserProfile;
    String baseUrl;
    boolean skipAuthCheck;
    String transport;
    String webbridgeUrl;
    boolean noTelemetry;
    Path routes;
    int verbosity;
    String logFile;
    Map<String, String> properties = new LinkedHashMap<>();

    /** --out, else ./web_archive (without looking at the config). */
    public Path out() {
        return (out != null ? out : Paths.get("web_archive")).toAbsolutePath().normalize();
    }

    /** The archive root: --out, else the config's archive_root, else ./web_archive. */
    public Path archiveRoot(UserConfig config) {
        Path p = out != null ? out : config.archiveRoot().orElse(Paths.get("web_archive"));
        return p.toAbsolutePath().normalize();
    }

    /**
     * The archive root of a run that will write into it, created now, so a folder that cannot be made
     * is one line before any network rather than an error after the first fetch.
     */
    public static Path writable(Path archiveRoot) {
        Path root = archiveRoot.toAbsolutePath().normalize();
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw UsageException.io("create the archive folder " + root, e);
        }
        if (!Files.isWritable(root)) {
            throw new UsageException("cannot write into the archive folder " + root + ": permission denied");
        }
        return root;
    }

    /** The archive root for offline commands (loads the config to see its archive_root). */
    public Path archiveRoot() {
        if (out != null) {
            return out();
        }
        try {
            return archiveRoot(UserConfig.load(config));
        } catch (ConfigException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * The {@code -D KEY=VALUE} overrides, merged under {@code commandFlags} (which win), and the language the console
     * uses, so the Markdown is always in the same one.
     */
    public Map<String, String> properties(Map<String, String> commandFlags) {
        Map<String, String> m = new LinkedHashMap<>(properties);
        m.putAll(commandFlags);
        m.put(Lang.PROPERTY, lang().id());
        return m;
    }

    public boolean verbose() {
        return verbosity > 0;
    }

    /** The language of the run: --lang, else -D pplx.lang, else application.properties' pplx.lang. */
    public Lang lang() {
        String lang = properties.get(Lang.PROPERTY);
        try {
            return Lang.of(lang != null ? lang : BUILT_IN.getProperty(Lang.PROPERTY));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
