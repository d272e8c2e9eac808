package io.github.pplxexport.export;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.text.Timestamps;
import io.github.pplxexport.thread.SchemaDrift;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code index/schema_drift.jsonl}: per thread and kind of drift, one line
 * ({@code {"kind", "web_uuid", "title", "details": [...], "first_seen", "last_seen"}}), what its last export found
 * in the payload that this version does not recognise. A thread exported again replaces its lines (no duplicates
 * across runs; a drift gone after an update leaves the file); the file is rewritten atomically, only when it changes.
 */
public final class SchemaDriftLog {
    public static final String FILE_NAME = "schema_drift.jsonl";

    private final Path file;
    private final Clock clock;

    public SchemaDriftLog(Path out, Clock clock) {
        this.file = file(out);
        this.clock = clock;
    }

    public static Path file(Path out) {
        return out.resolve("index").resolve(FILE_NAME);
    }

    /** The thread's drift as its export found it (empty: none); its earlier lines are replaced. */
    public synchronized void record(String webUuid, String title, List<SchemaDrift.Drift> drift) throws IOException {
        List<Map<String, Object>> lines = read(file.getParent().getParent());
        Map<String, Map<String, Object>> before = new LinkedHashMap<>();
        List<Map<String, Object>> others = new ArrayList<>();
        for (Map<String, Object> l : lines) {
            if (webUuid.equals(J.str(l, "web_uuid"))) {
                before.putIfAbsent(J.str(l, "kind"), l);
            } else {
                others.add(l);
            }
        }
        if (before.isEmpty() && drift.isEmpty()) {
            return;
        }
        String now = Timestamps.nowUtc(clock);
        List<Map<String, Object>> mine = new ArrayList<>();
        SchemaDrift.byKind(drift).forEach((kind, details) -> {
            Map<String, Object> old = before.get(kind.id());
            Map<String, Object> l = new LinkedHashMap<>();
            l.put("kind", kind.id());
            l.put("web_uuid", webUuid);
            l.put("title", title);
            l.put("details", details);
            l.put("first_seen", old == null ? now : J.str(old, "first_seen"));
            l.put("last_seen", old != null && Objects.equals(old.get("details"), details) ? J.str(old, "last_seen") : now);
            mine.add(l);
        });
        if (mine.equals(new ArrayList<>(before.values())) && lines.size() == others.size() + before.size()) {
            return;
        }
        others.addAll(mine);
        StringBuilder text = new StringBuilder();
        for (Map<String, Object> l : others) {
            text.append(Json.MAPPER.writeValueAsString(l)).append('\n');
        }
        Files.createDirectories(file.getParent());
        AtomicFiles.write(file, text.toString());
    }

    /** The lines of {@code <out>/index/schema_drift.jsonl} (none when absent; a damaged line skipped). */
    public static List<Map<String, Object>> read(Path out) throws IOException {
        return Json.readObjectLines(file(out)); // a line cut short: the next export of its thread writes it again
    }

    /**
     * The summary line of a set of lines: {@code schema: 3 threads with an unknown step type WEB_BROWSE_V2; 1 thread
     * with an answer in no known place FINAL.content.answer (kept in raw; re-render after an update)}; "" when none.
     */
    public static String summary(List<Map<String, Object>> lines) {
        Map<String, Set<String>> threads = new LinkedHashMap<>();
        Map<String, Set<String>> details = new LinkedHashMap<>();
        for (Map<String, Object> l : lines) {
            String kind = J.str(l, "kind");
            threads.computeIfAbsent(kind, k -> new TreeSet<>()).add(J.str(l, "web_uuid"));
            List<Object> d = J.list(l, "details");
            details.computeIfAbsent(kind, k -> new LinkedHashSet<>())
                    .addAll(d == null ? List.of() : d.stream().map(String::valueOf).toList());
        }
        if (threads.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        threads.forEach((kind, uuids) -> {
            String words = kind;
            for (SchemaDrift.Kind k : SchemaDrift.Kind.values()) {
                if (k.id().equals(kind)) {
                    words = k.words();
                }
            }
            List<String> d = new ArrayList<>(details.get(kind));
            parts.add(uuids.size() + " thread" + (uuids.size() == 1 ? "" : "s") + " with " + words + " "
                    + String.join(", ", d.subList(0, Math.min(3, d.size()))) + (d.size() > 3 ? ", …" : ""));
        });
        return "schema: " + String.join("; ", parts) + " (kept in raw; re-render after an update)";
    }
}
