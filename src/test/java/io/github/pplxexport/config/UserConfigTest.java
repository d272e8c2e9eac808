package io.github.pplxexport.config;

import io.github.pplxexport.library.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UserConfigTest {

    private static final String FULL = """
            # my archive config
            default_account = "alice"
            archive_root = "~/pplx/web_archive"
            last_export = "2036-01-01T00:00:00Z"
            auto_commit = false

            [accounts.alice]
            display_name = "Alice Example"
            email = "alice@example.invalid"
            user_id = "u-123"

            [accounts.bob]
            email = "bob@example.invalid"

            [bot_space]
            uuid = ""

            [index_state.alice]
            extracted_at = "2036-01-01T00:00:00Z"
            incremental_runs_since_full = 3
            """;

    @TempDir
    Path home;

    private Path write(String rel, String text) throws Exception {
        Path p = home.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    @Test
    void readsTheDefaultPathWithAllKeys() throws Exception {
        Path f = write(".config/pplx-export/config.toml", FULL);
        UserConfig c = UserConfig.load(null, Map.of(), home);
        assertFalse(c.degraded());
        assertEquals(Optional.of(f), c.file());
        assertEquals("alice", c.defaultAccount());
        assertEquals(Optional.of(home.resolve("pplx/web_archive")), c.archiveRoot());
        assertEquals(new UserConfig.Account("alice", "Alice Example", "alice@example.invalid", "u-123"),
                c.account("alice").orElseThrow());
        assertEquals(new UserConfig.Account("bob", "", "bob@example.invalid", ""), c.account("bob").orElseThrow());
        assertEquals("alice", c.resolveAccount(null));
        assertEquals("bob", c.resolveAccount("bob"));
    }

    @Test
    void accountFolderIsDisplayNameElseUsernameElseUnknown() throws Exception {
        write(".config/pplx-export/config.toml", FULL);
        UserConfig c = UserConfig.load(null, Map.of(), home);
        assertEquals("Alice Example", c.displayFolder("alice"));
        assertEquals("bob", c.displayFolder("bob"));
        assertEquals("carol", c.displayFolder("carol"));
        assertEquals("unknown", c.displayFolder(""));
        assertEquals("unknown", c.displayFolder(null));
    }

    @Test
    void noFileMeansDegradedModeWithAccountDefault() {
        UserConfig c = UserConfig.load(null, Map.of(), home);
        assertTrue(c.degraded());
        assertEquals(Optional.empty(), c.file());
        assertEquals(Optional.empty(), c.archiveRoot());
        try (LogCapture log = LogCapture.of(UserConfig.class)) {
            assertEquals("default", c.resolveAccount(null));
            assertTrue(log.text().startsWith("WARN"), log.text());
        }
        ConfigException e = assertThrows(ConfigException.class, () -> c.resolveAccount("alice"));
        assertTrue(e.getMessage().contains("config.example.toml"), e.getMessage());
        assertEquals("x", c.displayFolder("x"));
    }

    @Test
    void lookupOrderFlagThenEnvThenDefault() throws Exception {
        write(".config/pplx-export/config.toml", "default_account = \"from-default\"\n[accounts.from-default]\n");
        Path env = write("env.toml", "default_account = \"from-env\"\n");
        Path flag = write("flag.toml", "default_account = \"from-flag\"\n");
        assertEquals("from-flag", UserConfig.load(flag, Map.of(UserConfig.ENV, env.toString()), home).defaultAccount());
        assertEquals("from-env", UserConfig.load(null, Map.of(UserConfig.ENV, env.toString()), home).defaultAccount());
        assertEquals("from-default", UserConfig.load(null, Map.of(UserConfig.ENV, ""), home).defaultAccount());
        assertEquals("from-env", UserConfig.load(null, Map.of(UserConfig.ENV, "~/env.toml"), home).defaultAccount(),
                "~ in the env value is expanded");
    }

    @Test
    void explicitPathThatDoesNotExistIsAnError() {
        Path missing = home.resolve("nope.toml");
        ConfigException flag = assertThrows(ConfigException.class, () -> UserConfig.load(missing, Map.of(), home));
        assertTrue(flag.getMessage().contains(missing.toString()) && flag.getMessage().contains("--config"),
                flag.getMessage());
        ConfigException env = assertThrows(ConfigException.class,
                () -> UserConfig.load(null, Map.of(UserConfig.ENV, missing.toString()), home));
        assertTrue(env.getMessage().contains("PPLX_EXPORT_CONFIG"), env.getMessage());
    }

    @Test
    void unparseableFileIsAOneLineError() throws Exception {
        write(".config/pplx-export/config.toml", "default_account = \"alice\"\n[accounts.alice\nemail = 1\n");
        ConfigException e = assertThrows(ConfigException.class, () -> UserConfig.load(null, Map.of(), home));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().startsWith("cannot read config file "), e.getMessage());
        assertTrue(e.getMessage().endsWith("(line 2)"), e.getMessage());
    }

    @Test
    void wrongTypesAreErrorsNamingTheKey() throws Exception {
        Path a = write("a.toml", "default_account = 5\n");
        assertTrue(assertThrows(ConfigException.class, () -> UserConfig.load(a, Map.of(), home))
                .getMessage().contains("default_account must be a string"));
        Path b = write("b.toml", "[accounts.alice]\ndisplay_name = true\n");
        assertTrue(assertThrows(ConfigException.class, () -> UserConfig.load(b, Map.of(), home))
                .getMessage().contains("accounts.alice.display_name must be a string"));
        Path c = write("c.toml", "accounts = \"alice\"\n");
        assertTrue(assertThrows(ConfigException.class, () -> UserConfig.load(c, Map.of(), home))
                .getMessage().contains("accounts must be a table"));
    }

    @Test
    void unregisteredAccountsAreErrorsNamingTheFile() throws Exception {
        Path f = write("c.toml", FULL);
        UserConfig c = UserConfig.load(f, Map.of(), home);
        ConfigException e = assertThrows(ConfigException.class, () -> c.resolveAccount("carol"));
        assertTrue(e.getMessage().contains(f.toString()) && e.getMessage().contains("[accounts.carol]"),
                e.getMessage());
        Path g = write("g.toml", "default_account = \"ghost\"\n");
        assertThrows(ConfigException.class, () -> UserConfig.load(g, Map.of(), home).resolveAccount(null));
        Path h = write("h.toml", "[accounts.alice]\n");
        assertEquals("default", UserConfig.load(h, Map.of(), home).resolveAccount(null), "empty default_account");
    }

    @Test
    void archiveRootExpansion() {
        assertEquals(home, UserConfig.expandHome("~", home));
        assertEquals(home.resolve("a/b"), UserConfig.expandHome("~/a/b", home));
        assertEquals(Path.of("/abs/x"), UserConfig.expandHome("/abs/x", home));
        assertEquals(Path.of("rel/~x"), UserConfig.expandHome("rel/~x", home));
    }

    /** The example config the messages point to is shipped where they say, and loads as documented. */
    @Test
    void theShippedExampleLoadsWithTheRealLoader() {
        ConfigException e = assertThrows(ConfigException.class, () -> UserConfig.degradedConfig().resolveAccount("work"));
        assertTrue(e.getMessage().contains("copy " + UserConfig.EXAMPLE + " from the top of the project"), e.getMessage());
        Path example = Path.of(UserConfig.EXAMPLE);
        assertTrue(Files.isRegularFile(example), example.toAbsolutePath() + " is shipped");

        UserConfig c = UserConfig.load(example, Map.of(), home);
        assertFalse(c.degraded());
        assertEquals("alice", c.resolveAccount(null));
        assertEquals("work", c.resolveAccount("work"));
        assertEquals(Optional.of(home.resolve("perplexity-archive")), c.archiveRoot());
        assertEquals(new UserConfig.Account("alice", "Alice Example", "alice@example.com", ""), c.account("alice").orElseThrow());
        assertEquals("Alice (work)", c.displayFolder("work"));
        assertEquals("alice@work.example.com", c.account("work").orElseThrow().email());
    }
}
