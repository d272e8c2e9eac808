package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Answer-variant siblings ({@code sibling:<sibling_uuid>} fault). The real API answers 403
 * {@code VIEW_THREAD_NOT_ALLOWED} for the uuid an entry names in {@code side_by_side_metadata.sibling_uuid};
 * told to, the replay serves it as a one-entry thread instead, so the exporter's 200 path is testable.
 *
 * <p>The sibling response (stored form, paged like any thread): {@code thread_metadata} of the thread that
 * names the sibling; {@code entries}: one copy of the naming entry with {@code uuid} = the sibling uuid,
 * {@code side_by_side_metadata} removed and {@code text} replaced by two steps, {@code INITIAL_QUERY} (the
 * entry's query) and {@code FINAL} whose answer is {@link #answer}; {@code background_entries}: empty. The
 * schematized form has no entries (a sibling has no blocks).
 */
final class Siblings {
    private Siblings() {
    }

    /** A served sibling: the thread whose entry names it, and its stored response. */
    record Sibling(ThreadRecord parent, Map<String, Object> plain) {
        Map<String, Object> stored(boolean blocks) {
            if (!blocks) {
                return plain;
            }
            Map<String, Object> empty = new LinkedHashMap<>(plain);
            empty.put("entries", List.of());
            return empty;
        }
    }

    /** The visible answer text of a served sibling, so a test can tell it from the entry's own answer. */
    static String answer(String siblingUuid, String entryUuid) {
        return "Answer variant " + siblingUuid + " (the other arm of entry " + entryUuid + "), served by the replay.";
    }

    /** The sibling, when some entry of the archive names it. */
    static Optional<Sibling> find(ReplayArchive archive, String siblingUuid) {
        try (Stream<Path> dirs = archive.threadDirs()) {
            return dirs.map(archive::record).flatMap(Optional::stream)
                    .map(t -> inThread(t, siblingUuid)).flatMap(Optional::stream)
                    .findFirst();
        }
    }

    private static Optional<Sibling> inThread(ThreadRecord t, String siblingUuid) {
        Map<String, Object> raw;
        try {
            raw = Json.readObject(t.rawEntries());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        for (Object e : J.list(raw, "entries")) {
            if (siblingUuid.equals(J.str(J.map(e, "side_by_side_metadata"), "sibling_uuid"))) {
                Map<String, Object> plain = new LinkedHashMap<>();
                plain.put("thread_metadata", J.get(raw, "thread_metadata"));
                plain.put("entries", List.of(entry(J.asMap(e), siblingUuid)));
                plain.put("background_entries", List.of());
                return Optional.of(new Sibling(t, plain));
            }
        }
        return Optional.empty();
    }

    private static Map<String, Object> entry(Map<String, Object> named, String siblingUuid) {
        String query = J.firstStr(named, "query_str", "query");
        Map<String, Object> finalAnswer = new LinkedHashMap<>();
        finalAnswer.put("answer", answer(siblingUuid, J.str(named, "uuid")));
        finalAnswer.put("web_results", List.of());
        List<Object> steps = List.of(
                step("INITIAL_QUERY", "query", query),
                step("FINAL", "answer", PyJson.compact(finalAnswer)));

        Map<String, Object> e = new LinkedHashMap<>(named);
        e.put("uuid", siblingUuid);
        e.remove("side_by_side_metadata");
        e.put("text", PyJson.compact(steps));
        return e;
    }

    private static Map<String, Object> step(String type, String key, String value) {
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("goal_id", null);
        content.put(key, value);
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("step_type", type);
        s.put("content", content);
        s.put("uuid", "");
        return s;
    }
}
