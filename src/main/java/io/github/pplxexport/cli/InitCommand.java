package io.github.pplxexport.cli;

import io.github.pplxexport.account.InitRequest;
import io.github.pplxexport.config.UserConfig;
import io.github.pplxexport.config.UserHome;
import io.github.pplxexport.cookies.CookieSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code init}: writes the user config from what the sessions of a browser login say (reference-cli-and-archive.md
 * §2.2; route {@code init}).
 */
@Command(name = "init", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Write the config from a browser login (accounts, BOT space).",
        description = "Reads the cookies (--cookies-from BROWSER, --cookies FILE, else the first of firefox, chrome,"
                + " chromium, edge, safari logged in to perplexity.ai), asks the session of the login's active token and of"
                + " each per-account token (__Secure-pplx.session.<uid>): every account found gets an [accounts.<name>]"
                + " table (name: the local part of its e-mail), the active one is default_account. A space titled"
                + " --bot-title (any case) is the [bot_space]; --create-bot-space creates it when none is. The model"
                + " table seeds [models] (models_cache.json beside the config). The config is written atomically, 0600,"
                + " at --config (default: $PPLX_EXPORT_CONFIG, else $XDG_CONFIG_HOME/pplx-export/config.toml, $XDG_CONFIG_HOME"
                + " being ~/.config when unset and ~ being $HOME), never over an"
                + " existing file without --force. Prints one JSON line: the config, the accounts, the default, the BOT space.",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar init",
                "  java -jar target/pplx-export.jar --cookies-from chrome --browser-profile 'Profile 1' init --force",
                "  java -jar target/pplx-export.jar init --create-bot-space"})
public class InitCommand implements Callable<Integer> {
    static final String DEFAULT_BOT_TITLE = "BOT";

    @ParentCommand
    PplxExportCli parent;

    @Option(names = "--force", description = "Overwrite an existing config file.")
    boolean force;

    @Option(names = "--create-bot-space", paramLabel = "TITLE", arity = "0..1", fallbackValue = "",
            description = "Create the BOT space when no space has its title (a write on the account); a TITLE given"
                    + " here is used to match and to create (over --bot-title).")
    String createBotSpace;

    @Option(names = "--bot-title", paramLabel = "TITLE",
            description = "Title of the BOT space, matched without regard to case (default " + DEFAULT_BOT_TITLE + ").")
    String botTitle;

    @Mixin
    GlobalOptions.All globals;

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "init");
        Path config = configPath(parent.global, System.getenv(), UserHome.current());
        if (Files.exists(config) && !force) {
            throw new UsageException("config file " + config + " exists: init --force overwrites it");
        }
        String title = createBotSpace != null && !createBotSpace.isBlank() ? createBotSpace
                : botTitle != null ? botTitle : DEFAULT_BOT_TITLE;
        OnlineRun run = OnlineRun.withoutConfig(parent.global, java.util.Map.of());
        if (run.cookies.kind() == CookieSource.Kind.NONE) {
            throw new UsageException("init needs a login: log in to perplexity.ai in Firefox, Chrome, Chromium, Edge or Safari,"
                    + " or give --cookies-from BROWSER or --cookies FILE");
        }
        String summary = run.run("direct:init", account -> new InitRequest(config, title, createBotSpace != null),
                String.class);
        System.out.println(summary);
        return PplxExportCli.EXIT_OK;
    }

    /** Where init writes: where every other command reads the config (--config, else $PPLX_EXPORT_CONFIG, else the default). */
    static Path configPath(GlobalOptions g, java.util.Map<String, String> env, Path home) {
        return UserConfig.locate(g.config, env, home).path().toAbsolutePath().normalize();
    }
}
