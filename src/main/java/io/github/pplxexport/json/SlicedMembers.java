package io.github.pplxexport.json;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
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
    /** Where each member's key starts in the file. */
    private long[] keyOffsets = new long[1024];
    /** Per member, once checked: bit 0 its key and value are as PyJson writes them, bit 1 the next member follows it. */
    private byte[] checks;
    /** Member number + 1 by hash, 0 free; at most half full. */
    private int[] slots = new int[2048];
    private int size;

    SlicedMembers(SlicedTable table) {
        this.table = table;
    }

    SlicedTable table() {
        return table;
    }

    /**
     * Adds a member whose key starts at {@code keyAt} in the file and whose value is row {@code row} of the table
     * (or, with row -1, {@code scalar}).
     */
    void add(String key, long keyAt, int row, Object scalar) {
        int h = key.hashCode();
        int found = find(key, h);
        int m = found >= 0 ? found : size;
        if (found < 0) {
            if (size == hashes.length) {
                hashes = Arrays.copyOf(hashes, size * 2);
                valueRows = Arrays.copyOf(valueRows, size * 2);
                keyOffsets = Arrays.copyOf(keyOffsets, size * 2);
            }
            keys.set(m, key);
            hashes[m] = h;
            keyOffsets[m] = keyAt;
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

    /**
     * {@code json.dumps(this with changes over it, indent=1)}: see {@link SlicedFile#writeMembers}. Runs of unchanged
     * members whose bytes are checked canonical and adjacent are copied from the file in one piece.
     */
    void writePretty(OutputStream out, Map<String, Object> changes) throws IOException {
        java.util.BitSet changed = new java.util.BitSet(size);
        java.util.List<String> added = new java.util.ArrayList<>();
        for (String k : changes.keySet()) {
            int m = find(k, k.hashCode());
            if (m >= 0) {
                changed.set(m);
            } else {
                added.add(k);
            }
        }
        if (size == 0 && added.isEmpty()) {
            out.write(EMPTY);
            return;
        }
        out.write('{');
        boolean first = true;
        for (int m = 0; m < size; ) {
            out.write(first ? FIRST : NEXT);
            first = false;
            if (!changed.get(m) && (check(m) & OWN) != 0) {
                int end = m + 1;
                while (end < size && !changed.get(end) && (check(end - 1) & ADJACENT) != 0 && (check(end) & OWN) != 0) {
                    end++;
                }
                int last = valueRows[end - 1];
                table.file.copy(out, keyOffsets[m], table.offset(last) + table.length(last));
                m = end;
            } else {
                String key = (String) keys.get(m);
                member(out, key, changed.get(m) ? changes.get(key) : value(m));
                m++;
            }
        }
        for (String k : added) {
            out.write(first ? FIRST : NEXT);
            first = false;
            member(out, k, changes.get(k));
        }
        out.write(END);
    }

    private static final byte[] EMPTY = "{}".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FIRST = "\n ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NEXT = ",\n ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END = "\n}".getBytes(StandardCharsets.US_ASCII);
    private static final int OWN = 1;
    private static final int ADJACENT = 2;

    /** {@code json.dumps(members, indent=1)}: every member serialised (a {@link SlicedObject} as its bytes). */
    static void writeAll(OutputStream out, Map<String, Object> members) throws IOException {
        if (members.isEmpty()) {
            out.write(EMPTY);
            return;
        }
        out.write('{');
        boolean first = true;
        for (Map.Entry<String, Object> e : members.entrySet()) {
            out.write(first ? FIRST : NEXT);
            first = false;
            member(out, e.getKey(), e.getValue());
        }
        out.write(END);
    }

    private static void member(OutputStream out, String key, Object value) throws IOException {
        out.write((PyJson.quote(key) + ": ").getBytes(StandardCharsets.UTF_8));
        SlicedFile.writePretty(out, value, 1);
    }

    /** The checks of member {@code m} (made at its first save). */
    private int check(int m) throws IOException {
        if (checks == null) {
            checks = new byte[size];
        }
        if (checks[m] != 0) {
            return checks[m] & 3;
        }
        int c = 0;
        int row = valueRows[m];
        if (row >= 0) {
            byte[] key = (PyJson.quote((String) keys.get(m)) + ": ").getBytes(StandardCharsets.UTF_8);
            if (table.offset(row) - keyOffsets[m] == key.length
                    && Arrays.equals(key, table.file.bytes(keyOffsets[m], key.length)) && table.canonical(row, 1)) {
                c |= OWN;
            }
            long end = table.offset(row) + table.length(row);
            if (m + 1 < size && keyOffsets[m + 1] == end + NEXT.length
                    && Arrays.equals(NEXT, table.file.bytes(end, NEXT.length))) {
                c |= ADJACENT;
            }
        }
        checks[m] = (byte) (c | 4);
        return c;
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

    /** The values without their keys (a uuid key is made only when asked for). */
    @Override
    public java.util.Collection<Object> values() {
        return new java.util.AbstractCollection<>() {
            @Override
            public Iterator<Object> iterator() {
                return inOrder(SlicedMembers.this::value);
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, Object>> iterator() {
                return inOrder(m -> new SimpleImmutableEntry<>((String) keys.get(m), value(m)));
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    /** The members in file order, each as {@code member} makes it from its index. */
    private <T> Iterator<T> inOrder(java.util.function.IntFunction<T> member) {
        return new Iterator<>() {
            private int m;

            @Override
            public boolean hasNext() {
                return m < size;
            }

            @Override
            public T next() {
                if (m >= size) {
                    throw new NoSuchElementException();
                }
                return member.apply(m++);
            }
        };
    }
}
