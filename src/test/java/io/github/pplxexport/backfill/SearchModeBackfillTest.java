package io.github.pplxexport.backfill;

import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The raw search_mode of a thread (reference-cli-and-archive.md §2.10): the most specific of its entries'. */
class SearchModeBackfillTest {
    @SuppressWarnings("unchecked")
    private static Optional<String> of(String json) {
        return SearchModeBackfill.rawSearchMode((Map<String, Object>) Json.parse(json));
    }

    @Test
    void theMostSpecificRawValueWins() {
        assertEquals(Optional.of("ASI"), of("{\"entries\": [{\"search_mode\": \"SEARCH\"}, {\"search_mode\": \"ASI\"}, {\"search_mode\": \"RESEARCH\"}]}"));
        assertEquals(Optional.of("AGENTIC_RESEARCH"), of("{\"entries\": [{\"search_mode\": \"STUDY\"}, {\"search_mode\": \"AGENTIC_RESEARCH\"}]}"));
        assertEquals(Optional.of("STUDIO"), of("{\"entries\": [{\"search_mode\": \"STUDIO\"}, {}]}"), "raw, not the mode it maps to");
        assertEquals(Optional.of("research"), of("{\"entries\": [{\"search_mode\": \"research\"}, {\"search_mode\": \"SEARCH\"}]}"),
                "kept as the platform wrote it");
    }

    @Test
    void anUnknownValueOnlyWithoutAKnownOneAndNoneWithoutAny() {
        assertEquals(Optional.of("SEARCH"), of("{\"entries\": [{\"search_mode\": \"NEW_THING\"}, {\"search_mode\": \"SEARCH\"}]}"));
        assertEquals(Optional.of("NEW_THING"), of("{\"entries\": [{\"search_mode\": \"NEW_THING\"}]}"));
        assertEquals(Optional.empty(), of("{\"entries\": [{\"search_mode\": \"\"}, {\"search_mode\": null}, {}]}"));
        assertEquals(Optional.empty(), of("{\"thread_metadata\": {}}"));
    }
}
