package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * When the reference's fixtures are present beside the project (they are GPL and never copied in),
 * serving them must give the library rows the reference derived from them on its live run.
 */
class UpstreamConformanceTest {
    private static final Path FIXTURES = Path.of("/work/shared/fixtures/upstream");
    private static final Path LIBRARY = Path.of("/work/shared/fixtures/upstream-live/index/library_alice.json");

    @Test
    void listingMatchesTheReferenceIndexRows() throws IOException {
        assumeTrue(Files.isDirectory(FIXTURES) && Files.isRegularFile(LIBRARY), "reference fixtures not present");
        List<Object> expected = J.list(Json.readObject(LIBRARY), "threads");

        List<Object> rows = new ArrayList<>();
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(FIXTURES).withAccount("alice", null))) {
            TestClient client = new TestClient(server.baseUri());
            Map<String, Object> page = client.firstLibraryPage(25);
            while (true) {
                LibraryListingTest.nodes(page).forEach(n -> rows.add(indexRow(n)));
                Map<String, Object> info = LibraryListingTest.pageInfo(page);
                if (!Boolean.TRUE.equals(info.get("hasNextPage"))) {
                    break;
                }
                page = client.nextLibraryPage(J.str(info, "endCursor"), 25);
            }
        }
        assertEquals(expected, rows);
    }

    /** The reference's node-to-index-row mapping (reference-behaviour §1.1). */
    private static Map<String, Object> indexRow(Map<String, Object> n) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("title", n.get("name"));
        row.put("entryUUID", n.get("entryId"));
        row.put("href", n.get("slug"));
        row.put("mode", n.get("mode"));
        row.put("displayModel", J.get(J.map(n, "displayModel"), "modelID"));
        row.put("lastUpdated", n.get("updatedAt"));
        row.put("status", n.get("status"));
        Map<String, Object> s = J.asMap(n.get("space"));
        Map<String, Object> space = null;
        if (s != null) {
            space = new LinkedHashMap<>();
            space.put("uuid", s.get("spaceUuid"));
            space.put("title", s.get("title"));
            space.put("slug", s.get("slug"));
        }
        row.put("space", space);
        return row;
    }
}
