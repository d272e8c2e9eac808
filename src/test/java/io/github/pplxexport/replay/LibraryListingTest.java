package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LibraryListingTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final ReplayFixture replay = new ReplayFixture();

    private TestClient start(ReplayOptions options) throws IOException {
        return replay.start(options);
    }

    /** Thread i is updated i minutes after the base instant, so thread 30 is the newest. */
    private TestArchive thirtyThreads() {
        TestArchive a = new TestArchive(dir);
        for (int i = 1; i <= 30; i++) {
            a.thread(TestArchive.uuid(i)).lastUpdated(TestArchive.stamp(i)).write();
        }
        return a;
    }

    static Map<String, Object> threads(Map<String, Object> response) {
        return J.map(J.map(J.map(J.map(response, "data"), "viewer"), "recentGroup"), "threads");
    }

    static List<Map<String, Object>> nodes(Map<String, Object> response) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object edge : J.list(threads(response), "edges")) {
            out.add(J.map(edge, "node"));
        }
        return out;
    }

    static Map<String, Object> pageInfo(Map<String, Object> response) {
        return J.map(threads(response), "pageInfo");
    }

    @Test
    void pagesThirtyThreadsNewestFirstTwentyFiveAtATime() throws IOException {
        thirtyThreads();
        TestClient client = start(ReplayOptions.of(dir));

        Map<String, Object> first = client.firstLibraryPage(25);
        List<Map<String, Object>> rows = nodes(first);
        assertEquals(25, rows.size());
        assertEquals(TestArchive.uuid(30), rows.get(0).get("entryId"));
        assertEquals(TestArchive.uuid(6), rows.get(24).get("entryId"));
        assertEquals(Boolean.TRUE, pageInfo(first).get("hasNextPage"));

        Map<String, Object> second = client.nextLibraryPage(J.str(pageInfo(first), "endCursor"), 25);
        List<Map<String, Object>> rest = nodes(second);
        assertEquals(5, rest.size());
        assertEquals(TestArchive.uuid(5), rest.get(0).get("entryId"));
        assertEquals(TestArchive.uuid(1), rest.get(4).get("entryId"));
        assertEquals(Boolean.FALSE, pageInfo(second).get("hasNextPage"));

        List<String> stamps = new ArrayList<>();
        rows.addAll(rest);
        rows.forEach(r -> stamps.add((String) r.get("updatedAt")));
        List<String> sorted = new ArrayList<>(stamps);
        sorted.sort(java.util.Comparator.reverseOrder());
        assertEquals(sorted, stamps, "newest first");
        assertEquals(30, new HashSet<>(stamps).size(), "no thread twice");
    }

    @Test
    void firstPageDefaultsToTwentyFiveAndHonoursCount() throws IOException {
        thirtyThreads();
        TestClient client = start(ReplayOptions.of(dir));
        assertEquals(25, nodes(client.firstLibraryPage(null)).size());

        Map<String, Object> p1 = client.firstLibraryPage(12);
        assertEquals(12, nodes(p1).size());
        Map<String, Object> p2 = client.nextLibraryPage(J.str(pageInfo(p1), "endCursor"), 12);
        assertEquals(TestArchive.uuid(18), nodes(p2).get(0).get("entryId"));
        Map<String, Object> p3 = client.nextLibraryPage(J.str(pageInfo(p2), "endCursor"), 12);
        assertEquals(6, nodes(p3).size());
        assertFalse((Boolean) pageInfo(p3).get("hasNextPage"));
    }

    @Test
    void nodeCarriesTheFieldsTheExporterMaps() throws IOException {
        TestArchive a = new TestArchive(dir);
        a.thread(TestArchive.uuid(1)).mode("computer").model("pplx_asi").title("Plan a trip")
                .lastUpdated("2035-12-26T10:31:33.026619Z").space("sp-1", "Travel", "travel-x1").write();
        a.thread(TestArchive.uuid(2)).mode("council").model("pplx_agentic_research")
                .lastUpdated("2035-12-26T00:03:00.000000Z").write();
        TestClient client = start(ReplayOptions.of(dir));

        List<Map<String, Object>> rows = nodes(client.firstLibraryPage(25));
        Map<String, Object> computer = rows.get(0);
        assertEquals("Plan a trip", computer.get("name"));
        assertEquals(TestArchive.uuid(1), computer.get("entryId"));
        assertEquals(TestArchive.uuid(1), computer.get("slug"));
        assertEquals("COMPUTER", computer.get("mode"));
        assertEquals(Map.of("modelID", "pplx_asi"), computer.get("displayModel"));
        assertEquals("2035-12-26T10:31:33.026619Z", computer.get("updatedAt"));
        assertEquals("COMPLETED", computer.get("status"));
        assertEquals(Map.of("spaceUuid", "sp-1", "title", "Travel", "slug", "travel-x1"), computer.get("space"));

        Map<String, Object> council = rows.get(1);
        assertEquals("SEARCH", council.get("mode"), "council is listed as SEARCH, like the reference");
        assertEquals(Map.of("modelID", "pplx_agentic_research"), council.get("displayModel"));
        assertNull(council.get("space"));
    }

    @Test
    void legacyTimestampIsListedInTheApiForm() throws IOException {
        new TestArchive(dir).thread(TestArchive.uuid(1)).lastUpdated("2035-12-26 00:03 UTC").write();
        TestClient client = start(ReplayOptions.of(dir));
        assertEquals("2035-12-26T00:03:00.000000Z", nodes(client.firstLibraryPage(25)).get(0).get("updatedAt"));
    }

    @Test
    void threadWithoutLastUpdatedIsListedWithItsNewestEntryAtMicrosecondPrecision() throws IOException {
        TestArchive a = new TestArchive(dir);
        // entries updated at 2035-12-26T00:30:00.000001Z + 0..2 us; the newest is the third
        long base = java.time.Instant.parse("2035-12-26T00:30:00Z").getEpochSecond() * 1_000_000L + 1;
        a.thread(TestArchive.uuid(1)).lastUpdated(null).entries(3).updatedUs(base).write();
        a.thread(TestArchive.uuid(2)).lastUpdated(TestArchive.stamp(20)).write();
        a.thread(TestArchive.uuid(3)).lastUpdated(TestArchive.stamp(40)).write();
        TestClient client = start(ReplayOptions.of(dir));

        List<Map<String, Object>> rows = nodes(client.firstLibraryPage(25));
        assertEquals(List.of(TestArchive.uuid(3), TestArchive.uuid(1), TestArchive.uuid(2)),
                rows.stream().map(r -> r.get("entryId")).toList(), "sorted by the derived stamp too");
        assertEquals("2035-12-26T00:30:00.000003Z", rows.get(1).get("updatedAt"));
    }

    @Test
    void withoutLastUpdatedOrEntryStampsTheThreadMetadataTimeIsListed() throws IOException {
        new TestArchive(dir).thread(TestArchive.uuid(1)).lastUpdated(null)
                .metadata("updated_at", "2035-12-26T01:02:03.450000").write();
        TestClient client = start(ReplayOptions.of(dir));
        assertEquals("2035-12-26T01:02:03.450000Z", nodes(client.firstLibraryPage(25)).get(0).get("updatedAt"));
    }

    @Test
    void statusFollowsTheThreadStatusAndLock() throws IOException {
        TestArchive a = new TestArchive(dir);
        a.thread(TestArchive.uuid(1)).lastUpdated(TestArchive.stamp(1)).metadata("thread_status", "blocked")
                .metadata("locked_reason", "spending_limit_exceeded").write();
        a.thread(TestArchive.uuid(2)).lastUpdated(TestArchive.stamp(2))
                .metadata("locked_reason", "spending_limit_exceeded").write();
        a.thread(TestArchive.uuid(3)).lastUpdated(TestArchive.stamp(3)).metadata("thread_status", "completed").write();
        a.thread(TestArchive.uuid(4)).lastUpdated(TestArchive.stamp(4)).metadata("thread_status", null).write();
        TestClient client = start(ReplayOptions.of(dir));

        Map<Object, Object> status = new java.util.HashMap<>();
        nodes(client.firstLibraryPage(25)).forEach(n -> status.put(n.get("entryId"), n.get("status")));
        assertEquals(Map.of(TestArchive.uuid(1), "BLOCKED", TestArchive.uuid(2), "BLOCKED",
                TestArchive.uuid(3), "COMPLETED", TestArchive.uuid(4), "COMPLETED"), status);
    }

    @Test
    void wrongHashIsPersistedQueryNotFound() throws IOException {
        thirtyThreads();
        TestClient client = start(ReplayOptions.of(dir));
        Map<String, Object> r = TestClient.json(client.graphql(LibraryQuery.FIRST_PAGE_OP, LibraryQuery.NEXT_PAGE_HASH, Map.of()));
        assertEquals("PERSISTED_QUERY_NOT_FOUND", J.str(J.map(J.list(r, "errors").get(0), "extensions"), "code"));
        assertFalse(r.containsKey("data"));
    }

    @Test
    void rereadsTheArchiveOnEveryRequest() throws IOException {
        TestArchive a = new TestArchive(dir);
        a.thread(TestArchive.uuid(1)).lastUpdated(TestArchive.stamp(1)).write();
        Path older = a.thread(TestArchive.uuid(2)).lastUpdated(TestArchive.stamp(0)).write();
        TestClient client = start(ReplayOptions.of(dir));
        assertEquals(TestArchive.uuid(1), nodes(client.firstLibraryPage(25)).get(0).get("entryId"));

        Path json = older.resolve("thread.json");
        String bumped = TestArchive.stamp(60);
        Files.writeString(json, Files.readString(json).replace(TestArchive.stamp(0), bumped));
        a.thread(TestArchive.uuid(3)).lastUpdated(TestArchive.stamp(2)).write();

        List<Map<String, Object>> rows = nodes(client.firstLibraryPage(25));
        assertEquals(3, rows.size());
        assertEquals(TestArchive.uuid(2), rows.get(0).get("entryId"));
        assertEquals(bumped, rows.get(0).get("updatedAt"));
    }

    @Test
    void accountLimitsTheLibraryAndNamesTheSession() throws IOException {
        TestArchive a = new TestArchive(dir);
        a.thread(TestArchive.uuid(1)).author("alice").write();
        a.thread(TestArchive.uuid(2)).author("bob").write();
        TestClient client = start(ReplayOptions.of(dir).withAccount("bob", "bob@example.org"));

        List<Map<String, Object>> rows = nodes(client.firstLibraryPage(25));
        assertEquals(List.of(TestArchive.uuid(2)), rows.stream().map(r -> r.get("entryId")).toList());
        Map<String, Object> user = J.map(TestClient.json(client.get(ReplayApi.SESSION_PATH)), "user");
        assertEquals("bob", user.get("username"));
        assertEquals("bob@example.org", user.get("email"));
        // another author's thread can still be fetched directly (shared threads, sibling probes)
        assertEquals(200, client.get(ReplayApi.THREAD_PREFIX + TestArchive.uuid(1) + "?" + TestClient.PLAIN).statusCode());
    }

    @Test
    void sessionIsTheArchivesOnlyAuthorByDefault() throws IOException {
        new TestArchive(dir).thread(TestArchive.uuid(1)).author("carol").write();
        TestClient client = start(ReplayOptions.of(dir));
        Map<String, Object> user = J.map(TestClient.json(client.get(ReplayApi.SESSION_PATH)), "user");
        assertEquals("carol", user.get("name"));
        assertEquals("carol@example.com", user.get("email"));
        assertTrue(nodes(client.firstLibraryPage(25)).size() == 1);
    }
}
