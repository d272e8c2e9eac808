package io.github.pplxexport.export;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.text.Timestamps;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The records of the default dead-letter sink, {@code <out>/index/dead_letters.jsonl} (the {@code dead-letter}
 * route appends them): one JSON line per failed thread ({@code kind: thread}) or per sibling link that could
 * not be fetched ({@code kind: sibling_link}), with the time, the HTTP status and the error code, so no failure
 * goes into the void.
 */
public final class DeadLetters {
    public static final String FILE_NAME = "dead_letters.jsonl";

    private final Path file;
    private final Clock clock;
    private final Failures failures;

    public DeadLetters(Path out, Clock clock, Failures failures) {
        this.file = file(out);
        this.clock = clock;
        this.failures = failures;
    }

    public static Path file(Path out) {
        return out.resolve("index").resolve(FILE_NAME);
    }

    /** The record for {@code subject}, failed with {@code e}: time, kind, which item, status, code, error. */
    public Map<String, Object> record(DeadLetter subject, Exception e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time", Timestamps.nowUtc(clock));
        m.putAll(subject.deadLetterFields());
        m.put("status", e == null ? null : failures.status(e));
        m.put("error_code", e == null ? "" : failures.code(e));
        m.put("error", e == null ? "" : failures.line(e));
        return m;
    }

    /** The records already in {@code <out>/index/dead_letters.jsonl} (unparseable lines skipped). */
    static List<Map<String, Object>> read(Path out) throws IOException {
        Path file = file(out);
        List<Map<String, Object>> records = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return records;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            try {
                Map<String, Object> m = J.asMap(Json.parse(line));
                if (m != null) {
                    records.add(m);
                }
            } catch (RuntimeException e) {
                // a line another sink or a crash left half-written: not ours to judge
            }
        }
        return records;
    }
}
