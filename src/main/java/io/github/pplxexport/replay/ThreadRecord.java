package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The listing-relevant part of one archived thread's {@code thread.json}. Small on purpose: the
 * library listing keeps one of these per thread for the length of a request, never the raw JSON.
 *
 * @param dir         the thread directory
 * @param webUuid     {@code web_uuid}, the thread identity
 * @param title       {@code title}
 * @param mode        the archive mode ({@code search}, {@code computer}, ...)
 * @param author      {@code author}, else the top-level folder name
 * @param lastUpdated {@code lastUpdated} verbatim; when absent, the newest entry's {@code updated_us}
 *                    as {@code YYYY-MM-DDTHH:MM:SS.ffffffZ} (the platform always lists a timestamp)
 * @param space       {@code space} object or null
 * @param computer    whether {@code thread_metadata.mode} or the archive mode says computer
 * @param status      the listing's {@code status}, see {@link #listingStatus}
 */
record ThreadRecord(Path dir, String webUuid, String title, String mode, String author, String lastUpdated,
                    Map<String, Object> space, boolean computer, String status) {

    static final String THREAD_JSON = "thread.json";
    static final String RAW_ENTRIES = "raw_entries.json";
    static final String RAW_BLOCKS = "raw_blocks.json";

    /** Newest first; equal timestamps by uuid descending, so the order never depends on disk order. */
    static final Comparator<ThreadRecord> NEWEST_FIRST = Comparator
            .comparing((ThreadRecord t) -> sortKey(t.lastUpdated()))
            .thenComparing(ThreadRecord::webUuid)
            .reversed();

    private static final DateTimeFormatter MICROS =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);
    private static final Pattern TIMESTAMP = Pattern.compile(
            "(\\d{4})-(\\d{2})-(\\d{2})(?:[T ](\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?)?");

    /**
     * Reads a thread directory; empty when it has no readable thread.json with a web_uuid (such a
     * folder is not a thread the API could serve). {@code authorFolder} is the fallback author.
     */
    static Optional<ThreadRecord> read(Path dir, String authorFolder) {
        Map<String, Object> t;
        try {
            t = Json.readObject(dir.resolve(THREAD_JSON));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        String uuid = J.str(t, "web_uuid");
        if (uuid.isEmpty()) {
            return Optional.empty();
        }
        String mode = J.str(t, "mode");
        Map<String, Object> metadata = J.map(t, "metadata");
        boolean computer = mode.equals("computer") || J.str(metadata, "mode").equals("4");
        String author = J.firstStr(t, "author");
        String lastUpdated = J.str(t, "lastUpdated");
        return Optional.of(new ThreadRecord(dir, uuid, J.str(t, "title"), mode,
                author.isEmpty() ? authorFolder : author,
                lastUpdated.isEmpty() ? newestEntryStamp(dir.resolve(RAW_ENTRIES)) : lastUpdated,
                J.get(t, "space") instanceof Map<?, ?> ? J.map(t, "space") : null, computer,
                listingStatus(metadata)));
    }

    /**
     * The listing status from thread.json's {@code metadata} (the thread_metadata as fetched):
     * {@code thread_status} upper-cased ({@code blocked} gives {@code BLOCKED}); without one, a
     * {@code locked_reason} means {@code BLOCKED}, anything else {@code COMPLETED}.
     */
    static String listingStatus(Map<String, Object> metadata) {
        String status = J.str(metadata, "thread_status");
        if (!status.isEmpty()) {
            return status.toUpperCase(Locale.ROOT);
        }
        return J.truthy(J.get(metadata, "locked_reason")) ? "BLOCKED" : "COMPLETED";
    }

    /**
     * The newest {@code entries[].updated_us} in microsecond ISO, e.g. {@code 2026-02-03T09:21:40.430277Z}, so
     * the exporter stores the same full-precision stamp on every run; else {@code thread_metadata.updated_at}
     * (made ISO by {@link #updatedAt}); "" when the raw file is unreadable.
     */
    static String newestEntryStamp(Path rawEntries) {
        Map<String, Object> raw;
        try {
            raw = Json.readObject(rawEntries);
        } catch (IOException | RuntimeException e) {
            return "";
        }
        long newest = -1;
        for (Object e : J.list(raw, "entries")) {
            newest = Math.max(newest, J.toLong(J.get(e, "updated_us"), -1));
        }
        if (newest < 0) {
            return J.str(J.map(raw, "thread_metadata"), "updated_at");
        }
        Instant t = Instant.ofEpochSecond(Math.floorDiv(newest, 1_000_000L), Math.floorMod(newest, 1_000_000L) * 1000L);
        return MICROS.format(t);
    }

    /**
     * A comparable form of a timestamp. thread.json holds ISO microsecond stamps and, in older
     * archives, {@code YYYY-MM-DD HH:MM UTC}; both become {@code YYYYMMDDHHMMSSfffffffff}.
     * Anything unparseable sorts as oldest.
     */
    static String sortKey(String stamp) {
        Matcher m = TIMESTAMP.matcher(stamp == null ? "" : stamp);
        if (!m.lookingAt()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (int g = 1; g <= 6; g++) {
            sb.append(m.group(g) == null ? "00" : m.group(g));
        }
        String frac = m.group(7) == null ? "" : m.group(7);
        return sb.append(frac).append("0".repeat(9 - frac.length())).toString();
    }

    /**
     * The listing's {@code updatedAt}: an ISO stamp ending in {@code Z} verbatim (the comparison
     * contract), an older {@code YYYY-MM-DD HH:MM UTC} stamp in the API's form
     * {@code YYYY-MM-DDTHH:MM:SS.ffffffZ}, as the reference's live run shows; anything else verbatim.
     */
    String updatedAt() {
        if (lastUpdated.matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z")) {
            return lastUpdated;
        }
        String k = sortKey(lastUpdated);
        if (k.isEmpty()) {
            return lastUpdated;
        }
        return k.substring(0, 4) + "-" + k.substring(4, 6) + "-" + k.substring(6, 8) + "T" + k.substring(8, 10)
                + ":" + k.substring(10, 12) + ":" + k.substring(12, 14) + "." + k.substring(14, 20) + "Z";
    }

    Path rawEntries() {
        return dir.resolve(RAW_ENTRIES);
    }

    Path rawBlocks() {
        return dir.resolve(RAW_BLOCKS);
    }

    boolean hasRawBlocks() {
        return Files.isRegularFile(rawBlocks());
    }

    /** {@code entries[0].display_model} of raw_entries.json, or null. */
    String displayModel() {
        try {
            Object first = J.list(Json.read(rawEntries()), "entries").stream().findFirst().orElse(null);
            String model = J.str(first, "display_model");
            return model.isEmpty() ? null : model;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
