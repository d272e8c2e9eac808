package io.github.pplxexport.pipeline;

import io.github.pplxexport.archive.ThreadDirName;
import io.github.pplxexport.cli.PplxExportCli;
import io.github.pplxexport.conformance.UpstreamFixtures;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.search.SearchIndex;
import io.github.pplxexport.testkit.Archives;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An archive the Python exporter wrote, taken over as it stands (docs/migrating.md): the reference's fixtures and
 * golden Markdown (read from ../shared/fixtures/upstream, never copied into the repo) laid out as the reference lays
 * out an archive (reference-cli-and-archive.md §3): {@code <author>/<mode>/<date>_<slug>_<uuid8>/} with thread.json,
 * raw_entries.json, raw_blocks.json, conversation.md and turns/ as it rendered them, and index/ with
 * library_<account>.json, batch_state.json (every thread ok), answer_variants_log.jsonl and its .cookies.json cache.
 * The platform is the replay serving the same threads. Then: status reads it, re-render reproduces its Markdown byte
 * for byte, sync continues incrementally without fetching one thread (with the cached cookies), assets-backfill
 * completes the products, idempotently, and serve indexes it.
 */
class ReferenceArchiveTest {
    private static final Pattern LEGACY_STAMP = Pattern.compile("(\\d{4}-\\d\\d-\\d\\d) (\\d\\d:\\d\\d) UTC");

    @TempDir
    Path tmp;

    /** The platform's updatedAt of a thread.json lastUpdated: an older "YYYY-MM-DD HH:MM UTC" in the API's ISO form. */
    private static String platformStamp(String lastUpdated) {
        Matcher m = LEGACY_STAMP.matcher(lastUpdated);
        return m.matches() ? m.group(1) + "T" + m.group(2) + ":00.000000Z" : lastUpdated;
    }

    /** Lays the fixtures out as the reference's archive under {@code out}; returns thread dir → fixture. */
    private static Map<Path, Path> layOut(Path out, String account) throws Exception {
        Map<Path, Path> dirs = new LinkedHashMap<>();
        List<Object> rows = new ArrayList<>();
        Map<String, Object> state = new LinkedHashMap<>();
        for (Path fixture : UpstreamFixtures.fixtures()) {
            Map<String, Object> t = Json.readObject(fixture.resolve("thread.json"));
            String uuid = J.str(t, "web_uuid");
            String stamp = platformStamp(J.str(t, "lastUpdated"));
            Path dir = out.resolve(J.str(t, "author")).resolve(J.str(t, "mode"))
                    .resolve(ThreadDirName.dirName(J.str(t, "lastUpdated"), J.str(t, "title"), uuid, Clock.systemUTC()));
            Files.createDirectories(dir.resolve("turns"));
            Files.createDirectories(dir.resolve("assets"));
            for (String f : List.of("thread.json", "raw_entries.json", "raw_blocks.json")) {
                if (Files.exists(fixture.resolve(f))) {
                    Files.copy(fixture.resolve(f), dir.resolve(f));
                }
            }
            for (Path[] pair : UpstreamFixtures.goldenPairs(fixture, dir)) {
                Files.copy(pair[0], pair[1]); // the reference's own Markdown
            }
            dirs.put(dir, fixture);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("title", J.str(t, "title"));
            row.put("entryUUID", uuid);
            row.put("href", uuid);
            row.put("mode", J.str(t, "mode").equals("computer") ? "COMPUTER" : "SEARCH");
            row.put("displayModel", null);
            row.put("lastUpdated", stamp);
            row.put("status", "COMPLETED");
            row.put("space", null);
            rows.add(row);
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("status", "ok");
            record.put("lastUpdated", stamp);
            record.put("title", J.str(t, "title").length() > 80 ? J.str(t, "title").substring(0, 80) : J.str(t, "title"));
            record.put("exported_at", J.str(t, "exported_at"));
            state.put(uuid, record);
        }
        Path index = Files.createDirectories(out.resolve("index"));
        Map<String, Object> library = new LinkedHashMap<>();
        library.put("account", account);
        library.put("count", rows.size());
        library.put("threads", rows);
        Files.writeString(index.resolve("library_" + account + ".json"), PyJson.pretty(library));
        Files.writeString(index.resolve("batch_state.json"), PyJson.pretty(state));
        Files.writeString(index.resolve("answer_variants_log.jsonl"), "{\"detected_at\": \"2036-01-02T03:04:05Z\","
                + " \"source\": \"online\", \"web_uuid\": \"12847d17-d6f1-426f-9d2c-f55d7a5c991f\", \"uuid8\": \"12847d17\","
                + " \"title\": \"示例\", \"entry_uuid\": \"e0\", \"sibling_uuid\": \"s0\", \"selection_status\": \"SELECTED\","
                + " \"experiment_role\": \"control\"}\n");
        // its 12-hour cookie cache, 0600: the session of the replay's account
        Path cache = index.resolve(".cookies.json");
        Files.writeString(cache, "{\n \"fetched_at\": \"" + Instant.now().toString().replaceAll("\\.\\d+Z$", "Z")
                + "\",\n \"source\": \"firefox\",\n \"account_email\": \"" + account + "@example.com\",\n \"cookies\": [\n"
                + "  {\"name\": \"__Secure-next-auth.session-token\", \"value\": \"reference-session\", \"domain\": \"127.0.0.1\","
                + " \"path\": \"/\", \"secure\": false}\n ]\n}");
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rw-------"));
        return dirs;
    }

    private static String stdout(String... args) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, PplxExportCli.execute(args), String.join(" ", args));
        } finally {
            System.setOut(saved);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    /** Every file under the account folders (the thread dirs), index/ left out. */
    private static Map<String, Archives.FileState> threads(Path out) {
        Map<String, Archives.FileState> m = new TreeMap<>(Archives.snapshot(out));
        m.keySet().removeIf(k -> k.startsWith("index/"));
        return m;
    }

    /** The files of {@code before} that are gone or differ (bytes or mtime) in {@code after}, and the new ones. */
    private static List<String> changed(Map<String, Archives.FileState> before, Map<String, Archives.FileState> after) {
        List<String> out = new ArrayList<>();
        before.forEach((k, v) -> {
            if (!v.equals(after.get(k))) {
                out.add("changed " + k);
            }
        });
        after.keySet().stream().filter(k -> !before.containsKey(k)).forEach(k -> out.add("new " + k));
        return out;
    }

    @Test
    void theReferenceArchiveIsOursAsItStands() throws Exception {
        Assumptions.assumeTrue(UpstreamFixtures.available(), UpstreamFixtures::missing);
        try (LiveLibrary lib = LiveLibrary.of(tmp)) {
            String account = "replay";
            Map<Path, Path> dirs = layOut(lib.out, account);
            // the platform: the replay serving the same threads, logged in as its own account
            LiveLibrary.deleteTree(lib.served);
            Files.createDirectories(lib.served);
            for (Path dir : dirs.keySet()) {
                Path target = lib.served.resolve(lib.out.relativize(dir).toString());
                Files.createDirectories(target);
                for (String f : List.of("thread.json", "raw_entries.json", "raw_blocks.json")) {
                    if (Files.exists(dir.resolve(f))) {
                        Files.copy(dir.resolve(f), target.resolve(f));
                    }
                }
            }
            lib.withSecretCookies(account, null, "reference-session", "").serve();

            Map<String, Object> status = J.asMap(Json.parse(stdout("status", "--json", "--out", lib.out.toString())));
            Object a = J.get(J.get(status, "accounts"), account);
            assertEquals(List.of(dirs.size(), dirs.size(), 0, 0), List.of(((Number) J.get(a, "index_count")).intValue(),
                    ((Number) J.get(a, "done")).intValue(), ((Number) J.get(a, "new")).intValue(),
                    ((Number) J.get(a, "updated")).intValue()), "every thread done: " + a);

            Map<String, Archives.FileState> golden = threads(lib.out);
            assertEquals(0, PplxExportCli.execute("re-render", "--out", lib.out.toString()));
            Map<String, Archives.FileState> before = threads(lib.out);
            List<String> rendered = changed(golden, before);
            // three scenario fixtures come without a golden conversation.md: the reference's archive has one, written now
            assertTrue(rendered.stream().allMatch(c -> c.startsWith("new ") && c.endsWith("/conversation.md")),
                    "re-render reproduces the reference's Markdown byte for byte (mtimes kept): " + rendered);

            List<String> sync = new ArrayList<>(List.of("sync", "--out", lib.out.toString(), "--config",
                    lib.work.resolve("config.toml").toString(), "--account", account, "--base-url",
                    lib.server().baseUri().toString()));
            sync.addAll(LiveLibrary.FAST);
            byte[] variants = Files.readAllBytes(lib.out.resolve("index/answer_variants_log.jsonl"));
            assertEquals(0, PplxExportCli.execute(sync.toArray(String[]::new)), "sync with the reference's cookie cache");
            assertTrue(lib.requests().stream().anyMatch(r -> J.str(r, "path").endsWith("graphql")), "the index was refreshed");
            assertTrue(lib.requests().stream().allMatch(r -> J.list(r, "cookie_names").contains("__Secure-next-auth.session-token")),
                    "every request carried the session of the reference's cookie cache (no --cookies given)");
            assertEquals(List.of(), lib.allThreadRequests(), "no thread fetched again");
            assertEquals(List.of(), changed(before, threads(lib.out)), "no thread file touched");
            assertEquals(new String(variants, StandardCharsets.UTF_8),
                    Files.readString(lib.out.resolve("index/answer_variants_log.jsonl")), "the variant registry kept");

            lib.serve();
            assertEquals(0, PplxExportCli.execute("assets-backfill", "--out", lib.out.toString(), "--config",
                    lib.work.resolve("config.toml").toString()));
            assertEquals(List.of(), lib.requests(), "offline");
            Path research = dirs.entrySet().stream().filter(e -> e.getValue().getFileName().toString().equals("deep_research_demo"))
                    .findFirst().orElseThrow().getKey();
            try (var files = Files.list(research.resolve("assets/files"))) {
                assertTrue(files.anyMatch(f -> f.getFileName().toString().endsWith(".md")), "inline bodies extracted");
            }
            Path limited = dirs.entrySet().stream().filter(e -> e.getValue().getFileName().toString().equals("scenario_limit_interrupted"))
                    .findFirst().orElseThrow().getKey();
            String manifest = Files.readString(limited.resolve("assets/assets_manifest.json"));
            assertTrue(manifest.contains("\"no_download_channel\": true"), "workspace handles registered: " + manifest);
            Map<String, Archives.FileState> completed = Archives.snapshot(lib.out);
            assertEquals(0, PplxExportCli.execute("assets-backfill", "--out", lib.out.toString(), "--config",
                    lib.work.resolve("config.toml").toString()));
            assertEquals(completed, Archives.snapshot(lib.out), "a second backfill changes nothing");
            Map<String, Archives.FileState> markdown = new TreeMap<>(before);
            markdown.keySet().removeIf(k -> !k.endsWith(".md"));
            Map<String, Archives.FileState> after = new TreeMap<>(threads(lib.out));
            after.keySet().retainAll(markdown.keySet());
            assertEquals(markdown, after, "the Markdown untouched by the backfill");

            // serve indexes it as it stands: every thread a search result
            assertEquals(0, PplxExportCli.execute("serve", "--out", lib.out.toString(), "--index-only"));
            try (SearchIndex search = SearchIndex.open(lib.out)) {
                assertEquals(dirs.size(), search.size(), "every thread in the search index");
            }

        }
    }
}
