package io.github.pplxexport.replay;

import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each fault kind as a client sees it over HTTP. */
class FaultInjectionTest {
    private static final String UUID = TestArchive.uuid(1);
    private static final String FETCH = ReplayApi.THREAD_PREFIX + UUID + "?" + TestClient.PLAIN;

    @TempDir
    Path dir;
    @RegisterExtension
    final ReplayFixture replay = new ReplayFixture();

    @BeforeEach
    void archive() {
        TestArchive a = new TestArchive(dir);
        a.thread(UUID).entries(2).write();
        a.thread(TestArchive.uuid(2)).write();
    }

    private TestClient start(String faults) throws IOException {
        return replay.start(ReplayOptions.of(dir).withFaults(FaultPlan.parse(faults)));
    }

    @Test
    void numberedStatusFaultsHitExactlyTheirRequests() throws IOException {
        TestClient client = start("429@2, 500@3-4, 401@5, 503@6");
        List<Integer> statuses = new ArrayList<>();
        List<HttpResponse<String>> responses = new ArrayList<>();
        for (int i = 1; i <= 7; i++) {
            HttpResponse<String> r = client.get(FETCH);
            responses.add(r);
            statuses.add(r.statusCode());
        }
        assertEquals(List.of(200, 429, 500, 500, 401, 503, 200), statuses);
        assertEquals("1", responses.get(1).headers().firstValue("Retry-After").orElse(null));
        assertEquals("RATE_LIMITED", TestClient.json(responses.get(1)).get("error_code"));
        assertEquals("UNAUTHORIZED", TestClient.json(responses.get(4)).get("error_code"));
    }

    @Test
    void cloudflareIsAnHtmlChallengeWithTheMitigatedHeader() throws IOException {
        TestClient client = start("cloudflare@1");
        HttpResponse<String> r = client.get(FETCH);
        assertEquals(403, r.statusCode());
        assertEquals("challenge", r.headers().firstValue("cf-mitigated").orElse(null));
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
        assertTrue(r.body().startsWith("<!DOCTYPE html>") && r.body().contains("Just a moment..."), r.body());
    }

    /** The real answer's body, and the same request under {@code fault@2} as it came over a plain socket. */
    private record Cut(byte[] full, RawAnswer answer) {
        byte[] half() {
            return Arrays.copyOf(full, full.length / 2);
        }

        String head() {
            return answer.head().toLowerCase(Locale.ROOT);
        }
    }

    private Cut cut(String fault) throws IOException {
        TestClient client = start(fault + "@2");
        byte[] full = client.get(FETCH).body().getBytes(StandardCharsets.UTF_8);
        RawAnswer r = RawAnswer.get(replay.server().baseUri(), FETCH);
        assertTrue(r.head().startsWith("HTTP/1.1 200 "), r.head());
        assertEquals(200, client.get(FETCH).statusCode(), "the next request is answered normally");
        return new Cut(full, r);
    }

    @Test
    void truncatedDeclaresTheWholeBodyAndClosesTheConnectionAfterHalfOfIt() throws IOException {
        Cut c = cut("truncated");

        assertTrue(c.head().contains("content-length: " + c.full().length + "\r\n"), c.head());
        assertArrayEquals(c.half(), c.answer().body(), "half the real body, then the end of the stream");
    }

    @Test
    void resetDropsAChunkedAnswerBeforeItsLastChunk() throws IOException {
        Cut c = cut("reset");

        assertTrue(c.head().contains("transfer-encoding: chunked\r\n"), c.head());
        String chunks = new String(c.answer().body(), StandardCharsets.ISO_8859_1);
        assertFalse(chunks.endsWith("0\r\n\r\n"), "no last chunk: " + chunks.length() + " bytes");
        assertTrue(chunks.contains(new String(c.half(), StandardCharsets.ISO_8859_1)), "half the real body went out before the drop");
    }

    @Test
    void malformedIsA200ThatIsNotJson() throws IOException {
        TestClient client = start("malformed@1");
        HttpResponse<String> r = client.get(FETCH);
        assertEquals(200, r.statusCode());
        assertThrows(JsonException.class, () -> Json.parse(r.body()));
    }

    @Test
    void slowAnswersLateButCorrectly() throws IOException {
        TestClient client = start("slow:400@1");
        long t0 = System.nanoTime();
        HttpResponse<String> r = client.get(FETCH);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(200, r.statusCode());
        assertEquals(2, io.github.pplxexport.json.J.list(TestClient.json(r), "entries").size());
        assertTrue(ms >= 400, "answered after " + ms + " ms");
    }

    @Test
    void expiredAndDeletedThreadsAreTerminal400s() throws IOException {
        String other = TestArchive.uuid(2);
        TestClient client = start("expired:" + UUID + ",deleted:" + other);
        for (String query : List.of(TestClient.PLAIN, TestClient.SCHEMATIZED)) {
            HttpResponse<String> expired = client.get(ReplayApi.THREAD_PREFIX + UUID + "?" + query);
            assertEquals(400, expired.statusCode());
            assertEquals("ENTRY_EXPIRED", TestClient.json(expired).get("error_code"));
            HttpResponse<String> deleted = client.get(ReplayApi.THREAD_PREFIX + other + "?" + query);
            assertEquals(400, deleted.statusCode());
            assertEquals("ENTRY_DELETED", TestClient.json(deleted).get("error_code"));
        }
        // a deleted thread leaves the library (that is how sync-deleted finds its candidates); an expired one stays
        assertEquals(List.of(UUID), LibraryListingTest.nodes(client.firstLibraryPage(25)).stream()
                .map(n -> n.get("entryId")).toList());
    }

    @Test
    void unlistedThreadIsMissingFromTheLibraryButStillFetched() throws IOException {
        String other = TestArchive.uuid(2);
        TestClient client = start("unlisted:" + other);
        assertEquals(List.of(UUID), LibraryListingTest.nodes(client.firstLibraryPage(25)).stream()
                .map(n -> n.get("entryId")).toList());
        HttpResponse<String> r = client.get(ReplayApi.THREAD_PREFIX + other + "?" + TestClient.PLAIN);
        assertEquals(200, r.statusCode());
        assertEquals(other, io.github.pplxexport.json.J.str(
                io.github.pplxexport.json.J.list(TestClient.json(r), "entries").get(0), "uuid"));
    }

    @Test
    void seededRateFaultsRepeatRunForRun() throws IOException {
        List<Integer> first = statuses("rate:0.3:429:seed=7", 40);
        List<Integer> second = statuses("rate:0.3:429:seed=7", 40);
        assertEquals(first, second);
        long faulted = first.stream().filter(s -> s == 429).count();
        assertTrue(faulted > 0 && faulted < 40, "some but not all requests faulted: " + faulted);
        assertTrue(first.stream().allMatch(s -> s == 200 || s == 429));
    }

    private List<Integer> statuses(String faults, int n) throws IOException {
        TestClient client = start(faults);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(client.get(ReplayApi.SESSION_PATH).statusCode());
        }
        return out;
    }
}
