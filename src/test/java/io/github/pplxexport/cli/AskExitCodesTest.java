package io.github.pplxexport.cli;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.replay.FaultPlan;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import io.github.pplxexport.testkit.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code ask} as a user runs it (its own JVM): one exit code each, one line saying why, the result on stdout. */
class AskExitCodesTest {
    static final Path SAMPLE = Path.of("archive-sample").toAbsolutePath();

    @TempDir
    Path tmp;

    private ChildJvm.Result ask(String faults, String... args) throws IOException, InterruptedException {
        Path cookies = tmp.resolve("cookies.txt");
        Files.writeString(cookies, "127.0.0.1\tFALSE\t/\tFALSE\t0\t__Secure-next-auth.session-token\talice\n",
                StandardCharsets.UTF_8);
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(SAMPLE).withFaults(FaultPlan.parse(faults))
                .withAskChunkMillis(10))) {
            List<String> all = new ArrayList<>(List.of("--lang", "en", "--base-url", server.baseUri().toString(),
                    "--cookies", cookies.toString(), "--out", tmp.resolve("out").toString(), "ask", "--no-pacing"));
            all.addAll(List.of(args));
            return ChildJvm.run(tmp, all.toArray(String[]::new));
        }
    }

    private static Map<String, Object> json(ChildJvm.Result r) {
        return J.asMap(Json.parse(r.stdout().strip()));
    }

    @Test
    void zeroAskedAndArchived() throws Exception {
        ChildJvm.Result r = ask(null, "--json", "--mode", "deep-research", "Why subtract the max in softmax?");
        assertEquals(0, r.exit(), r.toString());
        assertEquals(1, r.stdout().lines().count(), "one JSON object on stdout");
        assertTrue(J.str(json(r), "archived_to").startsWith("alice/deep-research/"), r.stdout());
        assertTrue(r.stderr().contains("[ask] created https://www.perplexity.ai/search/"), r.stderr());
    }

    @Test
    void oneTheStreamEndedFailed() throws Exception {
        ChildJvm.Result r = ask("ask-status:FAILED", "--json", "Will it fail?");
        assertEquals(1, r.exit(), r.toString());
        assertTrue(r.errLines().stream().anyMatch(l -> l.contains("[ERROR] [ask] the stream ended without completing (final status: FAILED): https://")),
                r.stderr());
        Map<String, Object> result = json(r);
        assertEquals(null, result.get("archived_to"));
        assertEquals(null, result.get("exported"));
        assertTrue(J.str(result, "error").endsWith(J.str(result, "thread_uuid")), J.str(result, "error"));
        assertTrue(!Files.exists(tmp.resolve("out/alice")), "nothing archived");
        assertTrue(!Files.exists(tmp.resolve("out/index/pending_asks.jsonl")), "nothing pending: it did not break, it failed");
    }

    @Test
    void twoComputerIsNotAModeToAskInAndNothingIsSent() throws Exception {
        ChildJvm.Result r = ask(null, "--mode", "computer", "Build me a spreadsheet");
        assertEquals(2, r.exit(), r.toString());
        assertEquals(List.of("--mode computer: computer threads cannot be asked; use search, deep-research, council or study"),
                r.errLines().stream().map(l -> l.replaceFirst("^\\d\\d:\\d\\d:\\d\\d (\\[ERROR\\] )?", "")).toList());
        assertEquals("", r.stdout());
    }

    @Test
    void threeTheCookieWasRefused() throws Exception {
        // request 1 is the session check, 2 the ask
        ChildJvm.Result r = ask("401@2", "Who am I?");
        assertEquals(3, r.exit(), r.toString());
        assertTrue(r.stderr().contains("[ask] the ask request failed: HTTP 401: auth failed: the cookie may have expired, refresh it"),
                r.stderr());
    }
}
