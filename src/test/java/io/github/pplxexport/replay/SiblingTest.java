package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** Answer-variant siblings: 403 like the platform, or served with 200 when the {@code sibling:} fault says so. */
class SiblingTest {
    private static final String THREAD = TestArchive.uuid(1);
    private static final String SIBLING = "5b1b0000-aaaa-4bbb-8ccc-000000000001";
    /** The thread's second (last) entry names the sibling. */
    private static final String NAMING_ENTRY = THREAD.substring(0, 8) + "-e1";

    @TempDir
    Path dir;
    private Path threadDir;
    @RegisterExtension
    final ReplayFixture replay = new ReplayFixture();

    @BeforeEach
    void archive() {
        threadDir = new TestArchive(dir).thread(THREAD).author("alice").entries(2).updatedUs(2_000_000_000_000_000L)
                .sibling(SIBLING).write();
        new TestArchive(dir).thread(TestArchive.uuid(2)).author("bob").write();
    }

    private TestClient start(ReplayOptions options) throws IOException {
        return replay.start(options);
    }

    private static HttpResponse<String> fetch(TestClient client, String uuid, String query) {
        return client.get(ReplayApi.THREAD_PREFIX + uuid + "?" + query);
    }

    @Test
    void aSiblingIsViewThreadNotAllowedByDefault() throws IOException {
        TestClient client = start(ReplayOptions.of(dir));
        HttpResponse<String> r = fetch(client, SIBLING, TestClient.PLAIN);
        assertEquals(403, r.statusCode());
        assertEquals(Map.of("error_code", "VIEW_THREAD_NOT_ALLOWED"), TestClient.json(r));
    }

    @Test
    void siblingFaultServesTheVariantAsAOneEntryThread() throws IOException {
        TestClient client = start(ReplayOptions.of(dir).withFaults(FaultPlan.parse("sibling:" + SIBLING)));
        HttpResponse<String> r = fetch(client, SIBLING, TestClient.PLAIN);
        assertEquals(200, r.statusCode(), r.body());
        Map<String, Object> page = TestClient.json(r);
        Map<String, Object> raw = Json.readObject(threadDir.resolve("raw_entries.json"));
        assertEquals(raw.get("thread_metadata"), page.get("thread_metadata"));
        assertEquals(List.of(), page.get("background_entries"));
        assertEquals(Boolean.FALSE, page.get("has_next_page"));

        List<Object> entries = J.list(page, "entries");
        assertEquals(1, entries.size());
        Map<String, Object> entry = J.asMap(entries.get(0));
        Map<String, Object> naming = J.asMap(J.list(raw, "entries").get(1));
        assertEquals(SIBLING, entry.get("uuid"));
        assertFalse(entry.containsKey("side_by_side_metadata"));
        assertEquals(naming.get("query_str"), entry.get("query_str"), "the same question");
        assertEquals(naming.get("updated_us"), entry.get("updated_us"));

        List<Object> steps = J.asList(Json.parse(J.str(entry, "text")));
        assertEquals(List.of("INITIAL_QUERY", "FINAL"), steps.stream().map(s -> J.str(s, "step_type")).toList());
        assertEquals(naming.get("query_str"), J.str(J.map(steps.get(0), "content"), "query"));
        String answer = J.str(Json.parse(J.str(J.map(steps.get(1), "content"), "answer")), "answer");
        assertEquals("Answer variant " + SIBLING + " (the other arm of entry " + NAMING_ENTRY + "), served by the replay.",
                answer);
        assertNotEquals(naming.get("text"), entry.get("text"), "a visibly different answer");

        HttpResponse<String> blocks = fetch(client, SIBLING, TestClient.SCHEMATIZED);
        assertEquals(200, blocks.statusCode());
        assertEquals(List.of(), TestClient.json(blocks).get("entries"), "a sibling has no blocks");
    }

    @Test
    void siblingFaultForAUuidNoEntryNamesIsStill403() throws IOException {
        TestClient client = start(ReplayOptions.of(dir).withFaults(FaultPlan.parse("sibling:" + TestArchive.uuid(9))));
        assertEquals(403, fetch(client, TestArchive.uuid(9), TestClient.PLAIN).statusCode());
    }

    @Test
    void underStrictAuthOnlyTheThreadsOwnerSeesTheSibling() throws IOException {
        TestClient alice = start(ReplayOptions.of(dir).withStrictAuth(true)
                .withFaults(FaultPlan.parse("sibling:" + SIBLING))).withSession("alice");
        assertEquals(200, fetch(alice, SIBLING, TestClient.PLAIN).statusCode());
        TestClient bob = replay.client().withSession("bob");
        assertEquals(403, fetch(bob, SIBLING, TestClient.PLAIN).statusCode());
    }
}
