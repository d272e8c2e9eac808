package io.github.pplxexport.account;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.json.PyJson;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The config {@code init} writes (reference-cli-and-archive.md §2.2, §5.2): {@code default_account}, one
 * {@code [accounts.<key>]} per discovered account ({@code display_name}, {@code email}, {@code user_id}),
 * {@code [bot_space]} ({@code uuid}, {@code slug}, empty when none) and, when the model table could be had,
 * {@code [models]} ({@code last_refreshed}, {@code auto_refresh}) with the catalog in {@code models_cache.json}
 * beside the config. Written atomically, 0600.
 */
public final class InitConfig {
    /** One discovered account. */
    public record Account(String key, String displayName, String email, String userId) {
    }

    private InitConfig() {
    }

    /** The TOML text. */
    public static String toml(String source, String stamp, String defaultAccount, List<Account> accounts,
                              String botUuid, String botSlug, boolean models) {
        StringBuilder t = new StringBuilder();
        t.append("# pplx-export user config, written by `pplx-export init` on ").append(stamp).append(" from the\n")
                .append("# sessions of ").append(source).append(". Keep it private (0600): it names your e-mail addresses.\n")
                .append("# `init --force` writes it again; see config.example.toml for every key.\n\n");
        t.append("default_account = ").append(PyJson.quote(defaultAccount)).append('\n');
        for (Account a : accounts) {
            t.append("\n[accounts.").append(a.key().matches("[A-Za-z0-9_-]+") ? a.key() : PyJson.quote(a.key())).append("]\n")
                    .append("display_name = ").append(PyJson.quote(a.displayName())).append('\n')
                    .append("email = ").append(PyJson.quote(a.email())).append('\n')
                    .append("user_id = ").append(PyJson.quote(a.userId())).append('\n');
        }
        t.append("\n# the space pplx-ask moves finished threads into (empty: none)\n[bot_space]\n")
                .append("uuid = ").append(PyJson.quote(botUuid)).append('\n')
                .append("slug = ").append(PyJson.quote(botSlug)).append('\n');
        if (models) {
            t.append("\n# machine-managed: the model table is in models_cache.json beside this file\n[models]\n")
                    .append("last_refreshed = ").append(PyJson.quote(stamp)).append('\n')
                    .append("auto_refresh = true\n");
        }
        return t.toString();
    }

    /** Writes the config (0600) and, when given, the model catalog beside it. */
    public static void write(Path config, String toml, Map<String, Object> modelCatalog) throws IOException {
        if (modelCatalog != null) {
            AtomicFiles.writePrivate(modelsCache(config), PyJson.pretty(new LinkedHashMap<>(modelCatalog)));
        }
        AtomicFiles.writePrivate(config, toml);
    }

    public static Path modelsCache(Path config) {
        return config.toAbsolutePath().resolveSibling("models_cache.json");
    }
}
