package io.github.pplxexport.config;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import io.github.pplxexport.json.J;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The reference's user-level TOML config, read only (reference-cli-and-archive.md §5.1–5.3,
 * reference-behaviour.md Appendix A): lookup {@code --config} &gt; env {@code PPLX_EXPORT_CONFIG} &gt;
 * {@code $XDG_CONFIG_HOME/pplx-export/config.toml} (else {@code ~/.config/...}, {@code ~} being {@code $HOME}: see
 * {@link UserHome}); the keys the export pipeline needs:
 * {@code default_account}, {@code archive_root} ({@code ~} expanded) and
 * {@code [accounts.<name>]} with {@code display_name}, {@code email}, {@code user_id}. Other tables
 * ({@code [bot_space]}, {@code [models]}, {@code [index_state]}, ...) are accepted and ignored here.
 *
 * <ul>
 *   <li>no file at the default path: degraded mode, account {@code default};</li>
 *   <li>an explicit path (flag or env) that does not exist, or any file that does not parse:
 *       {@link ConfigException} with a one-line message.</li>
 * </ul>
 */
public final class UserConfig {
    private static final Logger LOG = LoggerFactory.getLogger(UserConfig.class);

    public static final String ENV = "PPLX_EXPORT_CONFIG";
    /** The placeholder account of degraded mode. */
    public static final String DEGRADED_ACCOUNT = "default";
    static final String LOOKUP = "--config > $" + ENV + " > $XDG_CONFIG_HOME (else ~/.config)/pplx-export/config.toml";
    /** The example config shipped at the top of the project, which error messages point to. */
    public static final String EXAMPLE = "config.example.toml";

    /** One {@code [accounts.<name>]} table; absent strings are "". */
    public record Account(String name, String displayName, String email, String userId) {
    }

    private final Path file;
    private final String defaultAccount;
    private final Path archiveRoot;
    private final Map<String, Account> accounts;

    private UserConfig(Path file, String defaultAccount, Path archiveRoot, Map<String, Account> accounts) {
        this.file = file;
        this.defaultAccount = defaultAccount;
        this.archiveRoot = archiveRoot;
        this.accounts = Collections.unmodifiableMap(accounts);
    }

    /** {@code pplx-export/config.toml} in the config folder ({@code $XDG_CONFIG_HOME}, else {@code <home>/.config}). */
    public static Path defaultPath(Map<String, String> env, Path home) {
        return UserHome.configHome(env, home).resolve("pplx-export").resolve("config.toml");
    }

    /** Lookup with the process environment and its home ({@link UserHome}). */
    public static UserConfig load(Path cliConfig) {
        return load(cliConfig, System.getenv(), UserHome.current());
    }

    /**
     * Finds and reads the config.
     *
     * @param cliConfig {@code --config}, or null
     * @param env the environment (an empty {@code PPLX_EXPORT_CONFIG} counts as unset)
     * @param home the user's home, for the default path and {@code ~}
     */
    public static UserConfig load(Path cliConfig, Map<String, String> env, Path home) {
        Location at = locate(cliConfig, env, home);
        if (!Files.exists(at.path())) {
            if (at.origin() != null) {
                throw new ConfigException("config file not found: " + at.path() + " (given by " + at.origin() + ")");
            }
            return degradedConfig();
        }
        return parse(at.path(), home);
    }

    /** Where the config is: its path, and what named it ({@code --config}, the variable; null for the default path). */
    public record Location(Path path, String origin) {
    }

    /** The lookup {@code --config} &gt; {@code $PPLX_EXPORT_CONFIG} &gt; the default path, {@code ~} expanded; reads nothing. */
    public static Location locate(Path cliConfig, Map<String, String> env, Path home) {
        if (cliConfig != null) {
            return new Location(expandHome(cliConfig.toString(), home), "--config");
        }
        if (env.get(ENV) != null && !env.get(ENV).isBlank()) {
            return new Location(expandHome(env.get(ENV), home), "$" + ENV);
        }
        return new Location(defaultPath(env, home), null);
    }

    /** No config file: degraded mode (placeholder account, no email check). */
    public static UserConfig degradedConfig() {
        return new UserConfig(null, "", null, new LinkedHashMap<>());
    }

    private static UserConfig parse(Path path, Path home) {
        Map<String, Object> doc;
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> m = new TomlMapper().readValue(Files.readString(path, StandardCharsets.UTF_8), Map.class);
            doc = m;
        } catch (IOException e) {
            throw new ConfigException("cannot read config file " + path + ": " + firstLine(e), e);
        }
        String defaultAccount = string(doc, "default_account", path);
        String root = string(doc, "archive_root", path);
        Object accountsTable = doc.get("accounts");
        if (accountsTable != null && !(accountsTable instanceof Map)) {
            throw new ConfigException("config file " + path + ": accounts must be a table ([accounts.<name>])");
        }
        Map<String, Account> accounts = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : J.map(doc, "accounts").entrySet()) {
            if (!(e.getValue() instanceof Map<?, ?>)) {
                throw new ConfigException("config file " + path + ": accounts." + e.getKey() + " must be a table");
            }
            String where = "accounts." + e.getKey() + ".";
            accounts.put(e.getKey(), new Account(e.getKey(), string(e.getValue(), "display_name", path, where),
                    string(e.getValue(), "email", path, where), string(e.getValue(), "user_id", path, where)));
        }
        return new UserConfig(path, defaultAccount, root.isEmpty() ? null : expandHome(root, home), accounts);
    }

    private static String string(Object table, String key, Path path) {
        return string(table, key, path, "");
    }

    private static String string(Object table, String key, Path path, String prefix) {
        Object v = J.get(table, key);
        if (v == null) {
            return "";
        }
        if (!(v instanceof String s)) {
            throw new ConfigException("config file " + path + ": " + prefix + key + " must be a string");
        }
        return s;
    }

    /** The parser's reason without its multi-line source excerpt, plus where it stopped. */
    private static String firstLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (e instanceof JacksonException je) {
            m = je.getOriginalMessage();
            JsonLocation loc = je.getLocation();
            if (loc != null && loc.getLineNr() > 0) {
                m += " (line " + loc.getLineNr() + ")";
            }
        }
        int nl = m.indexOf('\n');
        return (nl >= 0 ? m.substring(0, nl) : m).strip();
    }

    /** Python's {@code os.path.expanduser} for the current user: a leading {@code ~} or {@code ~/}. */
    static Path expandHome(String p, Path home) {
        if (p.equals("~")) {
            return home;
        }
        if (p.startsWith("~/")) {
            return home.resolve(p.substring(2));
        }
        return Path.of(p);
    }

    /** The file that was read; empty in degraded mode. */
    public Optional<Path> file() {
        return Optional.ofNullable(file);
    }

    /** No config file was found at the default path. */
    public boolean degraded() {
        return file == null;
    }

    /** {@code default_account}, "" when unset. */
    public String defaultAccount() {
        return defaultAccount;
    }

    /** {@code archive_root} with {@code ~} expanded: the {@code --out} fallback. */
    public Optional<Path> archiveRoot() {
        return Optional.ofNullable(archiveRoot);
    }

    public Map<String, Account> accounts() {
        return accounts;
    }

    public Optional<Account> account(String name) {
        return Optional.ofNullable(accounts.get(name));
    }

    /**
     * The account to run as: {@code --account}, else {@code default_account}, else the degraded
     * placeholder {@code default} (with a warning). A named account must be registered in a loaded
     * config: {@code --account} without any config file, or an unregistered name, is a
     * {@link ConfigException} saying what to add where.
     */
    public String resolveAccount(String cliAccount) {
        boolean fromCli = cliAccount != null && !cliAccount.isEmpty();
        String name = fromCli ? cliAccount : defaultAccount;
        if (name.isEmpty()) {
            // the session check names the account after the session's user (AccountCheck); it is not 'default'
            LOG.warn("[config] {}: the account is named after the session's user, with no email check",
                    degraded() ? "no config file (" + LOOKUP + ")" : "no default_account in " + file);
            return DEGRADED_ACCOUNT;
        }
        if (degraded()) {
            throw new ConfigException("--account " + name + " needs a config file, none found (" + LOOKUP
                    + "); copy " + EXAMPLE + " from the top of the project to ~/.config/pplx-export/config.toml");
        }
        if (!accounts.containsKey(name)) {
            throw new ConfigException("account '" + name + "' is not registered in " + file + "; add an [accounts."
                    + name + "] table");
        }
        return name;
    }

    /**
     * The archive folder name of an account (before sanitising, see ThreadDirName): its
     * {@code display_name}, else the username itself, else {@code unknown}.
     */
    public String displayFolder(String username) {
        Account a = username == null ? null : accounts.get(username);
        if (a != null && !a.displayName().isEmpty()) {
            return a.displayName();
        }
        return username == null || username.isEmpty() ? "unknown" : username;
    }
}
