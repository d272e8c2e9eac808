package io.github.pplxexport.pipeline;

import io.github.pplxexport.api.Cookies;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
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
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A newcomer's first runs, as separate processes in a temp HOME that holds a Firefox profile (not logged in to the
 * API host) and a Chromium profile logged in as alice with bob signed in too (v11 values under a keyring key that a
 * fake secret-tool gives, a version-24 database), against the replay in strict-auth mode, whose session tokens look
 * like secrets: {@code init} writes the config from the two sessions, {@code sync} with no cookie flag finds the
 * login (Firefox skipped) and caches it, the next {@code sync} runs from the cache with the browser gone,
 * {@code sync --account bob} switches to bob's token and exports only bob's threads, an account of no token of the
 * login stops with exit 3 naming both e-mails. No cookie value shows anywhere but in the Cookie header and the cache:
 * not on the console, in the debug log, the config, the archive or the replay's request log.
 */
class FirstRunTest {
    static final String ALICE = "alice:chr-S3cret-a1f9";
    static final String BOB = "bob:chr-S3cret-b0b7";
    static final String KEYRING = "kR-p4ss-0c1d";
    /** A small library: two threads of alice, one of bob (each run is a whole process: it stays quick). */
    static final List<String> SERVED = List.of("alice/search", "bob/study");

    @TempDir
    Path tmp;

    @Test
    void initThenSyncWithNoFlagThenTheCacheThenAnotherAccountOfTheSameLogin() throws Exception {
        Path served = Files.createDirectories(tmp.resolve("served"));
        copySample(served, SERVED);
        Path home = Files.createDirectories(tmp.resolve("home"));
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path requestLog = tmp.resolve("requests.jsonl");
        BrowserStores.firefox(home.resolve(".mozilla/firefox"), "q1w2.default-release",
                List.of(new C(".example.org", "pref", "dark")));
        Path chromium = home.resolve(".config/chromium");
        BrowserStores.chromium(chromium, "Default", 24, "v11", KEYRING, 1, List.of(
                new C("127.0.0.1", Cookies.SESSION_COOKIE, ALICE),
                new C("127.0.0.1", "__Secure-pplx.session.uid-a11ce", ALICE),
                new C("127.0.0.1", "__Secure-pplx.session.uid-b0b", BOB),
                new C(".perplexity.ai", Cookies.SESSION_COOKIE, "real-site-Tok3n")));
        BrowserStores.program(home.resolve("bin"), "secret-tool", "lookup application chromium", KEYRING);
        Map<String, String> env = Map.of("HOME", home.toString(), "PATH", home.resolve("bin") + ":" + System.getenv("PATH"),
                "XDG_CONFIG_HOME", home.resolve(".config").toString());
        Path config = home.resolve(".config/pplx-export/config.toml");
        List<ChildJvm.Result> runs = new ArrayList<>();

        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(served).withPort(0).withStrictAuth(true)
                .withRequestLog(requestLog))) {
            List<String> online = List.of("--base-url", server.baseUri().toString(), "--no-pacing",
                    "-D", "pplx.retry.delay-ms=5", "-D", "camel.component.http.proxy-host=127.0.0.1",
                    "-D", "camel.component.http.proxy-port=" + server.port(),
                    "-D", "camel.component.http.non-proxy-hosts=127.0.0.1,localhost");

            ChildJvm.Result init = run(runs, env, work, "init", "--base-url", server.baseUri().toString());
            assertEquals(0, init.exit(), init.toString());
            assertEquals(1, init.stdout().lines().count(), init.toString());
            // the model catalog goes where the archive of the next runs is, where ask reads it
            Path models = work.resolve("web_archive/index/models_cache.json");
            assertEquals("{\"config\": \"" + config + "\", \"accounts\": [\"alice\", \"bob\"],"
                    + " \"default_account\": \"alice\", \"bot_space\": {\"uuid\": null, \"slug\": null}, \"models_cache\": \""
                    + models + "\"}", init.stdout().strip());
            assertEquals("pplx_alpha", J.str(J.map(Json.readObject(models), "default_models"), "deep-research"));
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(config)));
            String toml = Files.readString(config, StandardCharsets.UTF_8);
            assertTrue(toml.contains("default_account = \"alice\"\n") && toml.contains("[accounts.bob]\ndisplay_name = \"bob\"\n"
                    + "email = \"bob@example.com\"\nuser_id = \"uid-b0b\"\n"), toml);
            ChildJvm.Result again = run(runs, env, work, "init", "--base-url", server.baseUri().toString());
            assertEquals(2, again.exit(), again.toString());
            assertTrue(again.stderr().contains("config file " + config + " exists: init --force overwrites it"), again.stderr());

            // sync with no cookie flag: the login is found in Chromium (Firefox has none for the host), then cached
            int before = lines(requestLog);
            ChildJvm.Result first = run(runs, env, work, args("sync", online));
            assertEquals(0, first.exit(), first.toString());
            assertTrue(first.stderr().contains("cookies found in Chromium"), first.stderr());
            assertEquals(Set.of("alice"), authors(tmp.resolve("work/web_archive")), "alice's threads only");
            assertEquals(Set.of("alice"), sessions(requestLog, before));
            Path cache = work.resolve("web_archive/index/.cookies.json");
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cache)));

            // the browser is gone: the fresh cache logs in
            Files.move(chromium, home.resolve("chromium-away"));
            ChildJvm.Result second = run(runs, env, work, args("sync", online));
            assertEquals(0, second.exit(), second.toString());
            assertTrue(second.stderr().contains("cache:" + cache), second.stderr());

            // another account of the same login: its token is found by asking each token's session
            before = lines(requestLog);
            ChildJvm.Result bob = run(runs, env, work, args("sync", online, "--account", "bob", "--log-file"));
            assertEquals(0, bob.exit(), bob.toString());
            assertTrue(bob.stderr().contains("switched to bob@example.com (account 'bob', token uid-b0b)"), bob.stderr());
            assertEquals(Set.of("alice", "bob"), authors(tmp.resolve("work/web_archive")));
            assertEquals(threadsOf(served, "bob"), threadRequests(requestLog, before), "bob's threads, as bob");

            // an account no token of the login is: one line naming both e-mails, exit 3
            Files.writeString(config, "\n[accounts.carol]\nemail = \"carol@example.com\"\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.APPEND);
            ChildJvm.Result carol = run(runs, env, work, args("sync", online, "--account", "carol"));
            assertEquals(3, carol.exit(), carol.toString());
            String last = carol.errLines().get(carol.errLines().size() - 1);
            assertTrue(last.contains("alice@example.com") && last.contains("carol@example.com") && last.contains("[ERROR] aborted: "), last);

            // a cached login the platform refuses (the browser logged in again since) is dropped, not used for hours
            String cached = Files.readString(cache);
            Files.writeString(cache, cached.replace(ALICE, "nobody:gone-0ld"), StandardCharsets.UTF_8);
            ChildJvm.Result refused = run(runs, env, work, args("sync", online));
            assertEquals(3, refused.exit(), refused.toString());
            assertTrue(refused.errLines().get(refused.errLines().size() - 1).endsWith("[ERROR] aborted: the cached login "
                    + cache + " was refused (HTTP 401): it is deleted; run again to read the browser's cookies"), refused.stderr());
            assertFalse(Files.exists(cache));
            Files.writeString(cache, cached, StandardCharsets.UTF_8);    // for the check below
        }

        // no cookie value in any console line, archive file (but the cache), config or the replay's request log
        List<String> secrets = List.of(ALICE, BOB, "chr-S3cret", KEYRING, "real-site-Tok3n");
        StringBuilder seen = new StringBuilder();
        runs.forEach(r -> seen.append(r.stdout()).append(r.stderr()));
        for (Path f : Archives.files(tmp)) {
            if (!f.equals(tmp.resolve("work/web_archive/index/.cookies.json")) && !f.startsWith(home.resolve("chromium-away"))
                    && !f.startsWith(home.resolve(".mozilla")) && !f.startsWith(home.resolve("bin"))) {
                seen.append(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
        }
        secrets = new ArrayList<>(secrets);
        secrets.add("gone-0ld");
        for (String secret : secrets) {
            assertFalse(seen.toString().contains(secret), "a cookie value leaked: " + secret);
        }
        assertTrue(Files.readString(tmp.resolve("work/web_archive/index/.cookies.json")).contains(ALICE), "the cache holds it");
        assertTrue(seen.toString().contains(" DEBUG pplx.api GET /api/auth/session"), "the debug log of the bob run was read too");
    }

    private static ChildJvm.Result run(List<ChildJvm.Result> runs, Map<String, String> env, Path work, String... args)
            throws Exception {
        ChildJvm.Result r = ChildJvm.run(env, work, args);
        runs.add(r);
        return r;
    }

    private static String[] args(String command, List<String> global, String... more) {
        List<String> a = new ArrayList<>(List.of(command));
        a.addAll(global);
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    private static int lines(Path log) throws Exception {
        return Files.exists(log) ? Files.readAllLines(log).size() : 0;
    }

    private static List<Map<String, Object>> requests(Path log, int from) throws Exception {
        List<Map<String, Object>> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(log);
        for (String l : lines.subList(from, lines.size())) {
            out.add(J.asMap(Json.parse(l)));
        }
        return out;
    }

    /** Who the replay saw: the thread requests' authors, via their uuids in the served archive. */
    private static Set<String> sessions(Path log, int from) throws Exception {
        Set<String> uuids = threadRequests(log, from);
        Set<String> authors = new TreeSet<>();
        LiveLibrary.sampleThreads().values().stream().filter(t -> uuids.contains(t.uuid())).forEach(t -> authors.add(t.author()));
        return authors;
    }

    private static Set<String> threadRequests(Path log, int from) throws Exception {
        Set<String> uuids = new TreeSet<>();
        for (Map<String, Object> r : requests(log, from)) {
            if (J.str(r, "path").startsWith("/rest/thread/") && !J.str(r, "path").endsWith(LiveLibrary.SIBLING)) {
                uuids.add(J.str(r, "path").substring("/rest/thread/".length()));
                assertEquals(200L, J.toLong(J.get(r, "status"), 0), r.toString());
            }
        }
        return uuids;
    }

    /** The folders {@code dirs} of the sample (author/mode) into {@code target}. */
    static void copySample(Path target, List<String> dirs) throws Exception {
        for (String d : dirs) {
            io.github.pplxexport.archive.FileTrees.copy(LiveLibrary.SAMPLE.resolve(d), target.resolve(d));
        }
    }

    private static Set<String> threadsOf(Path served, String author) throws Exception {
        Set<String> uuids = new TreeSet<>();
        for (LiveLibrary.SampleThread t : LiveLibrary.sampleThreads().values()) {
            if (t.author().equals(author) && SERVED.stream().anyMatch(d -> t.dir().startsWith(d + "/"))) {
                uuids.add(t.uuid());
            }
        }
        return uuids;
    }

    private static Set<String> authors(Path archive) throws Exception {
        Set<String> a = new TreeSet<>();
        for (Path f : Archives.files(archive)) {
            if (f.getFileName().toString().equals("thread.json")) {
                a.add(J.str(Json.readObject(f), "author"));
            }
        }
        return a;
    }
}
