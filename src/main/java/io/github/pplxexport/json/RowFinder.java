package io.github.pplxexport.json;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the first of a list of objects whose {@code key} is a given non-empty string (a library index's row by
 * entryUUID). Over the rows of a {@link SlicedFile} it hashes the packed values (a table of ints, no String made);
 * over any other list it is a map.
 */
public abstract class RowFinder {
    /** The number of distinct non-empty string values. */
    public abstract int distinct();

    /** The index of the first object whose key is {@code value}, or -1. */
    public abstract int first(String value);

    public static RowFinder of(List<? extends Map<String, Object>> rows, String key) {
        if (rows instanceof SlicedTable.Rows sliced && sliced.table().column(key) != null) {
            return new Packed(sliced.table().column(key), sliced.size());
        }
        Map<String, Integer> firsts = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            if (J.get(rows.get(i), key) instanceof String s && !s.isEmpty()) {
                firsts.putIfAbsent(s, i);
            }
        }
        return new RowFinder() {
            @Override
            public int distinct() {
                return firsts.size();
            }

            @Override
            public int first(String value) {
                return firsts.getOrDefault(value, -1);
            }
        };
    }

    /** Open addressing over the column's hashes: slot = row + 1, 0 free, at most half full. */
    private static final class Packed extends RowFinder {
        private final SlicedTable.Column column;
        private final int[] slots;
        private int distinct;

        Packed(SlicedTable.Column column, int rows) {
            this.column = column;
            this.slots = new int[Integer.highestOneBit(Math.max(1, rows) * 2) * 2];
            int mask = slots.length - 1;
            for (int row = 0; row < rows; row++) {
                int h = column.hash(row);
                if (h == 0) {
                    continue;
                }
                int i = spread(h) & mask;
                boolean seen = false;
                while (slots[i] != 0) {
                    int other = slots[i] - 1;
                    if (column.hash(other) == h && column.get(other).equals(column.get(row))) {
                        seen = true; // the first row keeps the value
                        break;
                    }
                    i = (i + 1) & mask;
                }
                if (!seen) {
                    slots[i] = row + 1;
                    distinct++;
                }
            }
        }

        private static int spread(int h) {
            return h ^ (h >>> 16);
        }

        @Override
        public int distinct() {
            return distinct;
        }

        @Override
        public int first(String value) {
            if (value == null || value.isEmpty()) {
                return -1;
            }
            SlicedTable.Packed packed = SlicedTable.Packed.of(value); // the uuid's bits once, not at every probe
            int h = packed != null ? packed.hash() : SlicedTable.textHash(value);
            int mask = slots.length - 1;
            for (int i = spread(h) & mask; slots[i] != 0; i = (i + 1) & mask) {
                int row = slots[i] - 1;
                if (column.hash(row) == h && column.is(row, value, packed)) {
                    return row;
                }
            }
            return -1;
        }
    }
}
