package io.github.pplxexport.library;

import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LibraryListingTest {

    private static final String NODE_WITH_SPACE = """
            {"name": "Tea", "entryId": "u-1", "slug": "tea-u1", "mode": "COMPUTER",
             "displayModel": {"modelID": "pplx_asi", "extra": 1}, "updatedAt": "2031-02-03T04:05:06.789000Z",
             "status": "COMPLETED", "unused": true,
             "space": {"spaceUuid": "s-1", "title": "Drinks", "slug": "drinks-x", "emoji": "x"}}""";

    private static String page(String nodes, String pageInfo) {
        return "{\"data\": {\"viewer\": {\"recentGroup\": {\"threads\": {\"edges\": [" + nodes
                + "], \"pageInfo\": " + pageInfo + "}}}}}";
    }

    private static String node(String uuid) {
        return "{\"node\": {\"name\": \"t\", \"entryId\": \"" + uuid + "\", \"updatedAt\": \"2030-01-01T00:00:00Z\"}}";
    }

    @Test
    void firstPageBody() {
        assertEquals("{\"operationName\": \"LibraryThreadsRelayQuery\", \"variables\": {"
                        + "\"includeSearchPreview\": false, \"searchTerm\": null, \"sortOrder\": \"NEWEST\", "
                        + "\"statuses\": null, \"threadTypes\": null, \"sources\": null, \"includeTemporary\": null, "
                        + "\"count\": 25}, \"extensions\": {\"persistedQuery\": {\"version\": 1, \"sha256Hash\": "
                        + "\"a5229c390a6a00f81764187a21885cff655670029355c663fe393cc6e98f9ebe\"}}}",
                LibraryListing.requestJson(null));
    }

    @Test
    void laterPagesUseThePaginationQueryWithCursorAndCount() {
        Map<String, Object> body = LibraryListing.requestBody("CURSOR==");
        assertEquals("LibraryRecentThreadsPaginationQuery", body.get("operationName"));
        Map<?, ?> vars = (Map<?, ?>) body.get("variables");
        assertEquals("CURSOR==", vars.get("cursor"));
        assertEquals(25L, vars.get("count"));
        assertTrue(!vars.containsKey("after") && !vars.containsKey("first"));
        assertEquals("NEWEST", vars.get("sortOrder"));
        assertEquals("4f6dfcb8e9d3c065aca20ca1e82ca7fe464aaffc1faefade295bb7e333199629",
                ((Map<?, ?>) ((Map<?, ?>) body.get("extensions")).get("persistedQuery")).get("sha256Hash"));
    }

    @Test
    void nodeBecomesARowWithTheReferenceKeyOrder() {
        LibraryListing.Page p = LibraryListing.parsePage(Json.parse(
                page("{\"node\": " + NODE_WITH_SPACE + "}", "{\"hasNextPage\": true, \"endCursor\": \"c2\"}")));
        assertEquals(1, p.rows().size());
        assertEquals("{\n \"title\": \"Tea\",\n \"entryUUID\": \"u-1\",\n \"href\": \"tea-u1\",\n"
                        + " \"mode\": \"COMPUTER\",\n \"displayModel\": \"pplx_asi\",\n"
                        + " \"lastUpdated\": \"2031-02-03T04:05:06.789000Z\",\n \"status\": \"COMPLETED\",\n"
                        + " \"space\": {\n  \"uuid\": \"s-1\",\n  \"title\": \"Drinks\",\n  \"slug\": \"drinks-x\"\n }\n}",
                PyJson.pretty(p.rows().get(0)));
        assertEquals("c2", p.nextCursor());
    }

    @Test
    void missingFieldsAreNullAndNoSpaceIsNull() {
        Map<String, Object> row = LibraryListing.row(Map.of("entryId", "u", "space", Map.of()));
        assertEquals(List.of("title", "entryUUID", "href", "mode", "displayModel", "lastUpdated", "status", "space"),
                List.copyOf(row.keySet()));
        assertNull(row.get("title"));
        assertNull(row.get("displayModel"));
        assertNull(row.get("space"));
    }

    @Test
    void stopRules() {
        String more = "{\"hasNextPage\": true, \"endCursor\": \"c\"}";
        assertEquals("c", LibraryListing.parsePage(Json.parse(page(node("a"), more))).nextCursor());
        assertNull(LibraryListing.parsePage(Json.parse(page(node("a"),
                "{\"hasNextPage\": false, \"endCursor\": \"c\"}"))).nextCursor());
        assertNull(LibraryListing.parsePage(Json.parse(page(node("a"),
                "{\"hasNextPage\": true, \"endCursor\": \"\"}"))).nextCursor(), "empty cursor repeats the page");
        assertNull(LibraryListing.parsePage(Json.parse(page(node("a"),
                "{\"hasNextPage\": true, \"endCursor\": null}"))).nextCursor());
        LibraryListing.Page empty = LibraryListing.parsePage(Json.parse(page("", more)));
        assertTrue(empty.rows().isEmpty());
        assertNull(empty.nextCursor(), "empty edges stop even if hasNextPage says true");
        LibraryListing.Page missing = LibraryListing.parsePage(Json.parse("{\"data\": {\"viewer\": {}}}"));
        assertTrue(missing.rows().isEmpty());
        assertNull(missing.nextCursor());
    }

    @Test
    void edgesWithoutANodeAreSkipped() {
        LibraryListing.Page p = LibraryListing.parsePage(Json.parse(
                page("{\"node\": null}, {}, " + node("b"), "{\"hasNextPage\": true, \"endCursor\": \"c\"}")));
        assertEquals(1, p.rows().size());
        assertEquals("b", p.rows().get(0).get("entryUUID"));
        assertEquals("c", p.nextCursor());
    }

    @Test
    void pageCapStopsPaging() {
        LibraryListing.Page more = new LibraryListing.Page(List.of(), "c");
        LibraryListing listing = new LibraryListing(2);
        assertEquals(Optional.of("c"), listing.nextCursor(more, 1));
        assertEquals(Optional.empty(), listing.nextCursor(more, 2));
        assertEquals(50, LibraryListing.withDefaultCap().maxPages());
        assertEquals(Optional.of("c"), LibraryListing.withDefaultCap().nextCursor(more, 49));
        assertEquals(Optional.empty(), LibraryListing.withDefaultCap().nextCursor(more, 50));
        assertEquals(Optional.empty(), listing.nextCursor(new LibraryListing.Page(List.of(), null), 1));
        assertThrows(IllegalArgumentException.class, () -> new LibraryListing(0));
    }

    @Test
    void graphqlErrorsAreNotAnEmptyLibrary() {
        LibraryListingException e = assertThrows(LibraryListingException.class, () -> LibraryListing.parsePage(
                Json.parse("{\"errors\": [{\"message\": \"PersistedQueryNotFound\","
                        + " \"extensions\": {\"code\": \"PERSISTED_QUERY_NOT_FOUND\"}}]}")));
        assertTrue(e.getMessage().contains("PersistedQueryNotFound"), e.getMessage());
        assertTrue(e.getMessage().contains("hash has rotated"), e.getMessage());
        // errors next to real data: the data wins
        LibraryListing.Page p = LibraryListing.parsePage(Json.parse(
                "{\"errors\": [{\"message\": \"partial\"}], \"data\": {\"viewer\": {\"recentGroup\": {\"threads\": "
                        + "{\"edges\": [" + node("a") + "], \"pageInfo\": {\"hasNextPage\": false}}}}}}"));
        assertEquals(1, p.rows().size());
    }
}
