package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Cursors and page cutting, without a server. */
class PagingTest {

    @Test
    void cursorRoundTripsAndIsBoundToItsScope() {
        String c = Cursors.encode("entries:abc", 15);
        assertEquals(OptionalInt.of(15), Cursors.decode("entries:abc", c));
        assertTrue(Cursors.decode("blocks:abc", c).isEmpty());
        assertTrue(Cursors.decode("entries:abd", c).isEmpty());
        assertTrue(Cursors.decode("entries:abc", "not base64 !").isEmpty());
        assertTrue(Cursors.decode("entries:abc", Cursors.encode("entries:abc", -1)).isEmpty());
        assertTrue(Cursors.decode("entries:abc", null).isEmpty());
    }

    @Test
    void cursorIsPaddedBase64() {
        // "entries:u:2" is 11 bytes, so its Base64 ends in '=' and needs percent-encoding in a query
        String c = Cursors.encode("entries:u", 2);
        assertTrue(c.endsWith("="), c);
        assertEquals(OptionalInt.of(2), Cursors.decode("entries:u", c));
    }

    private static Map<String, Object> stored(int entries, int background) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("thread_metadata", Map.of("title", "t"));
        s.put("entries", items("e", entries));
        s.put("background_entries", items("b", background));
        return s;
    }

    private static List<Object> items(String prefix, int n) {
        List<Object> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(prefix + i);
        }
        return l;
    }

    /** Walks all pages through their cursors and checks the pieces add up. */
    private static int walk(Map<String, Object> stored, int pageSize) {
        List<Object> entries = new ArrayList<>();
        List<Object> background = new ArrayList<>();
        int pages = 0;
        int offset = 0;
        while (true) {
            Map<String, Object> page = ThreadPages.page(stored, pageSize, offset, "entries:u");
            pages++;
            assertEquals(stored.get("thread_metadata"), page.get("thread_metadata"));
            entries.addAll(J.list(page, "entries"));
            background.addAll(J.list(page, "background_entries"));
            if (!Boolean.TRUE.equals(page.get("has_next_page"))) {
                assertNull(page.get("next_cursor"));
                break;
            }
            offset = Cursors.decode("entries:u", J.str(page, "next_cursor")).orElseThrow();
        }
        assertEquals(stored.get("entries"), entries);
        assertEquals(stored.get("background_entries"), background);
        return pages;
    }

    @Test
    void pagesCoverEntriesThenBackgroundExactlyOnce() {
        assertEquals(1, walk(stored(0, 0), 5));
        assertEquals(1, walk(stored(5, 0), 5));
        assertEquals(2, walk(stored(5, 1), 5));
        assertEquals(3, walk(stored(12, 0), 5));
        assertEquals(4, walk(stored(4, 3), 2));
        assertEquals(7, walk(stored(0, 7), 1));
    }

    @Test
    void longThreadsNeverNeedMoreThanTenPages() {
        assertEquals(10, walk(stored(95, 5), 5));
        assertEquals(10, walk(stored(1000, 1), 1));
        assertEquals(11, ThreadPages.effectivePageSize(5, 101));
        assertEquals(5, ThreadPages.effectivePageSize(5, 50));
    }

    @Test
    void offsetBeyondTheEndIsAnEmptyLastPage() {
        Map<String, Object> page = ThreadPages.page(stored(3, 1), 2, 99, "entries:u");
        assertEquals(List.of(), page.get("entries"));
        assertEquals(List.of(), page.get("background_entries"));
        assertFalse((Boolean) page.get("has_next_page"));
    }

    @Test
    void timestampsSortAcrossBothStoredFormats() {
        assertTrue(ThreadRecord.sortKey("2035-12-26 00:03 UTC").compareTo(ThreadRecord.sortKey("2035-12-26T00:02:59.999999Z")) > 0);
        assertTrue(ThreadRecord.sortKey("2035-12-26T00:00:00.000001Z").compareTo(ThreadRecord.sortKey("2035-12-26T00:00:00Z")) > 0);
        assertEquals("", ThreadRecord.sortKey("yesterday"));
        assertEquals("", ThreadRecord.sortKey(null));
    }
}
