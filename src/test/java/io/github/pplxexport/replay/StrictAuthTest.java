package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
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

/** {@code --strict-auth}: the platform's answers to a missing, unknown or foreign session. */
class StrictAuthTest {
    private static final String ALICE_THREAD = TestArchive.uuid(1);
    private static final String BOB_THREAD = TestArchive.uuid(2);

    @TempDir
    Path dir;
    @RegisterExtension
    final ReplayFixture replay = new ReplayFixture();

    @BeforeEach
    void archive() {
        TestArchive a = new TestArchive(dir);
        a.thread(ALICE_THREAD).author("alice").write();
        a.thread(BOB_THREAD).author("bob").write();
    }

    private TestClient start(ReplayOptions options) throws IOException {
        return replay.start(options);
    }

    private static void assertUnauthorized(HttpResponse<String> r, String what) {
        assertEquals(401, r.statusCode(), what);
        assertEquals(Map.of("error_code", "UNAUTHORIZED"), TestClient.json(r), what);
    }

    private void assertEveryApiCallIsUnauthorized(TestClient client) {
        assertUnauthorized(client.get(ReplayApi.SESSION_PATH), "session");
        assertUnauthorized(client.graphql(LibraryQuery.FIRST_PAGE_OP, LibraryQuery.FIRST_PAGE_HASH, Map.of()), "listing");
        assertUnauthorized(client.get(ReplayApi.THREAD_PREFIX + ALICE_THREAD + "?" + TestClient.PLAIN), "thread");
        assertUnauthorized(client.get(ReplayApi.THREAD_PREFIX + TestArchive.uuid(9) + "?" + TestClient.PLAIN), "unknown thread");
        assertUnauthorized(client.get(AssetRoutes.DATA_PREFIX + "a-1/data?version=2.18&source=default"), "asset data");
        assertUnauthorized(client.get("/rest/no-such-endpoint"), "unknown API path");
    }

    @Test
    void noSessionCookieIs401OnEveryApiPath() throws IOException {
        TestClient client = start(ReplayOptions.of(dir).withStrictAuth(true)).withoutCookie();
        assertEveryApiCallIsUnauthorized(client);
    }

    @Test
    void unknownSessionIs401EvenWithAConfiguredAccount() throws IOException {
        // TestClient's session token is "s3cr3t-value": no author folder, not the configured account
        TestClient client = start(ReplayOptions.of(dir).withAccount("alice", null).withStrictAuth(true));
        assertEveryApiCallIsUnauthorized(client);
    }

    @Test
    void knownSessionSeesItsOwnLibraryAndThreadsAndGets403ForAnotherAccountsThread() throws IOException {
        TestClient bob = start(ReplayOptions.of(dir).withStrictAuth(true)).withSession("bob");

        Map<String, Object> user = J.map(TestClient.json(bob.get(ReplayApi.SESSION_PATH)), "user");
        assertEquals("bob", user.get("username"));
        assertEquals("bob@example.com", user.get("email"));
        assertEquals(List.of(BOB_THREAD), LibraryListingTest.nodes(bob.firstLibraryPage(25)).stream()
                .map(n -> n.get("entryId")).toList());
        assertEquals(200, bob.get(ReplayApi.THREAD_PREFIX + BOB_THREAD + "?" + TestClient.PLAIN).statusCode());

        for (String query : List.of(TestClient.PLAIN, TestClient.SCHEMATIZED)) {
            HttpResponse<String> foreign = bob.get(ReplayApi.THREAD_PREFIX + ALICE_THREAD + "?" + query);
            assertEquals(403, foreign.statusCode());
            assertEquals(Map.of("error_code", "VIEW_THREAD_NOT_ALLOWED"), TestClient.json(foreign));
        }
    }

    @Test
    void theConfiguredAccountIsAKnownSessionEvenWithoutThreads() throws IOException {
        TestClient carol = start(ReplayOptions.of(dir).withAccount("carol", "carol@example.org").withStrictAuth(true))
                .withSession("carol");
        Map<String, Object> user = J.map(TestClient.json(carol.get(ReplayApi.SESSION_PATH)), "user");
        assertEquals("carol@example.org", user.get("email"));
        assertEquals(List.of(), LibraryListingTest.nodes(carol.firstLibraryPage(25)));
        assertEquals(403, carol.get(ReplayApi.THREAD_PREFIX + ALICE_THREAD + "?" + TestClient.PLAIN).statusCode());
    }

    @Test
    void openModeIsTheDefaultAndLetsAnyCallerIn() throws IOException {
        TestClient anonymous = start(ReplayOptions.of(dir)).withoutCookie();
        assertEquals(200, anonymous.get(ReplayApi.SESSION_PATH).statusCode());
        assertEquals(2, LibraryListingTest.nodes(anonymous.firstLibraryPage(25)).size());
        assertEquals(200, anonymous.get(ReplayApi.THREAD_PREFIX + ALICE_THREAD + "?" + TestClient.PLAIN).statusCode());
        TestClient bob = replay.client().withSession("bob");
        assertEquals(200, bob.get(ReplayApi.THREAD_PREFIX + ALICE_THREAD + "?" + TestClient.PLAIN).statusCode(),
                "open mode: another account's thread is served");
    }
}
