package io.github.pplxexport.export;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.asset.AssetVersion;
import io.github.pplxexport.json.J;
import io.github.pplxexport.library.BatchState;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.text.Timestamps;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The records of the default dead-letter sink, {@code <out>/index/dead_letters.jsonl} (the {@code dead-letter}
 * route appends them): one JSON line per failed thread ({@code kind: thread}), asset version ({@code asset}) or
 * sibling link that could not be fetched ({@code kind: sibling_link}), with the time, the HTTP status and the error
 * code, so no failure goes into the void. One line per failed item ({@link #key}): a failure already in the file is
 * not written again ({@link #isNew}, also after a kill -9 and a rerun), and the end of a batch removes the lines of
 * items done since ({@link #prune}), so the file is what is still wrong; the history is in the logs.
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

    /** Which failed item a record is about: kind, thread and the sibling or asset version, if any. */
    static String key(Map<String, Object> record) {
        return String.join("|", J.str(record, "kind"), J.str(record, "web_uuid"), J.str(record, "sibling_uuid"),
                J.str(record, "asset_uuid"), J.str(record, "filename"), J.asText(record.get("version")));
    }

    /** Whether the file has no line about this record's item yet (the dead-letter route writes only new ones). */
    public boolean isNew(Map<String, Object> record) throws IOException {
        String key = key(record);
        return read(file.getParent().getParent()).stream().noneMatch(r -> key.equals(key(r)));
    }

    /**
     * Queues an item for the next batch outside a run (doctor --repair: an asset file missing or damaged): a line
     * like a failure's, appended when the file has none about the item yet. Returns whether it was written.
     */
    public boolean queue(Map<String, Object> fields, String why) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time", Timestamps.nowUtc(clock));
        m.putAll(fields);
        m.put("status", null);
        m.put("error_code", "");
        m.put("error", why);
        if (!isNew(m)) {
            return false;
        }
        Files.createDirectories(file.getParent());
        Files.writeString(file, Json.MAPPER.writeValueAsString(m) + "\n", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        return true;
    }

    /**
     * An item already in the file failed again: its line is replaced by this record when the failure changed (another
     * status or error code, e.g. a 403 then the 404 that says the asset is gone for good), atomically; else nothing
     * is written. Returns whether the line changed.
     */
    public boolean update(Map<String, Object> record) throws IOException {
        String key = key(record);
        List<Map<String, Object>> records = read(file.getParent().getParent());
        boolean changed = false;
        for (int i = 0; i < records.size(); i++) {
            Map<String, Object> r = records.get(i);
            if (key.equals(key(r)) && !(J.asText(r.get("status")).equals(J.asText(record.get("status")))
                    && J.str(r, "error_code").equals(J.str(record, "error_code")))) {
                records.set(i, record);
                changed = true;
            }
        }
        if (changed) {
            write(records);
        }
        return changed;
    }

    private void write(Collection<Map<String, Object>> records) throws IOException {
        StringBuilder text = new StringBuilder();
        for (Map<String, Object> r : records) {
            text.append(Json.MAPPER.writeValueAsString(r)).append('\n');
        }
        AtomicFiles.write(file, text.toString());
    }

    /**
     * Removes the lines of items done since they failed: a thread no longer in state {@code error}, an asset version
     * that has its file now; sibling links (asked once ever) and assets the platform no longer has (404
     * ASSET_NOT_FOUND) stay, as what is still missing. A second line about one item (an older version's) goes too.
     * The file is rewritten atomically, and only when a line goes. Returns the number of lines removed.
     */
    public int prune(RunState run) throws IOException {
        Path out = file.getParent().getParent();
        List<Map<String, Object>> records = read(out);
        if (records.isEmpty()) {
            return 0;
        }
        BatchState state = run.state(); // as the run saved it: not read again (21 MB at 100,000 threads)
        Set<String> missingAssets = new HashSet<>();
        for (Path dir : ThreadAssets.deadLettered(out)) {
            for (AssetVersion v : ThreadAssets.retry(dir).downloads()) {
                missingAssets.add(v.uuid() + "|" + v.filename() + "|" + J.asText(v.version()));
            }
        }
        Map<String, Map<String, Object>> kept = new LinkedHashMap<>();
        for (Map<String, Object> r : records) {
            boolean stillWrong = switch (J.str(r, "kind")) {
                case "thread" -> BatchState.ERROR.equals(J.str(state.get(J.str(r, "web_uuid")), "status"));
                case "asset" -> "ASSET_NOT_FOUND".equals(J.str(r, "error_code")) || missingAssets.contains(
                        J.str(r, "asset_uuid") + "|" + J.str(r, "filename") + "|" + J.asText(r.get("version")));
                default -> true;
            };
            if (stillWrong) {
                kept.remove(key(r));
                kept.put(key(r), r); // the latest line about an item, in the order of the latest failures
            }
        }
        int removed = records.size() - kept.size();
        if (removed > 0) {
            write(kept.values());
        }
        return removed;
    }

    /** The records already in {@code <out>/index/dead_letters.jsonl} (unparseable lines skipped). */
    static List<Map<String, Object>> read(Path out) throws IOException {
        return Json.readObjectLines(file(out));
    }
}
