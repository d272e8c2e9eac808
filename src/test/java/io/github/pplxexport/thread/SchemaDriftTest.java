package io.github.pplxexport.thread;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SchemaDriftTest {
    private static Map<String, Object> json(String text) {
        return J.asMap(Json.parse(text));
    }

    /** Every raw file of the sample and of the reference's fixtures (when present) reads without drift. */
    @Test
    void theKnownPayloadsHaveNoDrift() throws Exception {
        List<Path> dirs = new ArrayList<>();
        for (Path root : List.of(Paths.get("archive-sample"), Paths.get("../shared/fixtures/upstream"))) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> s = Files.walk(root)) {
                s.filter(p -> p.getFileName().toString().equals("raw_entries.json")).forEach(p -> dirs.add(p.getParent()));
            }
        }
        assertTrue(dirs.size() >= 9, "the sample's threads at least: " + dirs);
        for (Path dir : dirs) {
            Path blocks = dir.resolve("raw_blocks.json");
            List<SchemaDrift.Drift> drift = SchemaDrift.scan(Files.readAllBytes(dir.resolve("raw_entries.json")),
                    Files.exists(blocks) ? Files.readAllBytes(blocks) : null);
            assertEquals(List.of(), drift, dir.toString());
        }
    }

    @Test
    void findsEachKindOnce() {
        String steps = "[{\\\"step_type\\\": \\\"INITIAL_QUERY\\\", \\\"content\\\": {}},"
                + " {\\\"step_type\\\": \\\"WEB_BROWSE_V2\\\", \\\"content\\\": {}},"
                + " {\\\"step_type\\\": \\\"WEB_BROWSE_V2\\\", \\\"content\\\": {}},"
                + " {\\\"step_type\\\": \\\"FINAL\\\", \\\"content\\\": {\\\"answer_v2\\\": \\\"42\\\"}}]";
        Map<String, Object> plain = json("{\"entries\": [{\"uuid\": \"u\", \"text\": \"" + steps + "\", \"sources\": 7,"
                + " \"answer_carrier\": \"x\"}], \"background_entries\": []}");
        Map<String, Object> blocks = json("{\"entries\": [{\"uuid\": \"u\", \"blocks\": [{\"intended_usage\": \"x\","
                + " \"canvas_block\": {\"items\": [{\"type\": \"WORKFLOW_ITEM_HOLOGRAM\", \"payload\": {}}]},"
                + " \"unified_assets_block\": {\"assets\": [{\"asset_type\": \"SPREADSHEET_V3\"}]}}]},"
                + " {\"uuid\": \"v\", \"blocks_v2\": []}]}");
        assertEquals(List.of(
                        "an unknown content field entries[].answer_carrier",
                        "a field of another JSON type entries[].sources (a number)",
                        "an unknown step type WEB_BROWSE_V2",
                        "an unknown content field FINAL.content.answer_v2",
                        "an answer in no known place FINAL.content.answer",
                        "an unknown block type canvas_block",
                        "an unknown workflow item type WORKFLOW_ITEM_HOLOGRAM",
                        "an unknown asset type SPREADSHEET_V3",
                        "an unknown content field entries[].blocks_v2"),
                SchemaDrift.scan(plain, blocks).stream().map(SchemaDrift.Drift::toString).toList());
    }
}
