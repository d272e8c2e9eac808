package io.github.pplxexport.pipeline;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.github.pplxexport.json.J;
import io.github.pplxexport.library.BatchState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Failures injected by the replay's fault plan, routed as reference-behaviour.md §7 and DESIGN.md §3–§4 say:
 * 429/5xx retried with backoff, a thread that keeps failing is recorded (state {@code error}, dead letter) while
 * the others are exported (exit 1), ENTRY_DELETED is terminal, three auth failures in a row abort (exit 3, state
 * saved), a Cloudflare challenge stops the run with one clear line (exit 3), and a body that is not JSON fails
 * only its thread.
 *
 * <p>Batch runs use {@code --skip-auth-check} so that request 1 of a fresh server is the first thread's first
 * request; the library index is fetched beforehand from a server without faults.
 */
class ErrorRoutingTest {
    @TempDir
    Path tmp;

    /** The project's own log lines. */
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    /** Everything that reaches the console, Camel's own loggers included. */
    private final ListAppender<ILoggingEvent> console = new ListAppender<>();

    @BeforeEach
    void captureLog() {
        log.start();
        console.start();
        ((Logger) LoggerFactory.getLogger("pplx")).addAppender(log);
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).addAppender(console);
    }

    @AfterEach
    void releaseLog() {
        try {
            assertOneLineErrors();
        } finally {
            detach();
        }
    }

    private void detach() {
        ((Logger) LoggerFactory.getLogger("pplx")).detachAppender(log);
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).detachAppender(console);
    }

    /** DESIGN.md §3: errors are one clear line, no stack trace unless -v (no logger may dump one). */
    private void assertOneLineErrors() {
        for (ILoggingEvent e : console.list) {
            if (e.getLevel().isGreaterOrEqual(Level.WARN)) {
                assertNull(e.getThrowableProxy(), "no stack trace without -v: " + e.getLoggerName() + " "
                        + e.getFormattedMessage());
                assertFalse(e.getFormattedMessage().contains("\n"), "one line, from " + e.getLoggerName() + ": "
                        + e.getFormattedMessage());
            }
        }
    }

    /** alice's four threads, newest first (the batch's order). */
    private static List<LiveLibrary.SampleThread> aliceNewestFirst() throws Exception {
        return LiveLibrary.sampleThreads().values().stream().filter(t -> t.author().equals("alice"))
                .sorted(Comparator.comparing(LiveLibrary.SampleThread::lastUpdated).reversed()).toList();
    }

    private static LiveLibrary indexed(Path tmp) throws Exception {
        LiveLibrary lib = LiveLibrary.of(tmp).serve();
        assertEquals(0, lib.run("index"));
        return lib;
    }

    private static long status(Map<String, Object> request) {
        return ((Number) request.get("status")).longValue();
    }

    private List<String> lines(Level level) {
        List<String> l = new ArrayList<>();
        for (ILoggingEvent e : log.list) {
            if (e.getLevel() == level) {
                l.add(e.getFormattedMessage());
            }
        }
        return l;
    }

    /** A batch without its second pass: these tests are about how the first failure is recorded. */
    static final String NO_SECOND_PASS = "pplx.batch.second-pass=false";

    @Test
    void rateLimitedOnceThenAnsweredIsRetriedAndExported() throws Exception {
        LiveLibrary.SampleThread t = LiveLibrary.sample("b2a69fad");
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve(100, "429@1")) {
            assertEquals(0, lib.run("export", t.uuid(), "--skip-auth-check"));

            List<Map<String, Object>> reqs = lib.threadRequests(t.uuid());
            assertEquals(List.of(429L, 200L), reqs.stream().map(ErrorRoutingTest::status).toList(),
                    "429, then the same request again: " + reqs);
            assertEquals(reqs.get(0).get("query"), reqs.get(1).get("query"), "the same request is re-sent");
            assertTrue(Files.isRegularFile(lib.out.resolve(t.dir()).resolve("conversation.md")), "exported");
            assertEquals("ok", J.str(lib.state().get(t.uuid()), "status"));
            assertEquals(List.of(), deadLetters(lib, "thread"), "no dead letter for the thread");
            assertEquals(1, deadLetters(lib, "sibling_link").size(), "its answer-variant sibling, refused (403)");
        }
    }

    @Test
    void threadFailingThreeTimesIsRecordedAndTheOthersAreExported() throws Exception {
        List<LiveLibrary.SampleThread> threads = aliceNewestFirst();
        LiveLibrary.SampleThread failing = threads.get(0);
        try (LiveLibrary lib = indexed(tmp)) {
            lib.serve(100, "500@1-3");

            // how a failure is recorded (the second pass, which would export it, is RetryPolicyTest's)
            assertEquals(1, lib.run("batch", "--skip-auth-check", "-D", NO_SECOND_PASS), "exit 1: some threads failed");

            List<Map<String, Object>> reqs = lib.threadRequests(failing.uuid());
            assertEquals(List.of(500L, 500L, 500L), reqs.stream().map(ErrorRoutingTest::status).toList(),
                    "three attempts (§7.1 max_retries = 3), then given up: " + reqs);
            Map<String, Object> state = lib.state();
            assertEquals("error", J.str(state.get(failing.uuid()), "status"), "state " + state);
            assertTrue(J.str(state.get(failing.uuid()), "error").contains("500"), "error says why: " + state);
            assertFalse(Files.exists(lib.out.resolve(failing.dir())), "nothing written for the failed thread");
            for (LiveLibrary.SampleThread t : threads.subList(1, threads.size())) {
                assertEquals("ok", J.str(state.get(t.uuid()), "status"), t.dir());
                assertTrue(Files.isRegularFile(lib.out.resolve(t.dir()).resolve("conversation.md")), t.dir());
            }
            List<Map<String, Object>> dead = deadLetters(lib, "thread");
            assertEquals(1, dead.size(), "one dead letter: " + dead);
            Map<String, Object> letter = dead.get(0);
            assertEquals(failing.uuid(), J.str(letter, "web_uuid"));
            assertEquals(500L, ((Number) letter.get("status")).longValue());
            assertTrue(J.str(letter, "error").contains("500"), "dead letter says why: " + letter);
        }
    }

    @Test
    void deletedThreadIsTerminalLeavesTheArchiveAloneAndIsNotRetriedEvenWithForce() throws Exception {
        List<LiveLibrary.SampleThread> threads = aliceNewestFirst();
        LiveLibrary.SampleThread gone = threads.get(1);
        try (LiveLibrary lib = indexed(tmp)) {
            assertEquals(0, lib.run("batch", "--skip-auth-check"));
            Path dir = lib.out.resolve(gone.dir());
            assertTrue(Files.isDirectory(dir));
            LiveLibrary.setAllMtimes(dir, LiveLibrary.OLD);
            Map<String, byte[]> archived = LiveLibrary.files(dir);

            lib.serve(100, "deleted:" + gone.uuid());
            assertEquals(0, lib.run("batch", "--force", "--skip-auth-check"), "a deleted thread is no failure");

            assertEquals(List.of(400L), lib.threadRequests(gone.uuid()).stream().map(ErrorRoutingTest::status).toList(),
                    "asked once, answered ENTRY_DELETED, not retried");
            Map<String, Object> record = J.asMap(lib.state().get(gone.uuid()));
            assertEquals("deleted", J.str(record, "status"), "state " + record);
            assertEquals(BatchState.NOTE_ENTRY_DELETED, J.str(record, "note"));
            assertEquals(gone.lastUpdated(), J.str(record, "lastUpdated"), "keeps its lastUpdated");
            assertUntouched(dir, archived);
            for (LiveLibrary.SampleThread t : threads) {
                if (t != gone) {
                    assertEquals("ok", J.str(lib.state().get(t.uuid()), "status"), t.dir());
                }
            }

            // the next run, even forced, does not ask for it again (terminal states are never retried, §2.2)
            lib.serve(100, "deleted:" + gone.uuid());
            assertEquals(0, lib.run("batch", "--force", "--skip-auth-check"));
            assertEquals(List.of(), lib.threadRequests(gone.uuid()), "not retried");
            assertEquals(3, lib.exportedUuids().size(), "the others are re-exported (forced)");
            assertEquals("deleted", J.str(lib.state().get(gone.uuid()), "status"));
            assertUntouched(dir, archived);

            // a sync (index + batch) neither
            lib.serve(100, "deleted:" + gone.uuid());
            assertEquals(0, lib.run("sync", "--force", "--full"));
            assertEquals(List.of(), lib.threadRequests(gone.uuid()), "not retried by sync");
            assertUntouched(dir, archived);
        }
    }

    @Test
    void expiredThreadIsTerminalAndSkipped() throws Exception {
        List<LiveLibrary.SampleThread> threads = aliceNewestFirst();
        LiveLibrary.SampleThread expired = threads.get(2);
        try (LiveLibrary lib = indexed(tmp)) {
            lib.serve(100, "expired:" + expired.uuid());
            assertEquals(0, lib.run("batch", "--skip-auth-check"));

            Map<String, Object> record = J.asMap(lib.state().get(expired.uuid()));
            assertEquals("expired", J.str(record, "status"), "state " + record);
            assertEquals(BatchState.NOTE_ENTRY_EXPIRED, J.str(record, "note"));
            assertFalse(Files.exists(lib.out.resolve(expired.dir())), "nothing written for it");
            assertEquals(3, lib.threadDirs().size(), "the others are exported");
            assertTrue(lines(Level.INFO).contains("[batch] 完成。ok=3 skip=1 fail=0 / 共 4"), lines(Level.INFO).toString());

            lib.serve(100, null);
            assertEquals(0, lib.run("batch", "--force", "--skip-auth-check"));
            assertEquals(List.of(), lib.threadRequests(expired.uuid()), "never retried, even with --force");
        }
    }

    @Test
    void notFoundIsNotTerminalTheThreadIsRetriedOnTheNextRun() throws Exception {
        List<LiveLibrary.SampleThread> threads = aliceNewestFirst();
        LiveLibrary.SampleThread missing = threads.get(0);
        try (LiveLibrary lib = indexed(tmp)) {
            lib.serve(100, "404@1");
            assertEquals(1, lib.run("batch", "--skip-auth-check", "-D", NO_SECOND_PASS), "the next run, not a second pass");
            assertEquals(1, lib.threadRequests(missing.uuid()).size(), "404 is not retried within the run (§7.1)");
            assertEquals("error", J.str(lib.state().get(missing.uuid()), "status"));

            lib.serve(100, null);
            assertEquals(0, lib.run("batch", "--skip-auth-check"));
            assertEquals(List.of(missing.uuid()), lib.exportedUuids(), "only the errored thread is fetched again");
            assertEquals("ok", J.str(lib.state().get(missing.uuid()), "status"));
            assertTrue(Files.isRegularFile(lib.out.resolve(missing.dir()).resolve("conversation.md")));
        }
    }

    @Test
    void singleExportOfADeletedThreadRecordsItAndExitsCleanly() throws Exception {
        LiveLibrary.SampleThread gone = LiveLibrary.sample("b2a69fad");
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve()) {
            assertEquals(0, lib.run("export", gone.uuid()));
            Path dir = lib.out.resolve(gone.dir());
            LiveLibrary.setAllMtimes(dir, LiveLibrary.OLD);
            Map<String, byte[]> archived = LiveLibrary.files(dir);
            log.list.clear();

            lib.serve(100, "deleted:" + gone.uuid());
            assertEquals(0, lib.run("export", gone.uuid(), "--force"), "graceful exit (§2.3b)");

            Map<String, Object> record = J.asMap(lib.state().get(gone.uuid()));
            assertEquals("deleted", J.str(record, "status"), "state " + record);
            assertEquals(BatchState.NOTE_ENTRY_DELETED, J.str(record, "note"));
            assertFalse(J.str(record, "lastUpdated").isEmpty(), "keeps the previous lastUpdated: " + record);
            assertUntouched(dir, archived);
            log.list.forEach(e -> assertNull(e.getThrowableProxy(), "no stack trace: " + e.getFormattedMessage()));
        }
    }

    @Test
    void threeAuthFailuresInARowAbortWithTheStateSaved() throws Exception {
        List<LiveLibrary.SampleThread> threads = aliceNewestFirst();
        try (LiveLibrary lib = indexed(tmp)) {
            lib.serve(100, "401@1-3");

            assertEquals(3, lib.run("batch", "--skip-auth-check"), "exit 3: aborted");

            List<Map<String, Object>> reqs = lib.allThreadRequests();
            assertEquals(3, reqs.size(), "one request per thread (401 is not retried), then the run stops: " + reqs);
            Map<String, Object> state = lib.state();
            for (LiveLibrary.SampleThread t : threads.subList(0, 3)) {
                assertEquals("error", J.str(state.get(t.uuid()), "status"), "saved state for " + t.dir());
                assertEquals(1, lib.threadRequests(t.uuid()).size(), t.dir());
            }
            assertFalse(state.containsKey(threads.get(3).uuid()), "the fourth thread was never tried");
            assertTrue(lib.threadDirs().isEmpty(), "nothing written");
            List<String> errors = lines(Level.ERROR);
            assertTrue(errors.stream().anyMatch(l -> l.contains("cookie")), "tells to refresh the cookie: " + errors);
        }
    }

    @Test
    void cloudflareChallengeStopsTheRunWithOneLineNamingCloudflare() throws Exception {
        List<LiveLibrary.SampleThread> threads = aliceNewestFirst();
        try (LiveLibrary lib = indexed(tmp)) {
            lib.serve(100, "cloudflare@2");
            log.list.clear();

            assertEquals(3, lib.run("batch", "--skip-auth-check"), "exit 3: aborted");

            List<Map<String, Object>> reqs = lib.allThreadRequests();
            assertEquals(2, reqs.size(), "nothing is asked after the challenge: " + reqs);
            assertEquals(403L, status(reqs.get(1)));
            List<String> cloudflare = lines(Level.ERROR).stream().filter(l -> l.contains("Cloudflare")).toList();
            assertFalse(cloudflare.isEmpty(), "an error line mentions Cloudflare: " + lines(Level.ERROR));
            String last = lines(Level.ERROR).get(lines(Level.ERROR).size() - 1);
            assertTrue(last.contains("Cloudflare"), "the closing line names Cloudflare: " + last);
            assertFalse(last.contains("\n"), "one line: " + last);
            log.list.forEach(e -> assertNull(e.getThrowableProxy(), "no stack trace without -v: " + e.getFormattedMessage()));
            assertTrue(Files.exists(lib.stateFile()), "state saved");
            assertEquals("error", J.str(lib.state().get(threads.get(0).uuid()), "status"),
                    "the challenged thread is recorded");
        }
    }

    @Test
    void cloudflareOnTheSessionProbeAbortsBeforeExporting() throws Exception {
        try (LiveLibrary lib = indexed(tmp)) {
            lib.serve(100, "cloudflare@1");
            log.list.clear();

            assertEquals(3, lib.run("sync"), "exit 3: aborted");

            assertEquals(1, lib.requests().size(), "only the probe was sent: " + lib.requests());
            List<String> errors = lines(Level.ERROR);
            assertEquals(1, errors.size(), "one line: " + errors);
            assertTrue(errors.get(0).contains("Cloudflare"), errors.get(0));
            assertFalse(errors.get(0).contains("\n"));
        }
    }

    @Test
    void malformedBodyFailsOnlyItsThread() throws Exception {
        notJsonFailsOnlyItsThread("malformed");
    }

    @Test
    void aTransferCutShortIsRetriedLikeANetworkError() throws Exception {
        List<LiveLibrary.SampleThread> threads = aliceNewestFirst();
        LiveLibrary.SampleThread cut = threads.get(0);
        for (String kind : List.of("truncated", "reset")) {
            try (LiveLibrary lib = indexed(tmp.resolve(kind))) {
                lib.serve(100, kind + "@1");

                assertEquals(0, lib.run("batch", "--skip-auth-check"), kind + ": retried, nothing left");

                assertEquals(kind, J.str(lib.requests().get(0), "fault"));
                assertEquals(2, lib.threadRequests(cut.uuid()).stream().filter(r -> !LiveLibrary.schematized(r)
                        && !LiveLibrary.hasCursor(r)).count(), kind + ": the cut answer, then the same request again");
                assertEquals(threads.size(), lib.threadDirs().size());
                assertEquals(List.of(), deadLetters(lib, "thread"));
            }
        }
    }

    private void notJsonFailsOnlyItsThread(String kind) throws Exception {
        List<LiveLibrary.SampleThread> threads = aliceNewestFirst();
        LiveLibrary.SampleThread bad = threads.get(0);
        try (LiveLibrary lib = indexed(tmp)) {
            lib.serve(100, kind + "@1");

            assertEquals(1, lib.run("batch", "--skip-auth-check", "-D", NO_SECOND_PASS),
                    "exit 1: one thread failed, the run went on");

            assertEquals(1, lib.threadRequests(bad.uuid()).size(), "a 200 that is not JSON is not retried (§7.1)");
            Map<String, Object> state = lib.state();
            assertEquals("error", J.str(state.get(bad.uuid()), "status"), "state " + state);
            for (LiveLibrary.SampleThread t : threads.subList(1, threads.size())) {
                assertEquals("ok", J.str(state.get(t.uuid()), "status"), t.dir());
            }
            assertEquals(3, lib.threadDirs().size(), "the other three are written");
            List<Map<String, Object>> dead = deadLetters(lib, "thread");
            assertEquals(1, dead.size());
            assertEquals(bad.uuid(), J.str(dead.get(0), "web_uuid"));
        }
    }

    /** The records of index/dead_letters.jsonl of one kind ({@code thread}, {@code sibling_link}). */
    static List<Map<String, Object>> deadLetters(LiveLibrary lib, String kind) throws Exception {
        Path file = lib.out.resolve("index/dead_letters.jsonl");
        if (!Files.exists(file)) {
            return List.of();
        }
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                .map(l -> J.asMap(io.github.pplxexport.json.Json.parse(l)))
                .filter(m -> kind.equals(J.str(m, "kind"))).toList();
    }

    private static void assertUntouched(Path dir, Map<String, byte[]> archived) throws Exception {
        Map<String, byte[]> now = LiveLibrary.files(dir);
        assertEquals(archived.keySet(), now.keySet(), "same files in " + dir);
        for (String f : archived.keySet()) {
            assertTrue(java.util.Arrays.equals(archived.get(f), now.get(f)), "bytes of " + f);
            assertEquals(LiveLibrary.OLD, Files.getLastModifiedTime(dir.resolve(f)), "mtime of " + f);
        }
    }
}
