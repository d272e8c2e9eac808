package io.github.pplxexport.cli;

import io.github.pplxexport.config.ConfigException;
import io.github.pplxexport.config.UserConfig;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;

/** Options every command accepts, before or after the command name. */
public class GlobalOptions {
    @Option(names = "--out", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "Archive root (default: config archive_root, else ./web_archive).")
    Path out;

    @Option(names = "--config", paramLabel = "FILE", scope = ScopeType.INHERIT,
            description = "User TOML config (default: $PPLX_EXPORT_CONFIG, else ~/.config/pplx-export/config.toml).")
    Path config;

    @Option(names = "--account", paramLabel = "NAME", scope = ScopeType.INHERIT,
            description = "Account to export as (a key of [accounts.<name>] in the config).")
    String account;

    @Option(names = "--cookies", paramLabel = "FILE", scope = ScopeType.INHERIT,
            description = "Netscape cookies.txt or JSON cookie export; sent only to the API host.")
    Path cookies;

    @Option(names = "--base-url", paramLabel = "URL", scope = ScopeType.INHERIT,
            description = "Perplexity API base URL (default https://www.perplexity.ai; point it at a replay server).")
    String baseUrl;

    @Option(names = "--routes", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "Folder of *.camel.yaml routes: a route with a shipped id replaces it, a new id adds one.")
    Path routes;

    @Option(names = {"-v", "--verbose"}, scope = ScopeType.INHERIT,
            description = "Debug output (stack traces, request traces).")
    boolean[] verbose = new boolean[0];

    @Option(names = "--log-file", paramLabel = "PATH", arity = "0..1", fallbackValue = "", scope = ScopeType.INHERIT,
            description = "Also write the full debug log to PATH (bare flag: <out>/index/logs/<cmd>-<time>.log).")
    String logFile;

    Map<String, String> properties = new LinkedHashMap<>();

    /** A setter that adds, so {@code -D} before and after the command name both count. */
    @Option(names = {"-D", "--property"}, paramLabel = "KEY=VALUE", scope = ScopeType.INHERIT,
            description = "Override one built-in setting of application.properties (repeatable), e.g."
                    + " -D pplx.pacing.page-delay-ms=0; a command's own flags (--delay-min, …) win over it.")
    void property(Map<String, String> entries) {
        properties.putAll(entries);
    }

    /** --out, else ./web_archive (the demo's rule: the user's config does not redirect it). */
    public Path out() {
        return (out != null ? out : Paths.get("web_archive")).toAbsolutePath().normalize();
    }

    /** The archive root: --out, else the config's archive_root, else ./web_archive. */
    public Path archiveRoot(UserConfig config) {
        Path p = out != null ? out : config.archiveRoot().orElse(Paths.get("web_archive"));
        return p.toAbsolutePath().normalize();
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

    /** The {@code -D KEY=VALUE} overrides, merged under {@code commandFlags} (which win). */
    public Map<String, String> properties(Map<String, String> commandFlags) {
        Map<String, String> m = new LinkedHashMap<>(properties);
        m.putAll(commandFlags);
        return m;
    }

    public boolean verbose() {
        return verbose.length > 0;
    }
}
