package io.github.pplxexport.pipeline;

import ch.qos.logback.classic.spi.ILoggingEvent;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.testkit.CliCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ask} end to end against the replay (routes/ask.camel.yaml and the replay's ask endpoints): every mode, a
 * follow-up, the BOT space and the read receipt, the model checks, and each fault of the ask endpoint.
 */
class AskPipelineTest {
    static final long CHUNK = 20;
    static final String PENDING = "index/pending_asks.jsonl";

    @TempDir
    Path tmp;

    /** One CLI run: its exit code, stdout, and the pplx log lines. */
    record Run(int exit, String stdout, List<ILoggingEvent> events) {
        Map<String, Object> json() {
            List<String> lines = stdout.lines().filter(l -> !l.isBlank()).toList();
            assertEquals(1, lines.size(), "exactly one line on stdout: " + stdout);
            return J.asMap(Json.parse(lines.get(0)));
        }

        List<String> log() {
            return events.stream().map(ILoggingEvent::getFormattedMessage).toList();
        }

        boolean logged(String part) {
            return log().stream().anyMatch(l -> l.contains(part));
        }
    }

    static Run run(LiveLibrary lib, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--lang", "en", "-D", "pplx.ask.fresh-404-delay-ms=20"));
        CliCapture c = CliCapture.of(() -> lib.run(all.toArray(String[]::new)));
        return new Run(c.exit(), c.stdout(), c.events());
    }

    static Path dir(LiveLibrary lib, Map<String, Object> result) {
        return lib.out.resolve(J.str(result, "archived_to"));
    }

    @Test
    void everyModeIsAskedStreamedAndArchivedWhereExportPutsItAfterTheFreshThreads404() throws Exception {
        // fresh-404:2: the first two fetches of each new thread answer 404, as the platform's can for a moment
        try (LiveLibrary lib = LiveLibrary.of(tmp).as("bob").serveAsks("fresh-404:2", CHUNK)) {
            Files.writeString(lib.work.resolve("config.toml"), "\n[bot_space]\nuuid = \"b07b07b0-0000-4000-8000-000000000001\"\n",
                    java.nio.file.StandardOpenOption.APPEND);
            String[][] asks = {
                    {"search", "--models", "sonar"},
                    {"deep-research"},
                    {"council", "--models", "gpt55_thinking,claude48opusthinking"},
                    {"study"}};
            for (String[] a : asks) {
                List<String> args = new ArrayList<>(List.of("ask", "--json", "--mode", a[0], "--mark-read"));
                args.addAll(List.of(a).subList(1, a.length));
                args.add("Question in " + a[0] + " mode: Bloom filters?");
                Run r = run(lib, args.toArray(String[]::new));
                assertEquals(0, r.exit(), a[0] + ": " + r.log());
                Map<String, Object> result = r.json();
                assertEquals(List.of("thread_uuid", "thread_url", "context_uuid", "moved_to_bot", "mark_read", "telemetry",
                        "step_errors", "exported", "archived_to"), List.copyOf(result.keySet()));
                assertEquals(true, result.get("moved_to_bot"), a[0]);
                assertEquals(true, result.get("mark_read"), a[0]);
                assertEquals(false, result.get("telemetry"));
                assertEquals(Map.of(), result.get("step_errors"));
                String uuid = J.str(result, "thread_uuid");
                assertTrue(J.str(result, "archived_to").matches("bob/" + a[0] + "/\\d{4}-\\d{2}-\\d{2}_Question-in-[^/]+_"
                        + uuid.substring(0, 8)), J.str(result, "archived_to"));
                Map<String, Object> thread = Json.readObject(dir(lib, result).resolve("thread.json"));
                assertEquals(a[0], J.str(thread, "mode"));
                assertEquals(uuid, J.str(thread, "web_uuid"));
                assertTrue(r.logged("created https://www.perplexity.ai/search/" + uuid), "created line: " + r.log());
                assertTrue(r.logged("status: COMPLETED"));
                List<Integer> statuses = lib.threadRequests(uuid).stream().map(q -> ((Number) q.get("status")).intValue()).toList();
                assertEquals(List.of(404, 404), statuses.subList(0, 2), "waited out: " + statuses);
                assertTrue(statuses.stream().skip(2).allMatch(x -> x == 200), statuses.toString());
            }
            List<Map<String, Object>> requests = lib.requests();
            assertEquals(4, requests.stream().filter(q -> "/rest/sse/perplexity_ask".equals(q.get("path"))).count());
            assertEquals(4, requests.stream().filter(q -> "/rest/collections/batch_move_threads".equals(q.get("path"))).count());
            assertEquals(4, requests.stream().filter(q -> "/rest/thread/mark_viewed".equals(q.get("path"))).count());
            assertTrue(requests.stream().noneMatch(q -> String.valueOf(q.get("path")).contains("analytics")), "no telemetry");
            assertTrue(requests.stream().filter(q -> "/rest/sse/perplexity_ask".equals(q.get("path")))
                    .allMatch(q -> "".equals(q.get("query"))), "the ask POST has no query string");
        }
    }

    @Test
    void anAskedThreadIsArchivedWithTheFilesAnExportOfItWrites() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).as("bob").serveAsks(null, CHUNK)) {
            Run r = run(lib, "ask", "--json", "--mode", "deep-research", "Size a Bloom filter for a billion keys");
            assertEquals(0, r.exit(), r.log().toString());
            Path asked = dir(lib, r.json());
            assertTrue(Files.isRegularFile(asked.resolve("report.md")), "the deep-research report asset came along");
            Map<String, byte[]> byAsk = LiveLibrary.files(asked);
            io.github.pplxexport.archive.FileTrees.delete(asked);
            assertEquals(0, run(lib, "export", J.str(r.json(), "thread_uuid"), "--force").exit());
            Map<String, byte[]> byExport = LiveLibrary.files(asked);
            assertEquals(byExport.keySet(), byAsk.keySet(), "same files");
            for (String f : byAsk.keySet()) {
                if (!f.equals("thread.json")) {
                    assertEquals(new String(byExport.get(f), StandardCharsets.UTF_8), new String(byAsk.get(f), StandardCharsets.UTF_8), f);
                }
            }
        }
    }

    @Test
    void aFollowUpAppendsATurnAndTheWholeThreadIsArchivedAgain() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).serveAsks(null, CHUNK)) {
            Run first = run(lib, "ask", "--json", "How do conditional GETs work?");
            assertEquals(0, first.exit(), first.log().toString());
            String uuid = J.str(first.json(), "thread_uuid");
            Run follow = run(lib, "ask", "--json", "--thread", "https://www.perplexity.ai/search/" + uuid, "And with ETags?");
            assertEquals(0, follow.exit(), follow.log().toString());
            assertEquals(uuid, J.str(follow.json(), "thread_uuid"));
            assertEquals(J.str(first.json(), "archived_to"), J.str(follow.json(), "archived_to"));
            assertTrue(follow.logged("follow-up in https://www.perplexity.ai/search/" + uuid));
            List<Object> entries = J.list(Json.read(dir(lib, follow.json()).resolve("raw_entries.json")), "entries");
            assertEquals(2, entries.size());
            assertEquals("followup", J.str(entries.get(1), "query_source"));
            assertEquals("And with ETags?", J.str(entries.get(1), "query_str"));
            assertTrue(Files.isRegularFile(dir(lib, follow.json()).resolve("turns/turn_0002.md")));
        }
    }

    @Test
    void modelsAndModesAreCheckedBeforeAnyRequest() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).serveAsks(null, CHUNK)) {
            Run computer = run(lib, "ask", "--mode", "computer", "Do it");
            assertEquals(2, computer.exit());
            Run council = run(lib, "ask", "--mode", "council", "--models", "gpt55_thinking", "Which one?");
            assertEquals(2, council.exit());
            Run councilFour = run(lib, "ask", "--mode", "council", "--models", "a,b,c,d", "Which one?");
            assertEquals(2, councilFour.exit());
            Run search = run(lib, "ask", "--mode", "search", "--models", "sonar,pplx_pro", "Which one?");
            assertEquals(2, search.exit());
            Run study = run(lib, "ask", "--mode", "study", "--models", "sonar", "Teach me");
            assertEquals(2, study.exit());
            assertEquals(0, lib.server().requestCount(), "nothing sent");
        }
    }

    @Test
    void aFreshThreadStillMissingAfterItsShortRetriesIsPendingNotAskedForever() throws Exception {
        // fresh-404:9: more 404s than the short retries (pplx.ask.fresh-404-retries = 4) wait out
        try (LiveLibrary lib = LiveLibrary.of(tmp).serveAsks("fresh-404:9", CHUNK)) {
            Run r = run(lib, "ask", "--json", "Is the thread there yet?");
            assertEquals(1, r.exit(), r.log().toString());
            String uuid = J.str(r.json(), "thread_uuid");
            assertEquals(List.of(404, 404, 404, 404, 404),
                    lib.threadRequests(uuid).stream().map(q -> ((Number) q.get("status")).intValue()).toList(),
                    "the first page asked for once and 4 times again, then left to the next sync");
            assertTrue(Files.readString(lib.out.resolve(PENDING)).contains(uuid), "pending for the next sync");
            assertEquals(List.of(), lib.threadDirs(), "nothing archived");
        }
    }

    @Test
    void aStreamDroppedAfterCreationIsPendingAndTheNextSyncArchivesIt() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).serveAsks("ask-drop@2", CHUNK)) {
            Run r = run(lib, "ask", "--json", "Will the stream break?");
            assertEquals(1, r.exit());
            String uuid = J.str(r.json(), "thread_uuid");
            assertNotNull(uuid);
            assertTrue(r.logged("created https://www.perplexity.ai/search/" + uuid
                    + ", but the stream broke; it will be archived by the next sync"), r.log().toString());
            String pending = Files.readString(lib.out.resolve(PENDING));
            assertTrue(pending.contains("\"thread_uuid\": \"" + uuid + "\""), pending);
            assertEquals(List.of(), lib.threadDirs(), "nothing archived yet");

            Run sync = run(lib, "sync");
            assertEquals(0, sync.exit(), sync.log().toString());
            assertTrue(lib.threadDirs().stream().anyMatch(d -> d.endsWith("_" + uuid.substring(0, 8))), lib.threadDirs().toString());
            assertEquals("", Files.readString(lib.out.resolve(PENDING)), "archived asks leave the file");
            assertTrue(sync.logged("archiving an earlier ask whose stream broke: https://www.perplexity.ai/search/" + uuid));
            // archived once: by the pending step (with its index row, so the plan finds it done)
            assertEquals(1, lib.threadRequests(uuid).stream().filter(q -> !LiveLibrary.schematized(q)).count() - 1,
                    "one completeness check, one export fetch: " + lib.threadRequests(uuid));
        }
    }

    @Test
    void aStalledStreamShowsTheHeartbeatAndTimesOutIntoAPendingAsk() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).serveAsks("ask-stall:3000", CHUNK)) {
            Run r = run(lib, "ask", "--json", "--timeout", "1", "-D", "pplx.ask.heartbeat-ms=300", "Anyone there?");
            assertEquals(1, r.exit());
            assertTrue(r.logged("still waiting for the response stream"), r.log().toString());
            int created = r.log().indexOf(r.log().stream().filter(l -> l.startsWith("[ask] created")).findFirst().orElseThrow());
            int waiting = r.log().indexOf(r.log().stream().filter(l -> l.contains("still waiting")).findFirst().orElseThrow());
            assertTrue(created < waiting, "the first event is handled as it arrives, not when the next one comes: " + r.log());
            assertTrue(J.str(r.json(), "error").contains("but the stream broke"), J.str(r.json(), "error"));
            assertTrue(Files.readString(lib.out.resolve(PENDING)).contains(J.str(r.json(), "thread_uuid")));
        }
    }

    @Test
    void httpErrorsOfTheAskAreOneLineEachAndNeverSentAgain() throws Exception {
        // request 1 is the session check, 2 the ask
        try (LiveLibrary lib = LiveLibrary.of(tmp).serveAsks("503@2", CHUNK)) {
            Run r = run(lib, "ask", "--json", "Busy?");
            assertEquals(1, r.exit());
            assertTrue(J.str(r.json(), "error").contains("HTTP 503: server error, try again later"), J.str(r.json(), "error"));
            assertEquals(1, lib.requests().stream().filter(q -> "/rest/sse/perplexity_ask".equals(q.get("path"))).count());
            lib.serveAsks("401@2", CHUNK);
            Run auth = run(lib, "ask", "--json", "Who am I?");
            assertEquals(3, auth.exit());
            assertTrue(J.str(auth.json(), "error").contains("HTTP 401"), J.str(auth.json(), "error"));

            // the best-effort steps: a BOT move refused (404, not retried) fills step_errors; the archive still runs
            Files.writeString(lib.work.resolve("config.toml"), "\n[bot_space]\nuuid = \"b07b07b0-0000-4000-8000-000000000002\"\n",
                    java.nio.file.StandardOpenOption.APPEND);
            lib.serveAsks("404@3", CHUNK);
            Run moved = run(lib, "ask", "--json", "--mark-read", "Where does it go?");
            assertEquals(0, moved.exit(), moved.log().toString());
            assertEquals(false, moved.json().get("moved_to_bot"));
            assertEquals(true, moved.json().get("mark_read"));
            assertTrue(J.str(J.map(moved.json(), "step_errors"), "moved_to_bot").contains("HTTP 404"), moved.stdout());
            assertNotNull(moved.json().get("archived_to"));
        }
    }

    @Test
    void spacesModelsAndTheReadReceiptCommands() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).serveAsks(null, CHUNK)) {
            Run space = run(lib, "space-create", "Research BOT", "--description", "asked by pplx-export");
            assertEquals(0, space.exit());
            Map<String, Object> s = space.json();
            assertTrue(J.str(s, "slug").startsWith("research-bot-"), s.toString());
            Run models = run(lib, "models", "--refresh");
            assertEquals(0, models.exit());
            assertTrue(models.logged("pplx_alpha"));
            Map<String, Object> cache = Json.readObject(lib.out.resolve("index/models_cache.json"));
            assertEquals("pplx_agentic_research", J.str(J.map(cache, "default_models"), "council"));
            // --space takes the space's URL too (what space-create prints); the thread is listed in the space made
            Run inSpace = run(lib, "ask", "--json", "--space", J.str(s, "url"), "Filed in the space?");
            assertEquals(0, inSpace.exit(), inSpace.log().toString());
            assertTrue(lib.requests().stream().anyMatch(q -> "/rest/collections/get_collection".equals(q.get("path"))
                    && String.valueOf(q.get("query")).startsWith("collection_slug=" + J.str(s, "slug") + "&")));
            assertEquals(0, run(lib, "space-index", J.str(s, "slug")).exit());
            Map<String, Object> listed = Json.readObject(lib.out.resolve("index/space_" + J.str(s, "slug") + ".json"));
            assertEquals(List.of(J.str(inSpace.json(), "thread_uuid")),
                    J.list(listed, "threads").stream().map(t -> J.str(t, "entryUUID")).toList(), listed.toString());
            assertEquals(J.str(inSpace.json(), "context_uuid"), J.str(J.list(listed, "threads").get(0), "context_uuid"));
            Run read = run(lib, "mark-read", J.str(inSpace.json(), "thread_url"));
            assertEquals(0, read.exit());
            assertEquals(J.str(inSpace.json(), "context_uuid"), J.str(read.json(), "context_uuid"));
            assertEquals(Map.of("status", "success"), read.json().get("result"));
        }
    }

    @Test
    void theFirstProgressLineComesWhileTheAnswerIsStillArriving() throws Exception {
        // 500 ms between events: a buffered answer would print every line at once, after the final event
        try (LiveLibrary lib = LiveLibrary.of(tmp).serveAsks(null, 500)) {
            Run r = run(lib, "ask", "--json", "--no-export", "--mode", "deep-research", "Why subtract the max in softmax?");
            assertEquals(0, r.exit(), r.log().toString());
            ILoggingEvent firstProgress = r.events().stream().filter(e -> e.getFormattedMessage().contains("generating…"))
                    .findFirst().orElseThrow();
            ILoggingEvent completed = r.events().stream().filter(e -> e.getFormattedMessage().contains("status: COMPLETED"))
                    .findFirst().orElseThrow();
            long ahead = completed.getTimeStamp() - firstProgress.getTimeStamp();
            assertTrue(ahead >= 1000, "the first progress line came " + ahead + " ms before the final event: " + r.log());
            assertTrue(r.log().stream().filter(l -> l.contains("generating…")).count() >= 3, r.log().toString());
            assertNull(r.json().get("archived_to"), "--no-export");
        }
    }
}
