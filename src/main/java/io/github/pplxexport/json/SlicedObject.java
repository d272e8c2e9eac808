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
 * One JSON object of a {@link SlicedFile}, read-only: the values of its {@link Keys} (scalars) at hand, every other
 * key parsed from the object's bytes on each ask (not kept: most objects of a large file are never asked), and
 * written back as its bytes when they are what {@link PyJson} would write.
 */
public final class SlicedObject extends AbstractMap<String, Object> {
    /** A kept key the object does not have. */
    static final Object ABSENT = new Object();
    /** A kept key whose value is JSON null. */
    static final Object NULL = new Object();
    /** A kept key whose value is an object or a list: parsed from the bytes like any other key. */
    static final Object PARSE = new Object();

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

        boolean shared(int i) {
            return shared[i];
        }

        Object[] absent() {
            Object[] values = new Object[names.length];
            Arrays.fill(values, ABSENT);
            return values;
        }
    }

    private final SlicedFile file;
    private final long offset;
    private final int length;
    private final Keys keys;
    private final Object[] values;

    SlicedObject(SlicedFile file, long offset, int length, Keys keys, Object[] values) {
        this.file = file;
        this.offset = offset;
        this.length = length;
        this.keys = keys;
        this.values = values;
    }

    @Override
    public Object get(Object key) {
        int i = keys.indexOf(key);
        if (i >= 0 && values[i] != PARSE) {
            return values[i] == ABSENT || values[i] == NULL ? null : values[i];
        }
        return parsed().get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        int i = keys.indexOf(key);
        if (i >= 0 && values[i] != PARSE) {
            return values[i] != ABSENT;
        }
        return parsed().containsKey(key);
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
            throw new UncheckedIOException("reading back " + length + " bytes of a JSON file", e);
        }
    }

    byte[] bytes() throws IOException {
        return file.bytes(offset, length);
    }

    /** Writes the object nested {@code level} deep in a pretty document: its bytes when canonical, else serialised. */
    void writePretty(OutputStream out, int level) throws IOException {
        byte[] b = bytes();
        if (canonical(b, level)) {
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
