package io.github.pplxexport.library;

import io.github.pplxexport.text.Timestamps;
import io.github.pplxexport.json.J;
import io.github.pplxexport.mode.Mode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The reference's {@code plan_incremental} and batch row selection (reference-behaviour.md §2.2,
 * reference-cli-and-archive.md §4.2–4.4), shared by batch, status and sync. Pure: rows and state
 * in, a plan out.
 */
public final class IncrementalPlanner {

    /** What batch does with one row. */
    public enum Action {
        /** uuid absent from batch_state: export. */
        NEW("new"),
        /** recorded lastUpdated differs, previous attempt failed, or {@code --force}: re-export. */
        UPDATED("updated"),
        /** status ok and lastUpdated unchanged: skip. */
        DONE("done"),
        /** ENTRY_EXPIRED seen before: skip, terminal. */
        EXPIRED("expired"),
        /** confirmed deleted: skip, terminal. */
        DELETED("deleted");

        private final String id;

        Action(String id) {
            this.id = id;
        }

        /** The reference's action name. */
        public String id() {
            return id;
        }

        /** Whether batch exports the row (new/updated) rather than skipping it. */
        public boolean exports() {
            return this == NEW || this == UPDATED;
        }
    }

    /** One planned row. */
    public record Item(Map<String, Object> row, Action action) {
        public String uuid() {
            return J.str(row, "entryUUID");
        }
    }

    /**
     * The plan: the items to walk in order, and {@code nStopped}, the trailing skip-only rows that the
     * early stop dropped. The batch summary's total is {@code items().size() + nStopped()}.
     */
    public record Plan(List<Item> items, int nStopped) {
        public Plan {
            items = List.copyOf(items);
        }

        public int total() {
            return items.size() + nStopped;
        }

        public long count(Action action) {
            return items.stream().filter(i -> i.action() == action).count();
        }
    }

    /** Rows chosen for a batch plus the rows dropped because they have no entryUUID (for a warning). */
    public record Selection(List<Map<String, Object>> rows, List<Map<String, Object>> withoutUuid) {
        public Selection {
            rows = List.copyOf(rows);
            withoutUuid = List.copyOf(withoutUuid);
        }
    }

    private static final String LAST_UPDATED = "lastUpdated";
    private static final Comparator<Stamped> NEWEST_FIRST = (a, b) -> J.sameShape(a.key, b.key)
            ? Long.compare(b.key, a.key) : b.text().compareTo(a.text());

    private IncrementalPlanner() {
    }

    /**
     * Sorted copy, {@code lastUpdated} descending as plain strings (a missing one sorts last); the
     * sort is stable like Python's, so rows with equal stamps keep their index order.
     */
    public static List<Map<String, Object>> newestFirst(List<? extends Map<String, Object>> rows) {
        List<Stamped> stamped = new ArrayList<>(rows.size());
        for (Map<String, Object> row : rows) {
            stamped.add(new Stamped(J.stampKey(row, LAST_UPDATED), row));
        }
        stamped.sort(NEWEST_FIRST);
        List<Map<String, Object>> sorted = new ArrayList<>(rows.size());
        for (Stamped s : stamped) {
            sorted.add(s.row);
        }
        return sorted;
    }

    /**
     * A row and its stamp: a large index's row holds it packed, and two packed stamps of one shape compare without
     * their Strings (the index is mostly in order already: one comparison a row); the text is read once when needed.
     */
    private static final class Stamped {
        final long key;
        final Map<String, Object> row;
        private String text;

        Stamped(long key, Map<String, Object> row) {
            this.key = key;
            this.row = row;
        }

        String text() {
            if (text == null) {
                text = J.str(row, LAST_UPDATED);
            }
            return text;
        }
    }

    /**
     * {@code plan_incremental(threads, state, full, force)}. Each row gets the first action that
     * applies: expired, deleted (terminal, never retried, not even with force), done (status ok and
     * same normalised lastUpdated; never with force), new (uuid not in state), else updated. Unless
     * {@code full} or {@code force}, the longest trailing run of done/expired/deleted is dropped and
     * counted as {@code nStopped}: rows that failed or were never exported sit above it and are still
     * planned, so gaps heal on the next run.
     *
     * @param state batch_state records by uuid (values are the state's records, read leniently)
     */
    public static Plan plan(List<? extends Map<String, Object>> rows, Map<String, ?> state, boolean full,
                            boolean force) {
        return planSorted(newestFirst(rows), state, full, force);
    }

    /** {@link #plan} of rows already newest first ({@link #selectBatchRows} gives them so): not sorted again. */
    public static Plan planSorted(List<? extends Map<String, Object>> sorted, Map<String, ?> state, boolean full,
                                  boolean force) {
        Action[] actions = new Action[sorted.size()];
        for (int i = 0; i < actions.length; i++) {
            actions[i] = classify(sorted.get(i), state, force);
        }
        int keep = actions.length;
        if (!full && !force) {
            while (keep > 0 && !actions[keep - 1].exports()) {
                keep--;
            }
        }
        // items only for the rows kept: a no-op sync of a large archive keeps none
        List<Item> items = new ArrayList<>(keep);
        for (int i = 0; i < keep; i++) {
            items.add(new Item(sorted.get(i), actions[i]));
        }
        return new Plan(items, actions.length - keep);
    }

    /** The row's and the record's lastUpdated are the same stamp (packed and equal: the same text). */
    private static boolean sameStamp(Map<String, Object> row, Object record) {
        long a = J.stampKey(row, LAST_UPDATED);
        return (a >= 0 && a == J.stampKey(record, LAST_UPDATED))
                || Timestamps.sameTs(J.str(row, LAST_UPDATED), J.str(record, LAST_UPDATED));
    }

    static Action classify(Map<String, Object> row, Map<String, ?> state, boolean force) {
        String uuid = J.str(row, "entryUUID");
        Object record = state.get(uuid);
        String status = J.str(record, "status");
        if (status.equals(BatchState.EXPIRED)) {
            return Action.EXPIRED;
        }
        if (status.equals(BatchState.DELETED)) {
            return Action.DELETED;
        }
        if (!force && status.equals(BatchState.OK) && sameStamp(row, record)) {
            return Action.DONE;
        }
        if (!state.containsKey(uuid)) {
            return Action.NEW;
        }
        return Action.UPDATED;
    }

    /**
     * Batch row selection before planning, in the reference's order: keep rows matching {@code mode}
     * (null = all), sort newest first, keep the first {@code limit} (null or 0 = all, as the
     * reference treats a falsy limit), then drop rows without an entryUUID, returning them for the
     * caller's warning.
     */
    public static Selection selectBatchRows(List<? extends Map<String, Object>> rows, Mode mode, Integer limit) {
        if (limit != null && limit < 0) {
            throw new IllegalArgumentException("--limit must not be negative, got " + limit);
        }
        List<Map<String, Object>> chosen = newestFirst(ModeFilter.filter(rows, mode));
        if (limit != null && limit > 0 && chosen.size() > limit) {
            chosen = chosen.subList(0, limit);
        }
        List<Map<String, Object>> kept = new ArrayList<>(chosen.size());
        List<Map<String, Object>> withoutUuid = new ArrayList<>();
        for (Map<String, Object> row : chosen) {
            (J.str(row, "entryUUID").isEmpty() ? withoutUuid : kept).add(row);
        }
        return new Selection(kept, withoutUuid);
    }
}
