package io.github.pplxexport.json;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reading JSON into plain Java trees (LinkedHashMap / ArrayList / String / Number / Boolean / null),
 * the same shapes the reference works on in Python, so lenient field access stays simple.
 * Writing goes through {@link PyJson}, which reproduces Python's {@code json.dumps} bytes.
 */
public final class Json {

    /**
     * One shared mapper, read like Python's {@code json.loads}: key order kept, NaN/Infinity accepted, and
     * the whole text must be one JSON value (anything after it, "Extra data", is an error). Integers come
     * back as Integer, Long or BigInteger by size; floats as Double.
     */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private Json() {
    }

    /** Parses any JSON text; throws {@link JsonException} with a short cause on malformed input. */
    public static Object parse(String text) {
        try {
            return MAPPER.readValue(text, Object.class);
        } catch (IOException e) {
            throw new JsonException(shortMessage(e), e);
        }
    }

    public static Object parse(InputStream in) {
        try {
            return MAPPER.readValue(in, Object.class);
        } catch (IOException e) {
            throw new JsonException(shortMessage(e), e);
        }
    }

    public static Object read(Path file) throws IOException {
        // the whole file at once: cheaper than a stream for the small files read per thread (thread.json)
        byte[] bytes = Files.readAllBytes(file);
        try {
            return MAPPER.readValue(bytes, Object.class);
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new JsonException(shortMessage(e), e);
        }
    }

    /** Reads a file whose top level must be an object. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> readObject(Path file) throws IOException {
        Object o = read(file);
        if (!(o instanceof Map)) {
            throw new JsonException("top level is " + J.typeName(o) + ", expected an object", null);
        }
        return (Map<String, Object>) o;
    }

    /**
     * The objects of a JSON Lines file, one per line, in file order: none when the file is absent; a line that is
     * not a JSON object (cut short by a kill, written half by another sink) is skipped.
     */
    public static List<Map<String, Object>> readObjectLines(Path file) throws IOException {
        List<Map<String, Object>> objects = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return objects;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            try {
                Map<String, Object> m = J.asMap(parse(line));
                if (m != null) {
                    objects.add(m);
                }
            } catch (RuntimeException e) {
                // skipped, see above
            }
        }
        return objects;
    }

    /**
     * Lenient decode of a JSON-in-a-string value, as the reference does for {@code text},
     * {@code answer} and {@code plan}: a decode failure gives null, never an exception.
     */
    public static Object decodeLenient(Object value) {
        if (!(value instanceof String s)) {
            return value;
        }
        try {
            return MAPPER.readValue(s, Object.class);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** A parse failure as a {@link JsonException} with a one-line cause. */
    public static JsonException malformed(IOException e) {
        return new JsonException(shortMessage(e), e);
    }

    static String shortMessage(Exception e) {
        String m = e.getMessage();
        if (m == null) {
            return e.getClass().getSimpleName();
        }
        int nl = m.indexOf('\n');
        return nl >= 0 ? m.substring(0, nl) : m;
    }
}
