package io.github.pplxexport.json;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Reading JSON into plain Java trees (LinkedHashMap / ArrayList / String / Number / Boolean / null),
 * the same shapes the reference works on in Python, so lenient field access stays simple.
 * Writing goes through {@link PyJson}, which reproduces Python's {@code json.dumps} bytes.
 */
public final class Json {

    /** One shared mapper: key order kept, NaN/Infinity accepted like Python's json module. */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    /**
     * For JSON held in string values: like Python's {@code json.loads}, the whole text must be one JSON
     * value; anything after it ("Extra data") makes the decode fail.
     */
    private static final com.fasterxml.jackson.databind.ObjectReader WHOLE_TEXT = MAPPER.readerFor(Object.class)
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private Json() {
    }

    /** Parses any JSON text; throws {@link JsonException} with a short cause on malformed input. */
    public static Object parse(String text) {
        try {
            return normalise(MAPPER.readValue(text, Object.class));
        } catch (IOException e) {
            throw new JsonException(shortMessage(e), e);
        }
    }

    public static Object parse(InputStream in) {
        try {
            return normalise(MAPPER.readValue(in, Object.class));
        } catch (IOException e) {
            throw new JsonException(shortMessage(e), e);
        }
    }

    public static Object read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return normalise(MAPPER.readValue(in, Object.class));
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
     * Lenient decode of a JSON-in-a-string value, as the reference does for {@code text},
     * {@code answer} and {@code plan}: a decode failure gives null, never an exception.
     */
    public static Object decodeLenient(Object value) {
        if (!(value instanceof String s)) {
            return value;
        }
        try {
            return normalise(WHOLE_TEXT.readValue(s));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Small integers become Long so comparisons stay simple; big ones stay BigInteger. */
    private static Object normalise(Object o) {
        if (o instanceof java.math.BigInteger bi && bi.bitLength() < 64) {
            return bi.longValue();
        }
        if (o instanceof Map<?, ?> m) {
            @SuppressWarnings("unchecked")
            Map<Object, Object> mm = (Map<Object, Object>) m;
            for (Map.Entry<Object, Object> e : mm.entrySet()) {
                Object v = e.getValue();
                Object n = normalise(v);
                if (n != v) {
                    e.setValue(n);
                }
            }
            return m;
        }
        if (o instanceof java.util.List<?> l) {
            @SuppressWarnings("unchecked")
            java.util.List<Object> ll = (java.util.List<Object>) l;
            for (int i = 0; i < ll.size(); i++) {
                Object v = ll.get(i);
                Object n = normalise(v);
                if (n != v) {
                    ll.set(i, n);
                }
            }
        }
        return o;
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
