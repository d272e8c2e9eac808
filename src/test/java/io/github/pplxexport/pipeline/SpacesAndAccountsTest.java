package io.github.pplxexport.pipeline;

import io.github.pplxexport.cli.PplxExportCli;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.replay.FaultPlan;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import io.github.pplxexport.testkit.Archives;
import io.github.pplxexport.testkit.BrowserStores;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Spaces, credit usage and account switching in the middle of a run, against the replay in strict-auth mode (a
 * session sees only its own threads and spaces) with one cookie file holding alice's login and bob's token (and the
 * same login read from a Firefox and a Brave store given by path):
 * {@code spaces} pages link every archived thread of each space; {@code space-index} lists a space with its
 * context uuids; {@code spaces --fetch-meta} asks a space alice may not view as bob; {@code usage-backfill} asks
 * only the first time (a 403 thread_usage_forbidden recorded, never asked again); {@code sync-deleted --online}
 * asks about bob's threads as bob; {@code sync-space} follows a thread that moved to another space.
 */
class SpacesAndAccountsTest {
    static final String ETAGS = "b2a69fad-6d83-4e70-b5b6-5f2bdac3adc6";      // alice, search
    static final String HIKE = "f51cae28";                                    // alice, search (uuid8)
    static final String RUST = "8137cd4b";                                    // bob, study
    static final String HUGO = "dbe66582";                                    // bob, council
    static final Map<String, Object> READING = space("5a1e0000-0000-4000-8000-000000000001", "Reading list", "reading-list-r1");
    static final Map<String, Object> NOTES = space("5a1e0000-0000-4000-8000-000000000002", "Bob's notes", "bob-notes-b2");
    static final Pattern LINK = Pattern.compile("\\]\\(<\\.\\./([^>]+)>\\)");

    @TempDir
    Path tmp;
    Path served;
    Path out;
    Path work;
    ReplayServer server;
    Path requestLog;
    /** The cookie source of the next runs (null: the cookie file). */
    List<String> cookieArgs;

    static Map<String, Object> space(String uuid, String title, String slug) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("uuid", uuid);
        s.put("title", title);
        s.put("slug", slug);
        return s;
    }

    @Test
    void spacesUsageAndSwitchingAccountsWithinARun() throws Exception {
        served = Files.createDirectories(tmp.resolve("served"));
        out = tmp.resolve("out");
        work = Files.createDirectories(tmp.resolve("work"));
        FirstRunTest.copySample(served, List.of("alice/search", "bob/study", "bob/council"));
        setSpace(served, ETAGS.substring(0, 8), READING);
        setSpace(served, HIKE, READING);
        setSpace(served, RUST, READING);
        setSpace(served, HUGO, NOTES);
        Files.writeString(work.resolve("config.toml"), "default_account = \"alice\"\n[accounts.alice]\nemail = \"alice@example.com\"\n"
                + "[accounts.bob]\nemail = \"bob@example.com\"\n", StandardCharsets.UTF_8);
        Files.writeString(work.resolve("cookies.txt"), "127.0.0.1\tFALSE\t/\tFALSE\t0\t__Secure-next-auth.session-token\talice:s-A1\n"
                + "127.0.0.1\tFALSE\t/\tFALSE\t0\t__Secure-pplx.session.uid-a\talice:s-A1\n"
                + "127.0.0.1\tFALSE\t/\tFALSE\t0\t__Secure-pplx.session.uid-b\tbob:s-B2\n", StandardCharsets.UTF_8);
        try {
            serve(null);
            assertEquals(0, run("sync"));
            assertEquals(0, run("sync", "--account", "bob"), "bob's token of the same login");
            assertEquals(Set.of("alice", "bob"), authorFolders());

            // the same login read from a browser's own store instead of a file: Firefox (clear values) and Brave
            // (v10 under the fixed Linux key, a version-23 database), each a profile given by path
            List<BrowserStores.C> login = List.of(
                    new BrowserStores.C("127.0.0.1", "__Secure-next-auth.session-token", "alice:s-A1"),
                    new BrowserStores.C("127.0.0.1", "__Secure-pplx.session.uid-b", "bob:s-B2"));
            Path firefox = BrowserStores.firefox(tmp.resolve("ff"), "x1.default", login);
            Path brave = BrowserStores.chromium(tmp.resolve("brave"), "Default", 23, "v10", "peanuts", 1, login);
            int mark0 = requests().size();
            cookieArgs = List.of("--cookies-from", "firefox", "--browser-profile", firefox.toString());
            assertEquals(0, run("index"));
            cookieArgs = List.of("--cookies-from", "brave", "--browser-profile", brave.toString());
            assertEquals(0, run("index", "--account", "bob"));
            cookieArgs = null;
            assertEquals(List.of("/api/auth/session", "/rest/perplexity_ask/graphql", "/api/auth/session",
                    "/api/auth/session", "/rest/perplexity_ask/graphql"), paths(mark0), "alice's, then bob's after the switch");
            assertTrue(requests().subList(mark0, requests().size()).stream().allMatch(r -> J.toLong(J.get(r, "status"), 0) == 200));

            // spaces: one page per space, every archived thread of it linked
            assertEquals(0, run("spaces"));
            assertEquals(dirsOf(ETAGS.substring(0, 8), HIKE, RUST), links("reading-list-r1"));
            assertEquals(dirsOf(HUGO), links("bob-notes-b2"));
            String page = Files.readString(out.resolve("spaces/reading-list-r1.md"));
            assertTrue(page.startsWith("# Reading list\n\n- space: `reading-list-r1` (5a1e0000-0000-4000-8000-000000000001)\n"
                    + "- accounts: alice, bob\n"), page);
            assertEquals(2L, J.toLong(J.get(Json.readObject(out.resolve("spaces/spaces.json")), "count"), 0));

            // space-index: the REST listing of one space, with the context uuids
            int mark = requests().size();
            assertEquals(0, run("space-index", "https://www.perplexity.ai/spaces/reading-list-r1"));
            Map<String, Object> index = Json.readObject(out.resolve("index/space_reading-list-r1.json"));
            assertEquals(3L, J.toLong(J.get(index, "count"), 0));
            Set<String> contexts = new TreeSet<>();
            J.list(index, "threads").forEach(r -> contexts.add(J.str(r, "context_uuid")));
            assertEquals(pscUuids(ETAGS.substring(0, 8), HIKE, RUST), contexts);
            assertEquals(1, paths(mark).stream().filter(p -> p.equals("/rest/collections/list_collection_threads")).count());

            // --fetch-meta: alice may not view bob's space; it is asked as bob
            assertEquals(0, run("spaces", "--fetch-meta"));
            Map<String, Object> meta = Json.readObject(out.resolve("index/space_meta.json"));
            assertEquals("bob", J.str(J.get(meta, "bob-notes-b2"), "as"));
            assertEquals("bob", J.str(J.map(J.get(meta, "bob-notes-b2"), "owner"), "username"));
            assertEquals("alice", J.str(J.get(meta, "reading-list-r1"), "as"));
            assertTrue(Files.readString(out.resolve("spaces/bob-notes-b2.md")).contains("- owner: bob (bob@example.com)\n"));

            // usage-backfill: one request a thread the first time (a 403 recorded), none the second
            Path hikeJson = dir(HIKE).resolve("thread.json");
            Map<String, Object> hike = Json.readObject(hikeJson);
            hike.put("psc_uuid", J.str(hike, "web_uuid"));       // an entryUUID: the platform refuses it
            Files.writeString(hikeJson, PyJson.pretty(hike), StandardCharsets.UTF_8);
            mark = requests().size();
            assertEquals(0, run("usage-backfill"));
            assertEquals(2, paths(mark).stream().filter(p -> p.equals("/rest/billing/credits/thread-usage")).count());
            Map<String, Object> usage = J.map(Json.readObject(out.resolve("index/credit_usage_alice.json")), "threads");
            long turns = J.list(Json.readObject(dir(ETAGS.substring(0, 8)).resolve("raw_entries.json")), "entries").size();
            assertEquals(2 * turns, J.toLong(J.get(J.get(usage, ETAGS), "usage_cents"), 0), "the replay's 2 cents a turn");
            assertEquals("thread_usage_forbidden", J.str(J.get(usage, J.str(hike, "web_uuid")), "error"));
            mark = requests().size();
            assertEquals(0, run("usage-backfill"));
            assertEquals(List.of("/api/auth/session"), paths(mark), "nothing asked again");

            // sync-deleted --online as alice: bob's candidates are asked as bob
            String hugo = uuid(HUGO);
            String rust = uuid(RUST);
            serve("deleted:" + hugo + ",unlisted:" + rust);
            assertEquals(0, run("index", "--full", "--account", "bob"));
            assertEquals(0, run("sync-deleted", "--online"));
            Map<String, Object> state = Json.readObject(out.resolve("index/batch_state.json"));
            assertEquals("deleted", J.str(J.get(state, hugo), "status"));
            assertEquals("ok", J.str(J.get(state, rust), "status"), "still there: asked as bob, it answered");
            assertTrue(requests().stream().anyMatch(r -> J.str(r, "path").equals("/rest/thread/" + rust)
                    && J.toLong(J.get(r, "status"), 0) == 200), "bob's thread fetched with bob's session");

            // sync-space: alice's hike thread moved to bob's space on the platform
            serve(null);
            setSpace(served, HIKE, NOTES);
            assertEquals(0, run("index", "--full"));
            assertEquals(0, run("sync-space"));
            assertEquals("bob-notes-b2", J.str(J.get(Json.readObject(hikeJson), "space"), "slug"));
            assertEquals(dirsOf(HUGO, HIKE), links("bob-notes-b2"), "the pages follow");
        } finally {
            server.close();
        }
    }

    private void serve(String faults) throws Exception {
        if (server != null) {
            server.close();
        }
        requestLog = tmp.resolve("requests-" + System.nanoTime() + ".jsonl");
        server = ReplayServer.start(ReplayOptions.of(served).withPort(0).withStrictAuth(true).withPageSize(100)
                .withFaults(FaultPlan.parse(faults)).withRequestLog(requestLog));
    }

    /** Runs the CLI; what it prints on stdout is kept off the build's console. */
    private int run(String... commandArgs) {
        java.io.PrintStream saved = System.out;
        System.setOut(new java.io.PrintStream(new java.io.ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        try {
            return execute(commandArgs);
        } finally {
            System.setOut(saved);
        }
    }

    private int execute(String... commandArgs) {
        if (commandArgs[0].equals("sync-space")) {
            return PplxExportCli.execute("sync-space", "--out", out.toString());    // offline: no site options
        }
        List<String> args = new ArrayList<>(List.of(commandArgs));
        args.addAll(cookieArgs != null ? cookieArgs : List.of("--cookies", work.resolve("cookies.txt").toString()));
        args.addAll(List.of("--out", out.toString(), "--config", work.resolve("config.toml").toString(),
                "--base-url", server.baseUri().toString(),
                "-D", "camel.component.http.proxy-host=127.0.0.1", "-D", "camel.component.http.proxy-port=" + server.port(),
                "-D", "camel.component.http.non-proxy-hosts=127.0.0.1,localhost"));
        args.addAll(LiveLibrary.FAST);
        return PplxExportCli.execute(args.toArray(String[]::new));
    }

    private List<Map<String, Object>> requests() throws Exception {
        List<Map<String, Object>> list = new ArrayList<>();
        if (Files.exists(requestLog)) {
            for (String l : Files.readAllLines(requestLog, StandardCharsets.UTF_8)) {
                list.add(J.asMap(Json.parse(l)));
            }
        }
        return list;
    }

    private List<String> paths(int from) throws Exception {
        List<Map<String, Object>> r = requests();
        return r.subList(from, r.size()).stream().map(m -> J.str(m, "path")).toList();
    }

    private static void setSpace(Path archive, String uuid8, Map<String, Object> space) throws Exception {
        for (Path f : Archives.files(archive)) {
            if (f.getFileName().toString().equals("thread.json") && f.getParent().getFileName().toString().endsWith("_" + uuid8)) {
                Map<String, Object> t = Json.readObject(f);
                t.put("space", space);
                Files.writeString(f, PyJson.pretty(t), StandardCharsets.UTF_8);
            }
        }
    }

    private Path dir(String uuid8) throws Exception {
        for (Path f : Archives.files(out)) {
            if (f.getFileName().toString().equals("thread.json") && f.getParent().getFileName().toString().endsWith("_" + uuid8)) {
                return f.getParent();
            }
        }
        throw new IllegalStateException("not archived: " + uuid8);
    }

    private String uuid(String uuid8) throws Exception {
        return J.str(Json.readObject(dir(uuid8).resolve("thread.json")), "web_uuid");
    }

    private Set<String> dirsOf(String... uuid8s) throws Exception {
        Set<String> s = new TreeSet<>();
        for (String u : uuid8s) {
            s.add(out.relativize(dir(u)).toString() + "/conversation.md");
        }
        return s;
    }

    private Set<String> pscUuids(String... uuid8s) throws Exception {
        Set<String> s = new TreeSet<>();
        for (String u : uuid8s) {
            s.add(J.str(Json.readObject(dir(u).resolve("thread.json")), "psc_uuid"));
        }
        return s;
    }

    /** The archived conversation.md files a space page links, each checked to exist. */
    private Set<String> links(String slug) throws Exception {
        Set<String> s = new TreeSet<>();
        Matcher m = LINK.matcher(Files.readString(out.resolve("spaces/" + slug + ".md")));
        while (m.find()) {
            assertTrue(Files.isRegularFile(out.resolve(m.group(1))), m.group(1));
            s.add(m.group(1));
        }
        return s;
    }

    private Set<String> authorFolders() throws Exception {
        Set<String> s = new TreeSet<>();
        for (Path f : Archives.files(out)) {
            if (f.getFileName().toString().equals("thread.json")) {
                s.add(out.relativize(f).getName(0).toString());
            }
        }
        return s;
    }
}
