package io.github.pplxexport.account;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.json.PyJson;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The config {@code init} writes (reference-cli-and-archive.md §2.2, §5.2): {@code default_account}, one
 * {@code [accounts.<key>]} per discovered account ({@code display_name}, {@code email}, {@code user_id}),
 * {@code [bot_space]} ({@code uuid}, {@code slug}, empty when none). No {@code [models]}: the model catalog and its
 * date are the archive's {@code index/models_cache.json} ({@link io.github.pplxexport.ask.ModelCatalog}). Written
 * atomically, 0600.
 */
public final class InitConfig {
    /** One discovered account. */
    public record Account(String key, String displayName, String email, String userId) {
    }

    private InitConfig() {
    }

    /** The TOML text. */
    public static String toml(String source, String stamp, String defaultAccount, List<Account> accounts,
                              String botUuid, String botSlug) {
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
        return t.toString();
    }

    /** Writes the config (0600). */
    public static void write(Path config, String toml) throws IOException {
        AtomicFiles.writePrivate(config, toml);
    }
}
