package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThreadFetchTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final ReplayFixture replay = new ReplayFixture();

    private TestClient start(int pageSize) throws IOException {
        return replay.start(ReplayOptions.of(dir).withPageSize(pageSize));
    }

    private static List<Object> concat(List<Map<String, Object>> pages, String key) {
        List<Object> all = new ArrayList<>();
        pages.forEach(p -> all.addAll(J.list(p, key)));
        return all;
    }

    private static Map<String, Object> stored(Path threadDir, String file) throws IOException {
        return Json.readObject(threadDir.resolve(file));
    }

    @Test
    void twelveEntriesComeInThreePagesAndReassembleInOrder() throws IOException {
        String uuid = TestArchive.uuid(7);
        Path t = new TestArchive(dir).thread(uuid).entries(12).write();
        TestClient client = start(5);

        List<Map<String, Object>> pages = client.threadPages(uuid, TestClient.PLAIN);
        assertEquals(3, pages.size());
        assertEquals(List.of(5, 5, 2), pages.stream().map(p -> J.list(p, "entries").size()).toList());
        assertEquals(List.of(true, true, false), pages.stream().map(p -> p.get("has_next_page")).toList());
        assertNull(pages.get(2).get("next_cursor"));

        Map<String, Object> raw = stored(t, "raw_entries.json");
        assertEquals(raw.get("entries"), concat(pages, "entries"));
        assertEquals(raw.get("thread_metadata"), pages.get(0).get("thread_metadata"));
        assertEquals(uuid, J.str(J.list(pages.get(0), "entries").get(0), "uuid"));
        assertEquals(List.of("thread_metadata", "entries", "background_entries", "has_next_page", "next_cursor"),
                new ArrayList<>(pages.get(0).keySet()));
    }

    @Test
    void backgroundEntriesFollowTheEntriesAcrossPages() throws IOException {
        String uuid = TestArchive.uuid(8);
        Path t = new TestArchive(dir).thread(uuid).entries(3).background(4).write();
        TestClient client = start(3);

        List<Map<String, Object>> pages = client.threadPages(uuid, TestClient.PLAIN);
        assertEquals(3, pages.size());
        assertEquals(List.of(0, 3, 1), pages.stream().map(p -> J.list(p, "background_entries").size()).toList());
        Map<String, Object> raw = stored(t, "raw_entries.json");
        assertEquals(raw.get("entries"), concat(pages, "entries"));
        assertEquals(raw.get("background_entries"), concat(pages, "background_entries"));
    }

    @Test
    void schematizedFetchServesRawBlocksWithTheSamePaging() throws IOException {
        String uuid = TestArchive.uuid(9);
        Path t = new TestArchive(dir).thread(uuid).mode("computer").entries(7).background(1).withBlocks().write();
        TestClient client = start(3);

        List<Map<String, Object>> pages = client.threadPages(uuid, TestClient.SCHEMATIZED);
        assertEquals(3, pages.size());
        Map<String, Object> raw = stored(t, "raw_blocks.json");
        assertEquals(raw.get("entries"), concat(pages, "entries"));
        assertEquals(raw.get("background_entries"), concat(pages, "background_entries"));
        assertTrue(J.list(pages.get(0), "entries").stream()
                .allMatch(e -> !J.list(e, "blocks").isEmpty() && J.get(e, "query_str") == null),
                "entries are the blocks form, not the plain one");
    }

    @Test
    void schematizedFetchWithoutRawBlocksIsAnEmptyValidEnvelope() throws IOException {
        String uuid = TestArchive.uuid(10);
        Path t = new TestArchive(dir).thread(uuid).entries(4).write();
        TestClient client = start(3);

        List<Map<String, Object>> pages = client.threadPages(uuid, TestClient.SCHEMATIZED);
        assertEquals(1, pages.size());
        Map<String, Object> page = pages.get(0);
        assertEquals(stored(t, "raw_entries.json").get("thread_metadata"), page.get("thread_metadata"));
        assertEquals(List.of(), page.get("entries"));
        assertEquals(List.of(), page.get("background_entries"));
        assertEquals(Boolean.FALSE, page.get("has_next_page"));
    }

    @Test
    void unknownUuidIsViewThreadNotAllowed() throws IOException {
        new TestArchive(dir).thread(TestArchive.uuid(1)).write();
        TestClient client = start(5);
        HttpResponse<String> r = client.get(ReplayApi.THREAD_PREFIX + TestArchive.uuid(2) + "?" + TestClient.PLAIN);
        assertEquals(403, r.statusCode());
        assertEquals("VIEW_THREAD_NOT_ALLOWED", TestClient.json(r).get("error_code"));
    }

    @Test
    void threadIsFoundEvenWhenItsFolderIsNotNamedAfterIt() throws IOException {
        Path t = new TestArchive(dir).thread(TestArchive.uuid(3)).write();
        java.nio.file.Files.move(t, t.resolveSibling("renamed-by-hand"));
        TestClient client = start(5);
        assertEquals(200, client.get(ReplayApi.THREAD_PREFIX + TestArchive.uuid(3) + "?" + TestClient.PLAIN).statusCode());
    }

    @Test
    void cursorOfAnotherThreadOrFormIsRejected() throws IOException {
        TestArchive a = new TestArchive(dir);
        a.thread(TestArchive.uuid(1)).entries(4).withBlocks().write();
        a.thread(TestArchive.uuid(2)).entries(4).write();
        TestClient client = start(2);
        String cursor = J.str(client.threadPages(TestArchive.uuid(1), TestClient.PLAIN).get(0), "next_cursor");
        assertNotNull(cursor);
        String encoded = java.net.URLEncoder.encode(cursor, java.nio.charset.StandardCharsets.UTF_8);

        HttpResponse<String> otherThread = client.get(ReplayApi.THREAD_PREFIX + TestArchive.uuid(2) + "?"
                + TestClient.PLAIN + "&cursor=" + encoded);
        assertEquals(400, otherThread.statusCode());
        assertEquals("INVALID_CURSOR", TestClient.json(otherThread).get("error_code"));
        HttpResponse<String> otherForm = client.get(ReplayApi.THREAD_PREFIX + TestArchive.uuid(1) + "?"
                + TestClient.SCHEMATIZED + "&cursor=" + encoded);
        assertEquals(400, otherForm.statusCode());
        assertFalse(otherForm.body().contains("ENTRY_"), "never mistaken for a terminal error");
    }
}
