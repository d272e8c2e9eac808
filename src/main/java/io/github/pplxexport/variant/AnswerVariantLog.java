package io.github.pplxexport.variant;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.text.PyStrings;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The central variant registry {@code <out>/index/answer_variants_log.jsonl} (reference-behaviour.md §4.3):
 * append-only, one record per (web_uuid, entry_uuid) ever seen, so {@code detected_at} keeps the first
 * sighting. Thread-safe: re-render works on several threads at once.
 */
public final class AnswerVariantLog {
    private final Path file;
    private Set<String> known;

    public AnswerVariantLog(Path file) {
        this.file = file;
    }

    /** Appends the records not yet registered; returns how many were new. */
    public synchronized int append(String source, String webUuid, String title,
                                   List<AnswerVariant> variants, String detectedAt) throws IOException {
        if (known == null) {
            known = loadKeys();
        }
        int added = 0;
        StringBuilder sb = new StringBuilder();
        for (AnswerVariant v : variants) {
            String key = webUuid + "\u0000" + v.entryUuid();
            if (!known.add(key)) {
                continue;
            }
            Map<String, Object> rec = new LinkedHashMap<>();
            rec.put("detected_at", detectedAt);
            rec.put("source", source);
            rec.put("web_uuid", webUuid);
            rec.put("uuid8", PyStrings.head(webUuid, 8));
            rec.put("title", title);
            rec.put("entry_uuid", v.entryUuid());
            rec.put("sibling_uuid", v.siblingUuid());
            rec.put("selection_status", v.selectionStatus());
            rec.put("experiment_role", v.experimentRole());
            sb.append(PyJson.compact(rec)).append('\n');
            added++;
        }
        if (added > 0) {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
                w.write(sb.toString());
            }
        }
        return added;
    }

    private Set<String> loadKeys() throws IOException {
        Set<String> keys = new HashSet<>();
        if (!Files.exists(file)) {
            return keys;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            try {
                Object o = Json.parse(line);
                if (o instanceof Map) {
                    keys.add(J.str(o, "web_uuid") + "\u0000" + J.str(o, "entry_uuid"));
                }
            } catch (RuntimeException e) {
                // unparseable lines are skipped, as the reference does
            }
        }
        return keys;
    }

    /** The one-line warning for a hit (§4.2). */
    public static String warning(String webUuid, String title, AnswerVariant v) {
        String selection = v.selectionStatus();
        return "ANSWER_VARIANT_DETECTED thread=" + webUuid
                + " uuid8=" + PyStrings.head(webUuid, 8)
                + " title=" + PyJson.quote(title)
                + " entry=" + v.entryUuid()
                + " sibling=" + v.siblingUuid()
                + " selection_status=" + (selection.isEmpty() ? "UNSPECIFIED" : selection)
                + " experiment_role=" + v.experimentRole()
                + Labels.messages().get(Label.VARIANT_ADVICE);
    }
}
