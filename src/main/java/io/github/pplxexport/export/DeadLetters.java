package io.github.pplxexport.export;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.library.Timestamps;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The default dead-letter sink: one JSON line per failed thread in {@code <out>/index/dead_letters.jsonl}
 * ({@code at, uuid, title, error_class, error}), so no failure goes into the void. Operators replace the
 * {@code dead-letter} route to send them elsewhere.
 */
public final class DeadLetters {
    private final Path file;
    private final Clock clock;

    public DeadLetters(Path out, Clock clock) {
        this.file = out.resolve("index").resolve("dead_letters.jsonl");
        this.clock = clock;
    }

    public synchronized void record(ExportRequest request, Exception e) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("at", Timestamps.nowUtc(clock));
        m.put("uuid", request.uuid());
        m.put("title", J.str(request.indexRow(), "title"));
        m.put("error_class", e.getClass().getName());
        m.put("error", BatchRun.oneLine(e));
        Files.createDirectories(file.getParent());
        Files.writeString(file, PyJson.compact(m) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
