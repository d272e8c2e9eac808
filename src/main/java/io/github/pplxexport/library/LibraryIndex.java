package io.github.pplxexport.library;

import io.github.pplxexport.archive.AtomicFiles;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.json.RowFinder;
import io.github.pplxexport.json.SlicedFile;
import io.github.pplxexport.json.SlicedObject;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * {@code <out>/index/library_<account>.json} (reference-behaviour.md §2.1, reference-cli-and-archive.md
 * §2.3 and §3.10) in its newest shape {@code {account, count, threads}}: no {@code extracted_at}, so a
 * refresh that changes nothing writes the same bytes (and, here, does not touch the file at all).
 * Older files with extra keys are read fine; they are rewritten in the newest shape.
 *
 * <p>A refresh is a {@link Refresh}: feed it the fetched pages, ask {@link Refresh#shouldStop()} after
 * each page, then take {@link Refresh#merged()}.
 */
public final class LibraryIndex {

    /** {@code _STOP_RUN}: one page worth of consecutive known, unchanged rows ends an incremental refresh. */
    public static final int STOP_RUN = LibraryListing.PAGE_SIZE;

    private LibraryIndex() {
    }

    /** {@code <out>/index/library_<account>.json}; the account name must be one plain file-name part. */
    public static Path file(Path out, String account) {
        if (account == null || account.isEmpty() || account.contains("/") || account.contains("\\")
                || account.contains("\0") || account.equals(".") || account.equals("..")) {
            throw new IllegalArgumentException("unusable account name for an index file: " + account);
        }
        return out.resolve("index").resolve("library_" + account + ".json");
    }

    /**
     * The {@code threads} of an index file, read-only (a change is a copy); empty when the file does not exist. A
     * file without a {@code threads} list reads as no rows.
     *
     * @throws io.github.pplxexport.json.JsonException if the file is not a JSON object
     */
    public static Optional<List<Map<String, Object>>> readThreads(Path file) throws IOException {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        // a sync reads the same file twice (the refresh, then the plan): the second read is the first's rows
        return Optional.of(LAST_READ.get(file, LibraryIndex::parseThreads));
    }

    /**
     * The file's rows, read-only (a change is a copy): each a {@link SlicedObject} keeping what a plan reads (uuid,
     * stamp, the mode keys) and its bytes in the file, so 100,000 rows cost a few MB, not a parsed tree.
     */
    private static List<Map<String, Object>> parseThreads(Path file) throws IOException {
        return SlicedFile.objectsOfList(file, "threads", ROW_KEYS);
    }

    /** The keys a plan, a refresh and a mode filter read of every row. */
    private static final SlicedObject.Keys ROW_KEYS = SlicedObject.Keys.of(
            List.of("entryUUID", "lastUpdated", "mode", "displayModel", "search_mode"),
            List.of("mode", "displayModel", "search_mode"));

    private static final LastRead<List<Map<String, Object>>> LAST_READ = new LastRead<>();

    /** The file's text: {@code {"account", "count", "threads"}}, Python indent 1, no trailing newline. */
    public static String toJson(String account, List<? extends Map<String, Object>> rows) {
        return AtomicFiles.text(out -> writeTo(out, account, rows));
    }

    /**
     * {@code json.dumps({"account", "count", "threads"}, indent=1)} streamed: a row read from the file goes back as
     * its bytes.
     */
    private static void writeTo(OutputStream out, String account, List<? extends Map<String, Object>> rows)
            throws IOException {
        out.write(("{\n \"account\": " + PyJson.quote(account) + ",\n \"count\": " + rows.size() + ",\n \"threads\": ")
                .getBytes(StandardCharsets.UTF_8));
        if (rows.isEmpty()) {
            out.write('[');
            out.write(']');
        } else {
            out.write('[');
            byte[] separator = ",\n  ".getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < rows.size(); i++) {
                out.write(separator, i == 0 ? 1 : 0, i == 0 ? separator.length - 1 : separator.length);
                SlicedFile.writePretty(out, rows.get(i), 2);
            }
            out.write("\n ]".getBytes(StandardCharsets.US_ASCII));
        }
        out.write("\n}".getBytes(StandardCharsets.US_ASCII));
    }

    /** Writes the index atomically; returns false (and leaves the file alone) when nothing changed. */
    public static boolean write(Path file, String account, List<? extends Map<String, Object>> rows)
            throws IOException {
        return AtomicFiles.writeIfChanged(file, out -> writeTo(out, account, rows));
    }

    /** Incremental refresh over the current rows; with no previous index it is a full sweep. */
    public static Refresh incremental(List<? extends Map<String, Object>> previous) {
        return new Refresh(previous, true);
    }

    /** {@code index --full}: page everything; the result replaces the old rows. */
    public static Refresh full(List<? extends Map<String, Object>> previous) {
        return new Refresh(previous, false);
    }

    /** One refresh in progress: accumulates fetched rows and decides when paging can stop. */
    public static final class Refresh {
        private final List<Map<String, Object>> previous;
        private final boolean incremental;
        /** entryUUID → the first previous row with it (its lastUpdated, and search_mode written by search-mode-backfill). */
        private final RowFinder known;
        private final List<Map<String, Object>> fetched = new ArrayList<>();
        private int knownRun;

        private Refresh(List<? extends Map<String, Object>> previous, boolean incremental) {
            // read-only here; not copied: the index's rows are made when asked for (LibraryIndex.readThreads)
            this.previous = previous == null ? List.of() : Collections.unmodifiableList(previous);
            this.incremental = incremental;
            this.known = RowFinder.of(previous == null ? List.of() : previous, "entryUUID");
        }

        /** The first previous row listing {@code uuid}, or null. */
        private Map<String, Object> knownRow(String uuid) {
            int i = known.first(uuid);
            return i < 0 ? null : previous.get(i);
        }

        /** Adds one fetched page (newest first), updating the run of known, unchanged rows. */
        public void add(List<? extends Map<String, Object>> rows) {
            for (Map<String, Object> row : rows) {
                fetched.add(row);
                Map<String, Object> old = knownRow(J.str(row, "entryUUID"));
                boolean unchanged = old != null && Objects.equals(old.get("lastUpdated"), row.get("lastUpdated"));
                knownRun = unchanged ? knownRun + 1 : 0;
            }
        }

        /**
         * True once {@link #STOP_RUN} consecutive fetched rows were already in the index with an
         * identical {@code lastUpdated} (exact string: a reformatted stamp counts as a change, which
         * only costs one more page). Never true for a full sweep or a first run.
         */
        public boolean shouldStop() {
            return incremental && knownRun >= STOP_RUN;
        }

        /** The rows the refresh started from. */
        public List<Map<String, Object>> previous() {
            return previous;
        }

        public int fetchedCount() {
            return fetched.size();
        }

        /**
         * Whether {@link #merged()} is the previous rows as they were, key order included (an incremental refresh
         * whose pages held only known rows, unchanged, in the index's order): nothing to write, nothing to serialize.
         */
        public boolean unchanged() {
            if (!incremental || previous.isEmpty() || known.distinct() != previous.size()) {
                return false; // a first run, a full sweep, or rows without a uuid or listed twice: compare the bytes
            }
            List<Map<String, Object>> head = fetchedRows();
            if (head.size() > previous.size()) {
                return false;
            }
            for (int i = 0; i < head.size(); i++) {
                if (!new ArrayList<>(head.get(i).entrySet()).equals(new ArrayList<>(previous.get(i).entrySet()))) {
                    return false;
                }
            }
            return true;
        }

        /** The fetched rows, a uuid listed twice keeping its first row, each with the old {@code search_mode}. */
        private List<Map<String, Object>> fetchedRows() {
            List<Map<String, Object>> out = new ArrayList<>(fetched.size());
            Set<String> seen = new HashSet<>();
            for (Map<String, Object> row : fetched) {
                String uuid = J.str(row, "entryUUID");
                if (!uuid.isEmpty() && !seen.add(uuid)) {
                    continue;
                }
                Map<String, Object> copy = new LinkedHashMap<>(row);
                Map<String, Object> old = knownRow(uuid);
                if (old != null && old.containsKey("search_mode") && !copy.containsKey("search_mode")) {
                    copy.put("search_mode", old.get("search_mode"));
                }
                out.add(copy);
            }
            return out;
        }

        /**
         * The new rows: fetched rows first (a uuid listed twice keeps its first, newest row), each
         * carrying the old {@code search_mode} of its entryUUID; then, for an incremental refresh,
         * the previous rows that were not fetched, verbatim and in their old order.
         */
        public List<Map<String, Object>> merged() {
            List<Map<String, Object>> out = new ArrayList<>(fetched.size() + previous.size());
            Set<String> seen = new HashSet<>();
            for (Map<String, Object> row : fetchedRows()) {
                seen.add(J.str(row, "entryUUID"));
                out.add(row);
            }
            if (incremental) {
                for (Map<String, Object> row : previous) {
                    String uuid = J.str(row, "entryUUID");
                    if (uuid.isEmpty() || !seen.contains(uuid)) {
                        out.add(row);
                    }
                }
            }
            return out;
        }
    }
}
