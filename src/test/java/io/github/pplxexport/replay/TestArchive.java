package io.github.pplxexport.replay;

import io.github.pplxexport.json.PyJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes tiny, self-authored archives in the exporter's layout for tests. */
final class TestArchive {
    private final Path root;

    TestArchive(Path root) {
        this.root = root;
    }

    Path root() {
        return root;
    }

    Thread thread(String uuid) {
        return new Thread(uuid);
    }

    /** A uuid that sorts like its number, e.g. {@code 00000007-0000-4000-8000-000000000000}. */
    static String uuid(int n) {
        return String.format("%08d-0000-4000-8000-000000000000", n);
    }

    /** An ISO stamp {@code n} minutes after a fixed instant, as the API writes it. */
    static String stamp(int minutes) {
        return java.time.Instant.parse("2035-12-26T00:00:00Z").plusSeconds(60L * minutes)
                .toString().replace("Z", ".000000Z");
    }

    final class Thread {
        private final String uuid;
        private String author = "alice";
        private String mode = "search";
        private String title;
        private String lastUpdated = stamp(0);
        private Map<String, Object> space;
        private String model = "turbo";
        private int entries = 1;
        private int background;
        private boolean blocks;
        private Long updatedUs;
        private final Map<String, Object> extraMetadata = new LinkedHashMap<>();
        private String sibling;

        private Thread(String uuid) {
            this.uuid = uuid;
            this.title = "Thread " + uuid.substring(0, 8);
        }

        Thread author(String a) {
            author = a;
            return this;
        }

        Thread mode(String m) {
            mode = m;
            return this;
        }

        Thread title(String t) {
            title = t;
            return this;
        }

        /** null leaves the key out of thread.json. */
        Thread lastUpdated(String s) {
            lastUpdated = s;
            return this;
        }

        /** Entry i gets {@code updated_us = base + i} (plain form). */
        Thread updatedUs(long base) {
            updatedUs = base;
            return this;
        }

        /** An extra thread_metadata field (in thread.json's metadata and both raw files). */
        Thread metadata(String key, Object value) {
            extraMetadata.put(key, value);
            return this;
        }

        /** The last entry names this answer-variant sibling in its side_by_side_metadata. */
        Thread sibling(String siblingUuid) {
            sibling = siblingUuid;
            return this;
        }

        Thread space(String spaceUuid, String spaceTitle, String slug) {
            space = new LinkedHashMap<>();
            space.put("uuid", spaceUuid);
            space.put("title", spaceTitle);
            space.put("slug", slug);
            return this;
        }

        Thread model(String m) {
            model = m;
            return this;
        }

        Thread entries(int n) {
            entries = n;
            return this;
        }

        Thread background(int n) {
            background = n;
            return this;
        }

        Thread withBlocks() {
            blocks = true;
            return this;
        }

        /** Writes the thread dir and returns it. */
        Path write() {
            Path dir = root.resolve(author).resolve(mode).resolve("2035-12-26_" + title.replaceAll("\\W+", "-")
                    + "_" + uuid.substring(0, 8));
            Map<String, Object> meta = new LinkedHashMap<>();
            meta.put("title", title);
            meta.put("mode", mode.equals("computer") ? "4" : "1");
            meta.putAll(extraMetadata);

            Map<String, Object> t = new LinkedHashMap<>();
            t.put("web_uuid", uuid);
            t.put("url", "https://www.perplexity.ai/search/" + uuid);
            t.put("title", title);
            t.put("mode", mode);
            t.put("author", author);
            t.put("space", space);
            if (lastUpdated != null) {
                t.put("lastUpdated", lastUpdated);
            }
            t.put("metadata", meta);
            writeFile(dir.resolve("thread.json"), PyJson.pretty(t));
            writeFile(dir.resolve("raw_entries.json"), PyJson.compact(stored(meta, false)));
            if (blocks) {
                writeFile(dir.resolve("raw_blocks.json"), PyJson.compact(stored(meta, true)));
            }
            return dir;
        }

        private Map<String, Object> stored(Map<String, Object> meta, boolean asBlocks) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("thread_metadata", meta);
            s.put("entries", items("e", entries, asBlocks));
            s.put("background_entries", items("bg", background, asBlocks));
            return s;
        }

        private List<Object> items(String kind, int n, boolean asBlocks) {
            List<Object> list = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("uuid", kind.equals("e") && i == 0 ? uuid : uuid.substring(0, 8) + "-" + kind + i);
                if (asBlocks) {
                    e.put("blocks", List.of(Map.of("intended_usage", "markdown", "markdown", "block " + kind + i)));
                } else {
                    e.put("query_str", "question " + kind + i);
                    e.put("display_model", model);
                    e.put("text", "[]");
                    if (updatedUs != null) {
                        e.put("updated_us", updatedUs + i);
                    }
                    if (sibling != null && kind.equals("e") && i == n - 1) {
                        e.put("side_by_side_metadata", Map.of("sibling_uuid", sibling, "selection_status", "SELECTED",
                                "experiment_role", "answer_rewrite_v2"));
                    }
                }
                list.add(e);
            }
            return list;
        }
    }

    static void writeFile(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
