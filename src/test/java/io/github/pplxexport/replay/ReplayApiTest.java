package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pure request-to-response logic, without any server. */
class ReplayApiTest {
    @TempDir
    Path dir;

    private static ReplayRequest graphqlRequest(String body) {
        return new ReplayRequest("POST", ReplayApi.GRAPHQL_PATH, "", Map.of("Content-Type", List.of("application/json")),
                body.getBytes(StandardCharsets.UTF_8));
    }

    private static List<Object> edges(ReplayResponse r) {
        return J.list(LibraryListingTest.threads(J.asMap(Json.parse(r.bodyText()))), "edges");
    }

    private static String firstPageBody() {
        return "{\"operationName\":\"" + LibraryQuery.FIRST_PAGE_OP + "\",\"variables\":{},"
                + "\"extensions\":{\"persistedQuery\":{\"version\":1,\"sha256Hash\":\"" + LibraryQuery.FIRST_PAGE_HASH + "\"}}}";
    }

    @Test
    void faultsFollowTheRequestNumberGiven() {
        new TestArchive(dir).thread(TestArchive.uuid(1)).write();
        ReplayApi api = new ReplayApi(ReplayOptions.of(dir).withFaults(FaultPlan.parse("503@2")));
        ReplayRequest session = ReplayRequest.get(ReplayApi.SESSION_PATH);
        assertEquals(200, api.handle(1, session).status());
        ReplayResponse faulted = api.handle(2, session);
        assertEquals(503, faulted.status());
        assertEquals("503", faulted.fault());
        assertEquals(200, api.handle(3, session).status());
        assertNull(api.handle(3, session).fault());
    }

    @Test
    void graphqlAnswersNameTheirOperationEvenWhenFaulted() {
        new TestArchive(dir).thread(TestArchive.uuid(1)).write();
        ReplayApi api = new ReplayApi(ReplayOptions.of(dir).withFaults(FaultPlan.parse("429@2")));
        ReplayResponse ok = api.handle(1, graphqlRequest(firstPageBody()));
        assertEquals(LibraryQuery.FIRST_PAGE_OP, ok.operation());
        assertEquals(1, edges(ok).size());
        assertEquals(LibraryQuery.FIRST_PAGE_OP, api.handle(2, graphqlRequest(firstPageBody())).operation());
    }

    @Test
    void graphqlBodyThatIsNotJsonIsA400() {
        ReplayApi api = new ReplayApi(ReplayOptions.of(dir));
        ReplayResponse r = api.handle(1, graphqlRequest("{nope"));
        assertEquals(400, r.status());
        assertTrue(r.bodyText().contains("errors"));
    }

    @Test
    void graphqlWithoutAJsonContentTypeIsA400LikeApollo() {
        new TestArchive(dir).thread(TestArchive.uuid(1)).write();
        ReplayApi api = new ReplayApi(ReplayOptions.of(dir));
        for (Map<String, List<String>> headers : List.of(Map.<String, List<String>>of(),
                Map.of("Content-Type", List.of("text/plain;charset=UTF-8")))) {
            ReplayResponse r = api.handle(1, new ReplayRequest("POST", ReplayApi.GRAPHQL_PATH, "", headers,
                    firstPageBody().getBytes(StandardCharsets.UTF_8)));
            assertEquals(400, r.status(), headers.toString());
        }
        ReplayResponse ok = api.handle(2, new ReplayRequest("POST", ReplayApi.GRAPHQL_PATH, "",
                Map.of("content-type", List.of("application/json; charset=utf-8")), firstPageBody().getBytes(StandardCharsets.UTF_8)));
        assertEquals(1, edges(ok).size());
    }

    @Test
    void brokenRawFileIsAServerErrorNotACrash() throws Exception {
        Path t = new TestArchive(dir).thread(TestArchive.uuid(1)).write();
        Files.writeString(t.resolve("raw_entries.json"), "{\"entries\": [");
        ReplayResponse r = new ReplayApi(ReplayOptions.of(dir))
                .handle(1, ReplayRequest.get(ReplayApi.THREAD_PREFIX + TestArchive.uuid(1) + "?" + TestClient.PLAIN));
        assertEquals(500, r.status());
        assertEquals("REPLAY_ARCHIVE_UNREADABLE", J.str(Json.parse(r.bodyText()), "error_code"));
    }

    @Test
    void listingSkipsFoldersThatAreNotThreads() throws Exception {
        TestArchive a = new TestArchive(dir);
        a.thread(TestArchive.uuid(1)).write();
        Path broken = a.thread(TestArchive.uuid(2)).write();
        Files.writeString(broken.resolve("thread.json"), "not json");
        Path noRaw = a.thread(TestArchive.uuid(3)).write();
        Files.delete(noRaw.resolve("raw_entries.json"));
        // the exporter's state folder sits beside the accounts and holds no threads
        TestArchive.writeFile(dir.resolve("index/x/y/thread.json"), "{\"web_uuid\": \"zzz\"}");
        TestArchive.writeFile(dir.resolve("index/x/y/raw_entries.json"), "{}");

        ReplayResponse r = new ReplayApi(ReplayOptions.of(dir)).handle(1, graphqlRequest(firstPageBody()));
        assertEquals(List.of(TestArchive.uuid(1)),
                edges(r).stream().map(e -> J.str(J.map(e, "node"), "entryId")).toList());
    }

    @Test
    void aFlatFolderOfThreadsIsServedToo() throws Exception {
        Path t = new TestArchive(dir.resolve("staging")).thread(TestArchive.uuid(4)).write();
        Path flat = dir.resolve("flat");
        Files.createDirectories(flat);
        Files.move(t, flat.resolve("some_fixture"));
        ReplayApi api = new ReplayApi(ReplayOptions.of(flat));
        assertEquals(1, edges(api.handle(1, graphqlRequest(firstPageBody()))).size());
        assertEquals(200, api.handle(2, ReplayRequest.get(ReplayApi.THREAD_PREFIX + TestArchive.uuid(4))).status());
        assertEquals(ReplayApi.DEFAULT_ACCOUNT, api.sessionAccount());
    }

    @Test
    void duplicateThreadDirsAreListedOnceAsTheNewestCopy() {
        TestArchive a = new TestArchive(dir);
        a.thread(TestArchive.uuid(1)).title("old copy").lastUpdated(TestArchive.stamp(1)).write();
        a.thread(TestArchive.uuid(1)).title("new copy").lastUpdated(TestArchive.stamp(2)).write();
        ReplayApi api = new ReplayApi(ReplayOptions.of(dir));
        List<Object> rows = edges(api.handle(1, graphqlRequest(firstPageBody())));
        assertEquals(1, rows.size());
        assertEquals("new copy", J.str(J.map(rows.get(0), "node"), "name"));
        Map<String, Object> page = J.asMap(Json.parse(api.handle(2,
                ReplayRequest.get(ReplayApi.THREAD_PREFIX + TestArchive.uuid(1))).bodyText()));
        assertEquals("new copy", J.str(J.map(page, "thread_metadata"), "title"));
    }
}
