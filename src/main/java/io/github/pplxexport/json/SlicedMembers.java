package io.github.pplxexport.json;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The members of a file that is one JSON object keyed by uuid (batch_state.json), read-only, in file order: the keys
 * packed ({@link CompactText}), object values as {@link SlicedObject}s of a {@link SlicedTable}, found by an open
 * hash table of member numbers. A key given twice keeps its first place and its last value, as a parsed map does.
 */
final class SlicedMembers extends AbstractMap<String, Object> {
    private final SlicedTable table;
    private final SlicedTable.TextColumn keys = new SlicedTable.TextColumn();
    private int[] hashes = new int[1024];
    /** The table row of a member's object value, or -1: its value is in {@link #scalars}. */
    private int[] valueRows = new int[1024];
    private final Map<Integer, Object> scalars = new HashMap<>();
    /** Member number + 1 by hash, 0 free; at most half full. */
    private int[] slots = new int[2048];
    private int size;

    SlicedMembers(SlicedTable table) {
        this.table = table;
    }

    SlicedTable table() {
        return table;
    }

    /** Adds a member whose value is row {@code row} of the table (or, with row -1, {@code scalar}). */
    void add(String key, int row, Object scalar) {
        int h = key.hashCode();
        int found = find(key, h);
        int m = found >= 0 ? found : size;
        if (found < 0) {
            if (size == hashes.length) {
                hashes = Arrays.copyOf(hashes, size * 2);
                valueRows = Arrays.copyOf(valueRows, size * 2);
            }
            keys.set(m, key);
            hashes[m] = h;
            size++;
            if (size * 2 > slots.length) {
                rehash(slots.length * 2);
            } else {
                insert(m);
            }
        }
        valueRows[m] = row;
        if (row < 0) {
            scalars.put(m, scalar);
        } else {
            scalars.remove(m);
        }
    }

    private void rehash(int capacity) {
        slots = new int[capacity];
        for (int m = 0; m < size; m++) {
            insert(m);
        }
    }

    private void insert(int m) {
        int mask = slots.length - 1;
        int i = spread(hashes[m]) & mask;
        while (slots[i] != 0) {
            i = (i + 1) & mask;
        }
        slots[i] = m + 1;
    }

    private int find(Object key, int h) {
        int mask = slots.length - 1;
        for (int i = spread(h) & mask; slots[i] != 0; i = (i + 1) & mask) {
            int m = slots[i] - 1;
            if (hashes[m] == h && key.equals(keys.get(m))) {
                return m;
            }
        }
        return -1;
    }

    private static int spread(int h) {
        return h ^ (h >>> 16) ^ (h >>> 7);
    }

    private Object value(int m) {
        return valueRows[m] >= 0 ? new SlicedObject(table, valueRows[m]) : scalars.get(m);
    }

    @Override
    public Object get(Object key) {
        int m = key instanceof String s ? find(s, s.hashCode()) : -1;
        return m < 0 ? null : value(m);
    }

    @Override
    public boolean containsKey(Object key) {
        return key instanceof String s && find(s, s.hashCode()) >= 0;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, Object>> iterator() {
                return new Iterator<>() {
                    private int m;

                    @Override
                    public boolean hasNext() {
                        return m < size;
                    }

                    @Override
                    public Entry<String, Object> next() {
                        if (m >= size) {
                            throw new NoSuchElementException();
                        }
                        int at = m++;
                        return new SimpleImmutableEntry<>((String) keys.get(at), value(at));
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }
}
