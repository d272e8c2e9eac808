package io.github.pplxexport.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Streaming reads with the same value shapes as {@link Json#parse} (LinkedHashMap / ArrayList / String /
 * Integer, Long or BigInteger / Double / Boolean / null), for parsers that keep only part of a document:
 * a subtree the caller needs is read with {@link #tree}, the rest is skipped without building anything.
 */
public final class Tokens {
    private static final JsonFactory FACTORY = Json.MAPPER.getFactory();

    private Tokens() {
    }

    public static JsonParser parser(byte[] json) throws IOException {
        return FACTORY.createParser(json);
    }

    public static JsonParser parser(java.io.InputStream json) throws IOException {
        return FACTORY.createParser(json);
    }

    public static JsonParser parser(byte[] json, int offset, int length) throws IOException {
        return FACTORY.createParser(json, offset, length);
    }

    /** A parser over part of a char array (e.g. a JSON text held in another parser's buffer), without copying. */
    public static JsonParser parser(char[] json, int offset, int length) throws IOException {
        return FACTORY.createParser(json, offset, length);
    }

    /** The value at the parser's current token as a plain tree; the parser ends on the value's last token. */
    public static Object tree(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == null) {
            return null;
        }
        switch (t) {
            case START_OBJECT: {
                Map<String, Object> m = new LinkedHashMap<>();
                String name;
                while ((name = p.nextFieldName()) != null) {
                    p.nextToken();
                    m.put(name, tree(p));
                }
                return m;
            }
            case START_ARRAY: {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    l.add(tree(p));
                }
                return l;
            }
            case VALUE_STRING:
                return p.getText();
            case VALUE_NUMBER_INT:
                return p.getNumberValue();
            case VALUE_NUMBER_FLOAT:
                return p.getDoubleValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_EMBEDDED_OBJECT:
                return p.getEmbeddedObject();
            default:
                return null;
        }
    }

    /** Python truthiness of the value at the current token, consuming it (containers are skipped). */
    public static boolean truthy(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
            JsonToken first = p.nextToken();
            boolean empty = first == JsonToken.END_OBJECT || first == JsonToken.END_ARRAY;
            if (!empty) {
                skipToEnd(p, first);
            }
            return !empty;
        }
        return J.truthy(tree(p));
    }

    /** After the first child token of a container was read: skips that child and the rest of the container. */
    private static void skipToEnd(JsonParser p, JsonToken first) throws IOException {
        int depth = 1;
        if (first == JsonToken.START_OBJECT || first == JsonToken.START_ARRAY) {
            depth++;
        }
        while (depth > 0) {
            JsonToken t = p.nextToken();
            if (t == null) {
                return;
            }
            if (t.isStructStart()) {
                depth++;
            } else if (t.isStructEnd()) {
                depth--;
            }
        }
    }

    /** The string at the current token, else "" (Python: {@code x if isinstance(x, str) else ""}); consumes the value. */
    public static String str(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_STRING) {
            return p.getText();
        }
        EmbeddedJson.skip(p);
        return "";
    }

    /** Fails like {@code json.loads} on anything after the root value ("Extra data"). */
    public static void expectEnd(JsonParser p) throws IOException {
        JsonToken t = p.nextToken();
        if (t != null) {
            throw new com.fasterxml.jackson.core.JsonParseException(p,
                    "Trailing token (of type " + t + ") found after the top-level value");
        }
    }
}
