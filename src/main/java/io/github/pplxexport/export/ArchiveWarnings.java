package io.github.pplxexport.export;

import io.github.pplxexport.archive.PreviousCopies;
import io.github.pplxexport.json.J;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code status} says of the platform changing under the archive (issue 24), offline: the threads whose new
 * copy held less than the archived one (index/previous_copies.jsonl, the good copy under versions/) and the schema
 * drift of the last exports (index/schema_drift.jsonl).
 */
public final class ArchiveWarnings {
    private ArchiveWarnings() {
    }

    /** {@code {"previous_copies": [{web_uuid, dir, version, shrank}…], "schema_drift": [lines…]}}. */
    public static Map<String, Object> of(Path out) throws IOException {
        Map<String, Map<String, Object>> latest = new LinkedHashMap<>();
        for (Map<String, Object> l : PreviousCopies.recorded(out)) {
            latest.remove(J.str(l, "web_uuid"));
            latest.put(J.str(l, "web_uuid"), l);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("previous_copies", new ArrayList<>(latest.values()));
        m.put("schema_drift", SchemaDriftLog.read(out));
        return m;
    }

    /** The status lines; none when nothing was kept and nothing drifted. */
    public static List<String> lines(Map<String, Object> warnings) {
        List<String> lines = new ArrayList<>();
        List<Object> kept = J.list(warnings, "previous_copies");
        if (kept != null && !kept.isEmpty()) {
            lines.add("[status] previous copies kept: " + kept.size() + " thread(s) came back with less than their"
                    + " archived copy (index/previous_copies.jsonl):");
            for (Object o : kept) {
                Map<String, Object> k = J.asMap(o);
                List<Object> shrank = J.list(k, "shrank");
                lines.add("  " + J.str(k, "dir") + "/versions/" + J.str(k, "version") + ": "
                        + String.join(", ", shrank == null ? List.of() : shrank.stream().map(String::valueOf).toList()));
            }
        }
        List<Object> drift = J.list(warnings, "schema_drift");
        if (drift != null && !drift.isEmpty()) {
            lines.add("[status] " + SchemaDriftLog.summary(drift.stream().map(J::asMap).toList())
                    + " (index/schema_drift.jsonl)");
        }
        return lines;
    }
}
