package io.github.pplxexport.library;

import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.text.Timestamps;
import io.github.pplxexport.archive.AtomicFiles;

import io.github.pplxexport.text.PyStrings;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.json.SlicedFile;
import io.github.pplxexport.json.SlicedObject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collections;
import java.util.Iterator;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code <out>/index/batch_state.json}, the single source of truth of incremental sync
 * (reference-behaviour.md §5.7, reference-cli-and-archive.md §3.10 and §4.1): a map
 * uuid → record, one of
 * <pre>
 * {status:"ok",      lastUpdated, title[:80], exported_at}
 * {status:"error",   lastUpdated, title[:80], error[:300], failed_at}
 * {status:"expired", lastUpdated, title[:80], note, expired_at}
 * {status:"deleted", lastUpdated, title[:80], note, deleted_at}
 * </pre>
 * Marking a uuid replaces its record (keeping its place in the file). Saving is atomic
 * ({@code batch_state.json.tmp} then rename), Python indent 1, no trailing newline. A file that
 * cannot be read as a JSON object is never silently blanked: it is renamed to
 * {@code batch_state.json.corrupt-<unix-seconds>} and the state starts empty. Records read from
 * disk are kept verbatim, whatever their shape.
 */
public final class BatchState {
    private static final Logger LOG = LoggerFactory.getLogger(BatchState.class);

    public static final String FILE_NAME = "batch_state.json";
    public static final String OK = "ok";
    public static final String ERROR = "error";
    public static final String EXPIRED = "expired";
    public static final String DELETED = "deleted";

    /** Notes batch and export write for the two terminal platform answers (reference-behaviour.md §7.3). */
    public static final String NOTE_ENTRY_DELETED = Labels.DEFAULT.get(Label.STATE_ENTRY_DELETED);
    public static final String NOTE_ENTRY_EXPIRED = Labels.DEFAULT.get(Label.STATE_ENTRY_EXPIRED);

    static final int TITLE_MAX = 80;
    static final int ERROR_MAX = 300;

    private final Path file;
    private final Clock clock;
    private final Records records;
    /** When this state was last flushed to disk; 0 never. */
    private long lastFlush;
    /** Whether the last save left its bytes to the kernel. */
    private boolean unflushed;

    static final long FLUSH_EVERY_NANOS = 5_000_000_000L;

    private BatchState(Path file, Clock clock, Records records) {
        this.file = file;
        this.clock = clock;
        this.records = records;
    }

    /** {@code <out>/index/batch_state.json}. */
    public static Path file(Path out) {
        return out.resolve("index").resolve(FILE_NAME);
    }

    public static BatchState load(Path file) {
        return load(file, Clock.systemUTC());
    }

    /**
     * Loads the state; a missing file is an empty state. An unreadable one (bad JSON, or a top level
     * that is not an object) is set aside as {@code <name>.corrupt-<unix-seconds>} with a warning, and
     * the state starts empty; if even the rename fails, that is logged too.
     */
    public static BatchState load(Path file, Clock clock) {
        return load(file, clock, Files::move);
    }

    /** How a corrupt file is set aside; a seam so tests can make the rename fail. */
    interface Mover {
        void move(Path from, Path to) throws IOException;
    }

    static BatchState load(Path file, Clock clock, Mover mover) {
        Map<String, Object> read = Map.of();
        if (Files.exists(file)) {
            try {
                read = parsed(file);
            } catch (IOException | JsonException e) {
                setAside(file, clock, mover, e);
            }
        }
        return new BatchState(file, clock, new Records(read));
    }

    /**
     * The records of an existing state file, read-only, for a reader that must not set an unreadable file aside (a
     * dry run writes nothing).
     *
     * @throws JsonException when the file is not a JSON object
     */
    public static Map<String, Object> readRecords(Path file) throws IOException {
        return parsed(file);
    }

    /**
     * The file's records; a second load of an unchanged file (same size, mtime and inode: a save renames a new file
     * in) reuses the first's, as status loads it more than once. Records are never changed in place (a mark
     * replaces its uuid's record), so sharing them is safe.
     */
    private static Map<String, Object> parsed(Path file) throws IOException {
        return LAST_READ.get(file, f -> SlicedFile.members(f, RECORD_KEYS)); // read-only as it is
    }

    /** What a plan reads of every record; the rest (title, stamps, notes) is read from the file when asked for. */
    private static final SlicedObject.Keys RECORD_KEYS = SlicedObject.Keys.of(List.of("status", "lastUpdated"),
            List.of("status"));

    private static final LastRead<Map<String, Object>> LAST_READ = new LastRead<>();

    /**
     * The records as read (shared, read-only) with this run's marks over them: a marked uuid keeps its place, a new
     * one comes after the others, as in one ordered map, without copying 100,000 records to change ten.
     */
    private static final class Records extends AbstractMap<String, Object> {
        private final Map<String, Object> read;
        private final Map<String, Object> marked = new LinkedHashMap<>();

        Records(Map<String, Object> read) {
            this.read = read;
        }

        @Override
        public Object get(Object key) {
            return marked.containsKey(key) ? marked.get(key) : read.get(key);
        }

        @Override
        public boolean containsKey(Object key) {
            return marked.containsKey(key) || read.containsKey(key);
        }

        @Override
        public Object put(String key, Object value) {
            Object before = get(key);
            marked.put(key, value);
            return before;
        }

        @Override
        public int size() {
            return read.size() + (int) marked.keySet().stream().filter(k -> !read.containsKey(k)).count();
        }

        /** Without the marks, the records read as they are: no uuid key is made (status counts 100,000). */
        @Override
        public java.util.Collection<Object> values() {
            return marked.isEmpty() ? Collections.unmodifiableCollection(read.values()) : super.values();
        }

        @Override
        public Set<Entry<String, Object>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<Entry<String, Object>> iterator() {
                    Iterator<Entry<String, Object>> first = read.entrySet().iterator();
                    Iterator<Entry<String, Object>> added = marked.entrySet().stream()
                            .filter(e -> !read.containsKey(e.getKey())).iterator();
                    return new Iterator<>() {
                        @Override
                        public boolean hasNext() {
                            return first.hasNext() || added.hasNext();
                        }

                        @Override
                        public Entry<String, Object> next() {
                            if (!first.hasNext()) {
                                return added.next();
                            }
                            Entry<String, Object> e = first.next();
                            return marked.containsKey(e.getKey())
                                    ? new SimpleImmutableEntry<>(e.getKey(), marked.get(e.getKey())) : e;
                        }
                    };
                }

                @Override
                public int size() {
                    return Records.this.size();
                }
            };
        }
    }

    private static void setAside(Path file, Clock clock, Mover mover, Exception cause) {
        long seconds = clock.instant().getEpochSecond();
        Path corrupt = file.resolveSibling(file.getFileName() + ".corrupt-" + seconds);
        // two corrupt files within one second must not overwrite each other
        for (int n = 2; Files.exists(corrupt); n++) {
            corrupt = file.resolveSibling(file.getFileName() + ".corrupt-" + seconds + "-" + n);
        }
        try {
            mover.move(file, corrupt);
            LOG.warn("[state] {} is unreadable ({}); moved to {}, starting with an empty state",
                    file, oneLine(cause), corrupt.getFileName());
        } catch (IOException | RuntimeException e) {
            LOG.warn("[state] {} is unreadable ({}) and could not be moved aside ({}); starting with an empty"
                    + " state, the next save will replace it", file, oneLine(cause), oneLine(e));
        }
    }

    private static String oneLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl >= 0 ? m.substring(0, nl) : m;
    }

    public Path file() {
        return file;
    }

    /** Read-only view uuid → record, in file order; what {@link IncrementalPlanner#plan} takes. */
    public Map<String, Object> records() {
        return Collections.unmodifiableMap(records);
    }

    /** The record of {@code uuid} when it is an object, else null. */
    public Map<String, Object> get(String uuid) {
        return J.asMap(records.get(uuid));
    }

    /** The status of {@code uuid}, "" when unknown. */
    public String status(String uuid) {
        return J.str(records.get(uuid), "status");
    }

    public boolean contains(String uuid) {
        return records.containsKey(uuid);
    }

    public int size() {
        return records.size();
    }

    public void markOk(String uuid, String lastUpdated, String title) {
        put(uuid, OK, lastUpdated, title, null, null, "exported_at");
    }

    /** {@code error} is cut to 300 characters (a server page in an exception must not bloat the file). */
    public void markError(String uuid, String lastUpdated, String title, String error) {
        put(uuid, ERROR, lastUpdated, title, "error", PyStrings.head(error, ERROR_MAX), "failed_at");
    }

    public void markExpired(String uuid, String lastUpdated, String title, String note) {
        put(uuid, EXPIRED, lastUpdated, title, "note", note, "expired_at");
    }

    public void markDeleted(String uuid, String lastUpdated, String title, String note) {
        put(uuid, DELETED, lastUpdated, title, "note", note, "deleted_at");
    }

    /** One record in the reference's key order: status, lastUpdated, title, [detail], stamp. */
    private void put(String uuid, String status, String lastUpdated, String title, String detailKey,
                     String detail, String stampKey) {
        if (uuid == null || uuid.isEmpty()) {
            throw new IllegalArgumentException("batch state needs a uuid");
        }
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("status", status);
        record.put("lastUpdated", lastUpdated);
        record.put("title", PyStrings.head(title, TITLE_MAX));
        if (detailKey != null) {
            record.put(detailKey, detail);
        }
        record.put(stampKey, Timestamps.nowUtc(clock));
        records.put(uuid, record);
    }

    /** The file's text: Python {@code json.dumps(state, ensure_ascii=False, indent=1)}. */
    public String toJson() {
        return AtomicFiles.text(this::writeTo);
    }

    /** {@link #toJson()} streamed: the records as read go back as their bytes, the marked ones serialised. */
    private void writeTo(OutputStream out) throws IOException {
        SlicedFile.writeMembers(out, records.read, records.marked);
    }

    /**
     * Atomic save; called after every thread. Flushed to disk at most every {@link #FLUSH_EVERY_NANOS} (and by
     * {@link #flush()} at the batch's end): at 100,000 threads the flush of the 21 MB file was most of a
     * save's cost, paid by every exported thread. A kill loses nothing either way.
     */
    public void save() throws IOException {
        long now = System.nanoTime();
        boolean flush = lastFlush == 0 || now - lastFlush >= FLUSH_EVERY_NANOS;
        AtomicFiles.write(file, this::writeTo, flush);
        unflushed = !flush;
        if (flush) {
            lastFlush = now;
        }
    }

    /** The last save's bytes flushed to disk, if they were not: the end of a batch. */
    public void flush() throws IOException {
        if (unflushed) {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                ch.force(true);
            }
            unflushed = false;
            lastFlush = System.nanoTime();
        }
    }

}
