package io.github.pplxexport.json;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * The objects one scan of a {@link SlicedFile} found, by column: where each object's bytes are, and each kept key's
 * value packed ({@link Column}). An object is a {@link SlicedObject} made when asked for (a few bytes each, garbage
 * right after), so 100,000 rows cost ~40 bytes each instead of a parsed map's ~2 KB.
 */
final class SlicedTable {
    /** Tags of a kept key's value that are not the value itself. */
    static final Object ABSENT = new Object();
    static final Object NULL = new Object();
    /** An object or a list: parsed from the bytes like a key that is not kept. */
    static final Object PARSE = new Object();

    final SlicedFile file;
    final SlicedObject.Keys keys;
    private final Column[] columns;
    private long[] offsets = new long[1024];
    private int[] lengths = new int[1024];
    private int size;

    SlicedTable(SlicedFile file, SlicedObject.Keys keys) {
        this.file = file;
        this.keys = keys;
        this.columns = new Column[keys.size()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = keys.shared(i) ? new SharedColumn() : new TextColumn();
        }
    }

    /** Adds an object: its bytes and its kept values (or the tags above); returns its row. */
    int add(long offset, int length, Object[] values) {
        if (size == offsets.length) {
            offsets = Arrays.copyOf(offsets, size * 2);
            lengths = Arrays.copyOf(lengths, size * 2);
        }
        offsets[size] = offset;
        lengths[size] = length;
        for (int i = 0; i < columns.length; i++) {
            columns[i].set(size, values[i]);
        }
        return size++;
    }

    int size() {
        return size;
    }

    /** 0 not checked yet, 1 canonical, 2 not: a row's bytes are checked once, not at every save. */
    private byte[] verdicts;

    /** Whether row's bytes are what {@link PyJson} writes {@code level} deep ({@link SlicedObject#canonical}). */
    boolean canonical(int row, int level, byte[] bytes) {
        if (verdicts == null || verdicts.length < size) {
            verdicts = verdicts == null ? new byte[size] : Arrays.copyOf(verdicts, size);
        }
        if (verdicts[row] == 0) {
            verdicts[row] = SlicedObject.canonical(bytes, level) ? (byte) 1 : (byte) 2;
        }
        return verdicts[row] == 1;
    }

    /** {@link #canonical(int, int, byte[])} reading the bytes only when not checked yet. */
    boolean canonical(int row, int level) throws java.io.IOException {
        if (verdicts != null && row < verdicts.length && verdicts[row] != 0) {
            return verdicts[row] == 1;
        }
        return canonical(row, level, file.bytes(offsets[row], lengths[row]));
    }

    long offset(int row) {
        return offsets[row];
    }

    int length(int row) {
        return lengths[row];
    }

    /** The kept value of {@code key} (a tag above when not a plain value), or PARSE when the key is not kept. */
    Object value(int row, Object key) {
        int c = keys.indexOf(key);
        return c < 0 ? PARSE : columns[c].get(row);
    }

    /** The column of a kept key, or null. */
    Column column(String key) {
        int c = keys.indexOf(key);
        return c < 0 ? null : columns[c];
    }

    /** The objects in file order, each made when asked for. */
    List<Map<String, Object>> rows() {
        return new Rows();
    }

    /** What {@link #rows()} gives: its table is at hand for a {@link RowFinder}. */
    final class Rows extends AbstractList<Map<String, Object>> implements RandomAccess {
        SlicedTable table() {
            return SlicedTable.this;
        }

        @Override
        public Map<String, Object> get(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException(index);
            }
            return new SlicedObject(SlicedTable.this, index);
        }

        @Override
        public int size() {
            return size;
        }
    }

    /** One kept key's values, row by row. */
    interface Column {
        void set(int row, Object value);

        Object get(int row);

        /** The hash of row's value when it is a non-empty string ({@link #textHash}), else 0 and not found. */
        default int hash(int row) {
            return get(row) instanceof String s && !s.isEmpty() ? textHash(s) : 0;
        }

        /** Whether row's value is the string {@code s} (whose packed form, null when none, is {@code packed}). */
        default boolean is(int row, String s, Packed packed) {
            return s.equals(get(row));
        }
    }

    /** A string's uuid bits, when it is a uuid {@link CompactText} packs. */
    record Packed(long high, long low) {
        static Packed of(String s) {
            return CompactText.isUuid(s) ? new Packed(CompactText.uuidHigh(s), CompactText.uuidLow(s)) : null;
        }

        /** {@link #textHash} of the uuid. */
        int hash() {
            return uuidHash(high, low);
        }
    }

    /** A string's hash as a column computes it without unpacking (uuids hash their bits); never 0. */
    static int textHash(String s) {
        Packed p = Packed.of(s);
        return p != null ? p.hash() : nonZero(s.hashCode());
    }

    private static int uuidHash(long high, long low) {
        return nonZero(Long.hashCode(high * 31 + low));
    }

    private static int nonZero(int h) {
        return h == 0 ? 1 : h;
    }

    /** A key with few distinct values (a mode, a status): a code a row, the values once. */
    private static final class SharedColumn implements Column {
        private final List<Object> values = new ArrayList<>(List.of(ABSENT, NULL, PARSE));
        private final Map<Object, Integer> codes = new HashMap<>(Map.of(ABSENT, 0, NULL, 1, PARSE, 2));
        private int[] rows = new int[1024];

        @Override
        public void set(int row, Object value) {
            if (row == rows.length) {
                rows = Arrays.copyOf(rows, row * 2);
            }
            rows[row] = codes.computeIfAbsent(value, v -> {
                values.add(v);
                return values.size() - 1;
            });
        }

        @Override
        public Object get(int row) {
            return values.get(rows[row]);
        }
    }

    /** A key holding uuids or stamps: packed into longs ({@link CompactText}) when they come back exact. */
    static final class TextColumn implements Column {
        private static final byte TAG_ABSENT = 0;
        private static final byte TAG_NULL = 1;
        private static final byte TAG_PARSE = 2;
        private static final byte TAG_UUID = 3;
        private static final byte TAG_STAMP = 4;
        private static final byte TAG_OTHER = 5;

        private byte[] tags = new byte[1024];
        private long[] first;
        private long[] second;
        /** The values that pack into nothing, by row (rare). */
        private final Map<Integer, Object> others = new HashMap<>();

        @Override
        public void set(int row, Object value) {
            if (row == tags.length) {
                tags = Arrays.copyOf(tags, row * 2);
            }
            if (value == ABSENT) {
                tags[row] = TAG_ABSENT;
            } else if (value == NULL) {
                tags[row] = TAG_NULL;
            } else if (value == PARSE) {
                tags[row] = TAG_PARSE;
            } else if (value instanceof String s && CompactText.isUuid(s)) {
                tags[row] = TAG_UUID;
                put(row, CompactText.uuidHigh(s), CompactText.uuidLow(s), true);
            } else if (value instanceof String s && CompactText.stamp(s) != CompactText.NO_STAMP) {
                tags[row] = TAG_STAMP;
                put(row, CompactText.stamp(s), 0, false);
            } else {
                tags[row] = TAG_OTHER;
                others.put(row, value);
            }
        }

        private void put(int row, long a, long b, boolean two) {
            first = fit(first, row);
            first[row] = a;
            if (two) {
                second = fit(second, row);
                second[row] = b;
            }
        }

        private static long[] fit(long[] array, int row) {
            if (array == null) {
                return new long[Math.max(1024, Integer.highestOneBit(row) * 2)];
            }
            return row < array.length ? array : Arrays.copyOf(array, Math.max(array.length * 2, row + 1));
        }

        @Override
        public int hash(int row) {
            if (tags[row] == TAG_UUID) {
                return uuidHash(first[row], second[row]);
            }
            return Column.super.hash(row);
        }

        @Override
        public boolean is(int row, String s, Packed packed) {
            if (tags[row] == TAG_UUID) {
                return packed != null && first[row] == packed.high() && second[row] == packed.low();
            }
            return Column.super.is(row, s, packed);
        }

        /** Row's packed stamp ({@link CompactText#stamp(String)}), or {@link CompactText#NO_STAMP}. */
        long stamp(int row) {
            return tags[row] == TAG_STAMP ? first[row] : CompactText.NO_STAMP;
        }

        @Override
        public Object get(int row) {
            return switch (tags[row]) {
                case TAG_ABSENT -> ABSENT;
                case TAG_NULL -> NULL;
                case TAG_PARSE -> PARSE;
                case TAG_UUID -> CompactText.uuid(first[row], second[row]);
                case TAG_STAMP -> CompactText.stamp(first[row]);
                default -> others.get(row);
            };
        }
    }
}
