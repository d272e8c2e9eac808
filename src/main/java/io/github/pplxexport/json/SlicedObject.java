package io.github.pplxexport.json;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Set;

/**
 * One JSON object of a {@link SlicedFile}, read-only: the values of its {@link Keys} at hand (packed in its
 * {@link SlicedTable}), every other key parsed from the object's bytes on each ask (not kept: most objects of a large
 * file are never asked), and written back as its bytes when they are what {@link PyJson} would write.
 */
public final class SlicedObject extends AbstractMap<String, Object> {

    /** The keys kept at hand, and which of them have few distinct values (one String shared by all objects). */
    public static final class Keys {
        private final String[] names;
        private final boolean[] shared;

        private Keys(String[] names, boolean[] shared) {
            this.names = names;
            this.shared = shared;
        }

        /** {@code names} kept; those also in {@code sharedValues} have few distinct values (a mode, a status). */
        public static Keys of(java.util.List<String> names, java.util.List<String> sharedValues) {
            boolean[] shared = new boolean[names.size()];
            for (int i = 0; i < shared.length; i++) {
                shared[i] = sharedValues.contains(names.get(i));
            }
            return new Keys(names.stream().map(String::intern).toArray(String[]::new), shared);
        }

        int indexOf(Object key) {
            for (int i = 0; i < names.length; i++) {
                if (names[i] == key) {
                    return i;
                }
            }
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(key)) {
                    return i;
                }
            }
            return -1;
        }

        int size() {
            return names.length;
        }

        boolean shared(int i) {
            return shared[i];
        }

        Object[] absent() {
            Object[] values = new Object[names.length];
            Arrays.fill(values, SlicedTable.ABSENT);
            return values;
        }
    }

    private final SlicedTable table;
    private final int row;

    SlicedObject(SlicedTable table, int row) {
        this.table = table;
        this.row = row;
    }

    @Override
    public Object get(Object key) {
        Object v = table.value(row, key);
        if (v == SlicedTable.PARSE) {
            return parsed().get(key);
        }
        return v == SlicedTable.ABSENT || v == SlicedTable.NULL ? null : v;
    }

    @Override
    public boolean containsKey(Object key) {
        Object v = table.value(row, key);
        return v == SlicedTable.PARSE ? parsed().containsKey(key) : v != SlicedTable.ABSENT;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return parsed().entrySet();
    }

    /** The whole object, parsed from its bytes (key order kept). */
    @SuppressWarnings("unchecked")
    public Map<String, Object> parsed() {
        try {
            return Collections.unmodifiableMap((Map<String, Object>) Json.MAPPER.readValue(bytes(), Object.class));
        } catch (IOException e) {
            throw new UncheckedIOException("reading back " + table.length(row) + " bytes of a JSON file", e);
        }
    }

    /** The packed stamp {@code key} holds ({@link J#stampKey}), or {@link CompactText#NO_STAMP}. */
    long stamp(String key) {
        return table.column(key) instanceof SlicedTable.TextColumn c ? c.stamp(row) : CompactText.NO_STAMP;
    }

    /** Whether {@code other} is read from the same scan of the same file (a second read that parsed nothing). */
    public boolean sameScan(Object other) {
        return other instanceof SlicedObject o && o.table == table;
    }

    byte[] bytes() throws IOException {
        return table.file.bytes(table.offset(row), table.length(row));
    }

    /** Writes the object nested {@code level} deep in a pretty document: its bytes when canonical, else serialised. */
    void writePretty(OutputStream out, int level) throws IOException {
        byte[] b = bytes();
        if (table.canonical(row, level, b)) {
            out.write(b);
        } else {
            out.write(PyJson.prettyAt(parsed(), level).getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * Whether {@code b} is what {@link PyJson#pretty} writes for an object {@code level} deep (Python's
     * {@code json.dump(indent=1, ensure_ascii=False)}, which wrote the reference's files): indented one space a level,
     * no escapes but Python's ({@code \" \\ \n \r \t \b \f} and a six-character escape below U+0020). A file written by
     * another writer (ASCII escapes, another indent) fails this and its objects are serialised again.
     */
    static boolean canonical(byte[] b, int level) {
        int n = b.length;
        if (n == 2) {
            return b[0] == '{' && b[1] == '}';
        }
        int head = 2 + level + 1;
        if (n < head + 1 + 2 + level || b[0] != '{' || b[1] != '\n' || b[head] != '"' || b[n - 1] != '}'
                || b[n - 2 - level] != '\n') {
            return false;
        }
        for (int i = 2; i < head; i++) {
            if (b[i] != ' ') {
                return false;
            }
        }
        for (int i = n - 1 - level; i < n - 1; i++) {
            if (b[i] != ' ') {
                return false;
            }
        }
        for (int i = 0; i < n; i++) {
            if (b[i] != '\\') {
                continue;
            }
            byte e = i + 1 < n ? b[i + 1] : 0;
            switch (e) {
                case '"', '\\', 'n', 'r', 't', 'b', 'f' -> i++;
                case 'u' -> {
                    if (i + 5 >= n || b[i + 2] != '0' || b[i + 3] != '0' || (b[i + 4] != '0' && b[i + 4] != '1')
                            || !lowerHex(b[i + 5])) {
                        return false;
                    }
                    i += 5;
                }
                default -> {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean lowerHex(byte c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    }
}
