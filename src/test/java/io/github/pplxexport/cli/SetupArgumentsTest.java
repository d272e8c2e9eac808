package io.github.pplxexport.cli;

import io.github.pplxexport.config.UserConfig;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import io.github.pplxexport.testkit.BrowserStores;
import io.github.pplxexport.testkit.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The setup commands' mistakes as a user meets them (a whole process, a temp HOME): each is one line naming the
 * thing and what to do, exit 2, and no request reaches the API.
 */
class SetupArgumentsTest {
    @TempDir
    Path tmp;

    @Test
    void initWritesTheConfigWhereEveryOtherCommandReadsIt() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        GlobalOptions g = new GlobalOptions();
        assertEquals(home.resolve(".config/pplx-export/config.toml"), InitCommand.configPath(g, Map.of(), home));
        assertEquals(tmp.resolve("xdg/pplx-export/config.toml"),
                InitCommand.configPath(g, Map.of("XDG_CONFIG_HOME", tmp.resolve("xdg").toString()), home), "$XDG_CONFIG_HOME");
        assertEquals(home.resolve(".config/pplx-export/config.toml"),
                InitCommand.configPath(g, Map.of("XDG_CONFIG_HOME", "rel/xdg"), home), "a relative $XDG_CONFIG_HOME is ignored (XDG)");
        assertEquals(home.resolve("env.toml"), InitCommand.configPath(g, Map.of(UserConfig.ENV, "~/env.toml"), home),
                "~ of $PPLX_EXPORT_CONFIG is the home, as UserConfig.load reads it");
        g.config = Path.of("~/flag.toml");
        assertEquals(home.resolve("flag.toml"), InitCommand.configPath(g, Map.of(UserConfig.ENV, "~/env.toml"), home),
                "--config first, its ~ the home");
    }

    @Test
    void aBrowserThatCannotBeReadAnUnknownOneAndASpaceUrlWithoutASlugAreOneLineEach() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        // a Chromium whose v11 values need the keyring, which is locked
        BrowserStores.chromium(home.resolve(".config/chromium"), "Default", 24, "v11", "pw", 1,
                List.of(new BrowserStores.C("127.0.0.1", "__Secure-next-auth.session-token", "alice:zz")));
        BrowserStores.program(home.resolve("bin"), "secret-tool", "", null);
        Map<String, String> env = Map.of("HOME", home.toString(), "PATH", home.resolve("bin") + ":" + System.getenv("PATH"),
                "XDG_CONFIG_HOME", home.resolve(".config").toString());
        Path log = tmp.resolve("requests.jsonl");
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample")).withPort(0)
                .withRequestLog(log))) {
            String base = server.baseUri().toString();
            oneLine(ChildJvm.run(env, tmp, "--cookies-from", "chromium", "--base-url", base, "sync"),
                    "cannot read the Chromium key from the desktop keyring (secret-tool lookup application chromium): the"
                            + " keyring is locked or holds no such key (unlock it and try again), or export the cookies of"
                            + " perplexity.ai to a file and use --cookies FILE");
            oneLine(ChildJvm.run(env, tmp, "--cookies-from", "netscape", "--base-url", base, "init"),
                    "--cookies-from netscape: unknown browser; one of firefox, chrome, chromium, edge, brave, opera, vivaldi, safari");
            oneLine(ChildJvm.run(env, tmp, "--base-url", base, "space-index", "https://www.perplexity.ai/spaces/"),
                    "not a space URL or slug: https://www.perplexity.ai/spaces/ (expected https://www.perplexity.ai/spaces/<slug>)");
            assertTrue(!Files.exists(log) || Files.readString(log).isEmpty(), "no request: " + (Files.exists(log) ? Files.readString(log) : ""));
        }
    }

    private static void oneLine(ChildJvm.Result r, String expected) {
        assertEquals(2, r.exit(), r.toString());
        assertEquals(1, r.errLines().size(), r.toString());
        assertTrue(r.errLines().get(0).endsWith("[ERROR] " + expected), r.toString());
    }
}
