package io.github.pplxexport.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

/**
 * A JSON file of many objects (the library index's rows, batch_state's records) read as slices: one streaming pass
 * notes where each object's bytes are and the values of a few of its keys ({@link SlicedObject}); the rest of an
 * object is parsed from its bytes when asked for, and an unchanged object is written back as its bytes. Memory stays
 * a few dozen bytes an object instead of a parsed map (~2 KB), and a save copies instead of serialising.
 *
 * <p>The file stays open while an object refers to it: a later save renames a new file over the path, and this one's
 * bytes stay readable through the open channel (closed once no object refers to it).
 */
public final class SlicedFile {
    private static final Cleaner CLEANER = Cleaner.create();
    /** Objects are read mostly in file order (a save, a plan): one window read serves many of them. */
    private static final int WINDOW = 1 << 16;

    /**
     * State files are keyed by uuid: Jackson would intern 100,000 distinct names (a third of the read's time). Its
     * field-name table stays (without it Jackson reads through a char reader, which has no byte offsets).
     */
    private static final JsonFactory MANY_KEYS = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
            .disable(JsonFactory.Feature.FAIL_ON_SYMBOL_HASH_OVERFLOW)
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE) // the channel stays open for the slices
            .build();
    private static final JsonFactory FEW_KEYS = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            .build();
    /**
     * A value inside the file, read where the parser stands (the file goes on after it): only for the rare non-string
     * value of a kept key or a member that is no object, so a scan does not wait for the object mapper's set-up.
     */
    private static final class Value {
        static final ObjectReader READER = Json.MAPPER.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    private final FileChannel channel;
    private final ByteBuffer window = ByteBuffer.allocate(WINDOW);
    private long windowStart = -1;

    private SlicedFile(FileChannel channel) {
        this.channel = channel;
    }

    private static SlicedFile open(Path file) throws IOException {
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        SlicedFile sliced = new SlicedFile(ch);
        CLEANER.register(sliced, () -> {
            try {
                ch.close();
            } catch (IOException ignored) {
                // a read-only channel: nothing to lose
            }
        });
        return sliced;
    }

    /**
     * The object elements of the list under the top-level key {@code listKey} (other elements are left out; a file
     * whose key is missing or not a list has none), each keeping {@code keys} at hand.
     *
     * @throws JsonException when the file is not one JSON object
     */
    public static List<Map<String, Object>> objectsOfList(Path file, String listKey, SlicedObject.Keys keys)
            throws IOException {
        SlicedFile sliced = open(file);
        SlicedTable table = null;
        try (JsonParser p = FEW_KEYS.createParser(Channels.newInputStream(sliced.channel.position(0)))) {
            Scan scan = new Scan(p, keys);
            scan.expectObject();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                boolean list = listKey.equals(p.currentName());
                if (p.nextToken() == JsonToken.START_ARRAY && list) {
                    table = new SlicedTable(sliced, keys); // a key given twice: the last one counts, as in a parsed map
                    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                        if (t == JsonToken.START_OBJECT) {
                            scan.object(table);
                        } else {
                            p.skipChildren();
                        }
                    }
                } else {
                    if (list) {
                        table = null;
                    }
                    p.skipChildren();
                }
            }
            scan.expectEnd();
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw Json.malformed(e);
        }
        return table == null ? List.of() : table.rows();
    }

    /**
     * The members of a file that is one JSON object, in file order: object values as {@link SlicedObject}s keeping
     * {@code keys} at hand, other values parsed. Read-only.
     *
     * @throws JsonException when the file is not one JSON object
     */
    public static Map<String, Object> members(Path file, SlicedObject.Keys keys) throws IOException {
        SlicedFile sliced = open(file);
        SlicedMembers members = new SlicedMembers(new SlicedTable(sliced, keys));
        try (JsonParser p = MANY_KEYS.createParser(Channels.newInputStream(sliced.channel.position(0)))) {
            Scan scan = new Scan(p, keys);
            scan.expectObject();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                long keyAt = p.currentTokenLocation().getByteOffset();
                if (p.nextToken() == JsonToken.START_OBJECT) {
                    members.add(name, keyAt, scan.object(members.table()), null);
                } else {
                    members.add(name, keyAt, -1, Value.READER.readValue(p, Object.class));
                }
            }
            scan.expectEnd();
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw Json.malformed(e);
        }
        return members;
    }

    /** One pass over a file: the parser, and the few short values shared by many objects (one String each). */
    private static final class Scan {
        private final JsonParser p;
        private final SlicedObject.Keys keys;
        private final Object[] values;

        Scan(JsonParser p, SlicedObject.Keys keys) {
            this.p = p;
            this.keys = keys;
            this.values = keys.absent();
        }

        void expectObject() throws IOException {
            JsonToken first = p.nextToken();
            if (first != JsonToken.START_OBJECT) {
                throw new JsonException("top level is " + (first == null ? "empty" : first.asString() == null
                        ? first.name().toLowerCase(java.util.Locale.ROOT) : first.asString()) + ", expected an object", null);
            }
        }

        void expectEnd() throws IOException {
            if (p.nextToken() != null) {
                throw new JsonException("extra data after the top-level object", null);
            }
        }

        /** The object starting at the current token, added to {@code table} with its kept values; its row. */
        int object(SlicedTable table) throws IOException {
            long start = p.currentTokenLocation().getByteOffset();
            java.util.Arrays.fill(values, SlicedTable.ABSENT);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                int i = keys.indexOf(p.currentName());
                JsonToken t = p.nextToken();
                if (i < 0) {
                    p.skipChildren();
                } else if (t == JsonToken.VALUE_STRING) {
                    values[i] = p.getText();
                } else if (t.isScalarValue()) {
                    Object v = Value.READER.readValue(p, Object.class);
                    values[i] = v == null ? SlicedTable.NULL : v;
                } else {
                    values[i] = SlicedTable.PARSE;
                    p.skipChildren();
                }
            }
            long end = p.currentTokenLocation().getByteOffset() + 1;
            return table.add(start, (int) (end - start), values);
        }
    }

    /** The bytes at {@code offset}. */
    synchronized byte[] bytes(long offset, int length) throws IOException {
        byte[] out = new byte[length];
        if (length > WINDOW) {
            ByteBuffer b = ByteBuffer.wrap(out);
            while (b.hasRemaining()) {
                if (channel.read(b, offset + b.position()) < 0) {
                    throw new IOException("file shorter than when it was read");
                }
            }
            return out;
        }
        if (windowStart < 0 || offset < windowStart || offset + length > windowStart + window.limit()) {
            window.clear();
            windowStart = offset;
            while (window.position() < length) {
                if (channel.read(window, offset + window.position()) < 0) {
                    throw new IOException("file shorter than when it was read");
                }
            }
            window.flip();
        }
        window.get((int) (offset - windowStart), out, 0, length);
        return out;
    }

    /** Copies the bytes {@code [from, to)}. */
    synchronized void copy(OutputStream out, long from, long to) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(WINDOW);
        for (long pos = from; pos < to; ) {
            buf.clear().limit((int) Math.min(WINDOW, to - pos));
            int n = channel.read(buf, pos);
            if (n < 0) {
                throw new IOException("file shorter than when it was read");
            }
            out.write(buf.array(), 0, n);
            pos += n;
        }
    }

    /**
     * Writes {@code json.dumps(members, indent=1)} of {@code read} (as {@link #members} gave it) with {@code changes}
     * over it: a changed key keeps its place, a new one comes last, in the changes' order. Runs of unchanged members
     * of a canonical file are copied as they are in it, so saving 100,000 records to change one costs a copy.
     */
    public static void writeMembers(OutputStream out, Map<String, Object> read, Map<String, Object> changes)
            throws IOException {
        if (read instanceof SlicedMembers sliced) {
            sliced.writePretty(out, changes);
            return;
        }
        Map<String, Object> all = new java.util.LinkedHashMap<>(read);
        all.putAll(changes);
        SlicedMembers.writeAll(out, all);
    }

    /** Writes a value nested {@code level} deep in a pretty document: a {@link SlicedObject} as its bytes when it can. */
    public static void writePretty(OutputStream out, Object value, int level) throws IOException {
        if (value instanceof SlicedObject o) {
            o.writePretty(out, level);
        } else {
            out.write(PyJson.prettyAt(value, level).getBytes(StandardCharsets.UTF_8));
        }
    }
}
