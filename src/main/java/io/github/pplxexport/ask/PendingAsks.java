package io.github.pplxexport.ask;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.json.PyJson;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code index/pending_asks.jsonl}: the asks whose thread was created but whose stream broke, one JSON object a
 * line ({@code thread_uuid}, {@code thread_url}, {@code account}, {@code mode}, {@code prompt}, {@code asked_at},
 * {@code reason}). The next sync, batch or ask exports each one whose thread is complete and removes its line.
 * The file is rewritten whole (fsync + atomic rename); an unreadable line is kept as it is.
 */
public final class PendingAsks {
    public static final String FILE = "pending_asks.jsonl";

    private final Path file;

    public PendingAsks(Path archiveRoot) {
        this.file = archiveRoot.resolve("index").resolve(FILE);
    }

    public Path file() {
        return file;
    }

    /** Records one (a thread already there is replaced). */
    public synchronized void add(Map<String, Object> entry) throws IOException {
        String uuid = J.str(entry, "thread_uuid");
        List<String> lines = new ArrayList<>(lines());
        lines.removeIf(l -> uuid.equals(J.str(parse(l), "thread_uuid")));
        lines.add(PyJson.compact(entry));
        save(lines);
    }

    /** The pending asks of {@code account}, oldest first. */
    public synchronized List<Map<String, Object>> of(String account) throws IOException {
        List<Map<String, Object>> out = new ArrayList<>();
        for (String l : lines()) {
            Map<String, Object> e = J.asMap(parse(l));
            if (e != null && account.equals(J.str(e, "account")) && !J.str(e, "thread_uuid").isEmpty()) {
                out.add(e);
            }
        }
        return out;
    }

    /** Removes a thread's line; true when there was one. */
    public synchronized boolean remove(String threadUuid) throws IOException {
        List<String> lines = new ArrayList<>(lines());
        if (!lines.removeIf(l -> threadUuid.equals(J.str(parse(l), "thread_uuid")))) {
            return false;
        }
        save(lines);
        return true;
    }

    /** The line of a pending ask. */
    static Map<String, Object> entry(String uuid, String url, String account, String mode, String prompt,
                                     String askedAt, String reason) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("thread_uuid", uuid);
        m.put("thread_url", url);
        m.put("account", account);
        m.put("mode", mode);
        m.put("prompt", prompt);
        m.put("asked_at", askedAt);
        m.put("reason", reason);
        return m;
    }

    private List<String> lines() throws IOException {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
    }

    private void save(List<String> lines) throws IOException {
        StringBuilder sb = new StringBuilder();
        lines.forEach(l -> sb.append(l).append('\n'));
        AtomicFiles.write(file, sb.toString());
    }

    private static Object parse(String line) {
        try {
            return Json.parse(line);
        } catch (JsonException e) {
            return null;
        }
    }
}
