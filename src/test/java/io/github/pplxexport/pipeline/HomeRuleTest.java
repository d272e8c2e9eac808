package io.github.pplxexport.pipeline;

import io.github.pplxexport.api.Cookies;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import io.github.pplxexport.testkit.Archives;
import io.github.pplxexport.testkit.BrowserStores;
import io.github.pplxexport.testkit.BrowserStores.C;
import io.github.pplxexport.testkit.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One rule for the home (issue 25, item 5): with {@code HOME} set to a scratch folder that is not the account's home
 * (the JVM's {@code user.home} here is another temp folder), {@code init} finds the browser login there, writes the
 * config under {@code $XDG_CONFIG_HOME} and says so, and {@code sync} reads that config (its default account) and
 * writes its archive in the working folder inside HOME: nothing at all lands in the account's home.
 */
class HomeRuleTest {
    @TempDir
    Path tmp;

    @Test
    void initAndSyncWriteOnlyUnderHome() throws Exception {
        Path served = Files.createDirectories(tmp.resolve("served"));
        FirstRunTest.copySample(served, List.of("alice/search"));
        Path home = Files.createDirectories(tmp.resolve("home"));
        Path account = Files.createDirectories(tmp.resolve("account-home"));
        Path work = Files.createDirectories(home.resolve("work"));
        BrowserStores.firefox(home.resolve(".mozilla/firefox"), "h0me.default-release",
                List.of(new C("127.0.0.1", Cookies.SESSION_COOKIE, "alice:ff-home-t0k")));
        Path xdg = home.resolve("xdg-config");
        Map<String, String> env = Map.of("HOME", home.toString(), "XDG_CONFIG_HOME", xdg.toString());
        Path config = xdg.resolve("pplx-export/config.toml");

        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(served).withPort(0).withStrictAuth(true))) {
            String base = server.baseUri().toString();
            ChildJvm.Result init = ChildJvm.run(env, account, work, "init", "--base-url", base);
            assertEquals(0, init.exit(), init.toString());
            assertTrue(init.stdout().startsWith("{\"config\": \"" + config + "\""), "init's line says where: " + init);
            assertTrue(Files.readString(config, StandardCharsets.UTF_8).contains("default_account = \"alice\""));

            ChildJvm.Result sync = ChildJvm.run(env, account, work, "sync", "--base-url", base, "--no-pacing",
                    "-D", "camel.component.http.proxy-host=127.0.0.1", "-D", "camel.component.http.proxy-port=" + server.port(),
                    "-D", "camel.component.http.non-proxy-hosts=127.0.0.1,localhost");
            assertEquals(0, sync.exit(), sync.toString());
            assertTrue(sync.stderr().contains("alice"), "the config's default account: " + sync.stderr());
        }
        assertTrue(Archives.conversations(work.resolve("web_archive")) > 0, "the archive is in the working folder");
        assertEquals(List.of(), Archives.files(account), "nothing in the account's home");
        for (Path f : Archives.files(tmp)) {
            assertTrue(f.startsWith(home) || f.startsWith(served), "written outside HOME: " + f);
        }
    }
}
