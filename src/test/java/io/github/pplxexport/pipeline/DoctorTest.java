package io.github.pplxexport.pipeline;

import io.github.pplxexport.cli.PplxExportCli;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.testkit.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code doctor} against the replay (issue 24): healthy, an expired cookie, another account's cookie, a closed port, a
 * Cloudflare page, a drifted thread; {@code --archive} on a hand-edited conversation.md, a truncated raw file and an
 * asset file holding an HTML page, then {@code --repair}. Each finding one line with its fix; nothing secret printed.
 */
class DoctorTest {
    @TempDir
    Path tmp;

    private record Run(int exit, List<String> lines) {
        String line(String prefix) {
            return lines.stream().filter(l -> l.startsWith(prefix)).findFirst().orElse("(no line " + prefix + " in " + lines + ")");
        }

        long failures() {
            return lines.stream().filter(l -> l.startsWith("✗ ")).count();
        }
    }

    private static final int[] exit = new int[1];

    private static Run run(java.util.function.IntSupplier command) {
        String text = NeverLessTest.stdout(() -> exit[0] = command.getAsInt());
        return new Run(exit[0], text.lines().toList());
    }

    @Test
    void aHealthySetupThenEachThingThatGoesWrong() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve()) {
            assertEquals(0, lib.run("sync"));

            Run healthy = run(() -> lib.run("doctor"));
            assertEquals(0, healthy.exit(), healthy.lines().toString());
            for (String name : List.of("version", "config", "cookies", "api", "session", "library", "thread", "archive",
                    "temp files", "asset files", "dead letters", "pending asks", "search index", "disk")) {
                assertTrue(healthy.line("✓ " + name + ": ").startsWith("✓ "), healthy.line("✓ " + name + ": "));
            }
            assertTrue(healthy.line("✓ session: ").contains("signed in as alice@example.com"), healthy.lines().toString());
            assertTrue(healthy.line("✓ thread: ").contains("no schema drift"), healthy.lines().toString());
            assertTrue(healthy.line("✓ archive: ").contains("4 thread dir(s)"), healthy.lines().toString());

            lib.serve(100, "401@1");
            Run expired = run(() -> lib.run("doctor"));
            assertEquals(1, expired.exit());
            assertEquals(1, expired.failures(), expired.lines().toString());
            assertTrue(expired.line("✗ session: ").contains("refused (HTTP 401)") && expired.line("✗ session: ").contains(" → log in"),
                    expired.lines().toString());

            lib.serve(100, "session-cloudflare");
            Run challenged = run(() -> lib.run("doctor"));
            assertEquals(1, challenged.exit());
            assertTrue(challenged.line("✗ api: ").contains("Cloudflare challenge") && challenged.line("✗ api: ").contains(" → open perplexity.ai"),
                    challenged.lines().toString());

            String drifted = LiveLibrary.sample("8220bd65").uuid();     // alice's most recent: the listing's first
            lib.serve(100, "drift-answer:" + drifted + ",drift-step:" + drifted);
            Run drift = run(() -> lib.run("doctor", "--json"));
            assertEquals(1, drift.exit());
            Map<String, Object> report = J.asMap(Json.parse(drift.lines().get(0)));
            assertEquals(Boolean.FALSE, report.get("ok"));
            List<Map<String, Object>> failed = J.list(report, "checks").stream().map(J::asMap)
                    .filter(c -> Boolean.FALSE.equals(c.get("ok"))).toList();
            assertEquals(1, failed.size(), failed.toString());
            assertEquals("thread", failed.get(0).get("check"), "the most recent thread of the listing: " + failed);
            assertTrue(J.str(failed.get(0), "detail").contains("an unknown step type WEB_BROWSE_V2"), failed.toString());
            assertTrue(J.str(failed.get(0), "fix").contains("update pplx-export"), failed.toString());

            lib.withSecretCookies("alice", null, "bob", "");
            lib.serve();
            Run other = run(() -> lib.run("doctor"));
            assertEquals(1, other.exit());
            assertTrue(other.line("✗ session: ").contains("the cookie belongs to bob@example.com, not to account 'alice'"),
                    other.lines().toString());
        }
    }

    @Test
    void aClosedPortIsOneLineWithItsFixAndOfflineSkipsTheNetwork() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve()) {
            List<String> args = List.of("doctor", "--out", lib.out.toString(), "--config", lib.work.resolve("config.toml").toString(),
                    "--cookies", lib.cookieFile().toString(), "--base-url", "http://127.0.0.1:" + closed);
            Run refused = run(() -> PplxExportCli.execute(args.toArray(String[]::new)));
            assertEquals(1, refused.exit());
            assertTrue(refused.line("✗ api: ").contains("did not answer: connection refused")
                    && refused.line("✗ api: ").contains(" → check the network"), refused.lines().toString());
            assertFalse(refused.lines().stream().anyMatch(l -> l.startsWith("✓ session") || l.startsWith("✗ session")),
                    "no session line without an answer");

            List<String> offline = new ArrayList<>(args);
            offline.add("--offline");
            Run off = run(() -> PplxExportCli.execute(offline.toArray(String[]::new)));
            assertTrue(off.line("✓ network: ").contains("skipped (--offline)"), off.lines().toString());
            assertTrue(off.lines().stream().noneMatch(l -> l.contains("api: ")), off.lines().toString());
        }
    }

    @Test
    void theArchiveWalkNamesEachDamageAndRepairMendsWhatItCan() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).as("bob").serve()) {
            assertEquals(0, lib.run("sync"));
            Path computer = lib.out.resolve(LiveLibrary.sample("451dd14f").dir());
            Path research = lib.out.resolve(LiveLibrary.sample("5b409cb0").dir());
            Path search = lib.out.resolve(LiveLibrary.sample("8137cd4b").dir());     // study
            String good = Files.readString(computer.resolve("conversation.md"));
            Files.writeString(computer.resolve("conversation.md"), good + "my note\n", StandardCharsets.UTF_8);
            byte[] raw = Files.readAllBytes(search.resolve("raw_entries.json"));
            Files.write(search.resolve("raw_entries.json"), java.util.Arrays.copyOf(raw, raw.length / 2));
            Path asset;
            try (var files = Files.list(research.resolve("assets/files"))) {
                asset = files.findFirst().orElseThrow();
            }
            Files.writeString(asset, "<html><head><title>Access Denied</title></head><body>AccessDenied</body></html>");

            Run walk = run(() -> lib.run("doctor", "--offline", "--archive"));
            assertEquals(1, walk.exit());
            String rel = lib.out.relativize(computer).toString();
            assertTrue(walk.line("✗ " + rel + ": ").contains("conversation.md differs from a re-render")
                    && walk.line("✗ " + rel + ": ").contains(" → `pplx-export doctor --archive --repair`"), walk.lines().toString());
            assertTrue(walk.line("✗ " + lib.out.relativize(search) + ": ").contains("the raw files do not parse (raw_entries.json"),
                    walk.lines().toString());
            assertTrue(walk.line("✗ " + lib.out.relativize(research) + ": ").contains("holds")
                    && walk.line("✗ " + lib.out.relativize(research) + ": ").contains("queues them"), walk.lines().toString());
            assertTrue(walk.line("✗ asset files: ").contains("1 file(s) holding an error page"), walk.lines().toString());
            assertTrue(walk.line("✗ archive walk: ").contains("3 of 5 thread dir(s) with findings"), walk.lines().toString());

            Run repair = run(() -> lib.run("doctor", "--offline", "--archive", "--repair"));
            assertTrue(repair.line("✓ " + rel + ": ").endsWith(": re-rendered"), repair.lines().toString());
            assertEquals(good, Files.readString(computer.resolve("conversation.md")), "the hand edit is undone from the raw files");
            assertTrue(repair.line("✓ " + lib.out.relativize(research) + ": ").endsWith("queued for the next sync"), repair.lines().toString());
            assertTrue(repair.line("✗ " + lib.out.relativize(search) + ": ").contains("do not parse"), "a truncated raw file cannot be mended here");

            lib.serve();
            lib.run("sync");
            assertFalse(Files.readString(asset).contains("AccessDenied"), "the next sync downloaded the asset again");
        }
    }

    /** In a child JVM (stdout and stderr whole): no cookie or token value in anything doctor prints. */
    @Test
    void nothingSecretIsPrinted() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp)) {
            lib.withSecretCookies("alice", null, "alice:TOPSECRET-9f3a2c",
                    "127.0.0.1\tFALSE\t/\tFALSE\t0\tcf_clearance\tCFSECRET-77e1\n");
            lib.serve();
            ChildJvm.Result r = ChildJvm.run(tmp, "doctor", "-v", "--out", lib.out.toString(),
                    "--config", lib.work.resolve("config.toml").toString(), "--cookies", lib.cookieFile().toString(),
                    "--base-url", lib.server().baseUri().toString());
            assertTrue(r.stdout().contains("✓ session: valid, signed in as alice@example.com"), r.toString());
            for (String secret : List.of("TOPSECRET", "9f3a2c", "CFSECRET", "77e1")) {
                assertFalse(r.stdout().contains(secret) || r.stderr().contains(secret), secret + " printed:\n" + r);
            }
        }
    }
}
