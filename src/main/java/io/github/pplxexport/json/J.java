package io.github.pplxexport.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Lenient access to JSON trees with Python semantics: a missing key, a wrong type or null all read
 * as "empty", and truthiness follows Python ({@code "" , 0, [], {}, null, false} are falsy), because
 * the reference's rules are written as {@code a or b} chains over untrusted API data.
 */
public final class J {
    private J() {
    }

    public static Object get(Object map, String key) {
        return map instanceof Map<?, ?> m ? m.get(key) : null;
    }

    /** The value at {@code key} when it is a string, else "" (None and other types are empty). */
    public static String str(Object map, String key) {
        return get(map, key) instanceof String s ? s : "";
    }

    /**
     * The UTC stamp at {@code key} as a number, when a large file's row holds it packed, without making its String:
     * two such numbers of the same shape ({@link #sameShape}: no fraction, 3 or 6 digits) compare as their texts do;
     * -1 when not at hand (ask {@link #str}).
     */
    public static long stampKey(Object map, String key) {
        return map instanceof SlicedObject o ? o.stamp(key) : -1;
    }

    /** Whether two {@link #stampKey}s are both at hand and of the same shape, so that they compare as their texts. */
    public static boolean sameShape(long a, long b) {
        return a >= 0 && b >= 0 && (a & 3) == (b & 3);
    }

    /** First truthy value among the keys, as a string ("" if none). Python: {@code a or b}. */
    public static String firstStr(Object map, String... keys) {
        for (String k : keys) {
            Object v = get(map, k);
            if (truthy(v)) {
                return asText(v);
            }
        }
        return "";
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> map(Object map, String key) {
        return get(map, key) instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    @SuppressWarnings("unchecked")
    public static List<Object> list(Object map, String key) {
        return get(map, key) instanceof List<?> l ? (List<Object>) l : List.of();
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> asMap(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
    }

    @SuppressWarnings("unchecked")
    public static List<Object> asList(Object o) {
        return o instanceof List<?> l ? (List<Object>) l : null;
    }

    public static boolean isMap(Object o) {
        return o instanceof Map;
    }

    /** Python truthiness. */
    public static boolean truthy(Object v) {
        if (v == null) {
            return false;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof String s) {
            return !s.isEmpty();
        }
        if (v instanceof Collection<?> c) {
            return !c.isEmpty();
        }
        if (v instanceof Map<?, ?> m) {
            return !m.isEmpty();
        }
        if (v instanceof BigDecimal bd) {
            return bd.signum() != 0;
        }
        if (v instanceof BigInteger bi) {
            return bi.signum() != 0;
        }
        if (v instanceof Double d) {
            return d != 0.0;
        }
        if (v instanceof Number n) {
            return n.longValue() != 0;
        }
        return true;
    }

    /**
     * Text of a scalar the way the reference prints it with {@code str()}: strings as they are,
     * numbers in Python form, booleans as True/False; containers as JSON (never Python repr, so no
     * {@code {'key': ...}} text reaches the archive).
     */
    public static String asText(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof Boolean b) {
            return b ? "True" : "False";
        }
        if (v instanceof Number n) {
            return PyJson.number(n);
        }
        return PyJson.compact(v);
    }

    /**
     * Lenient integer, like the reference's int() with a fallback of 0: numbers, numeric strings;
     * anything else (null, text, containers) gives {@code dflt}.
     */
    public static long toLong(Object v, long dflt) {
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        if (v instanceof Number n) {
            if (v instanceof Double d && (d.isNaN() || d.isInfinite())) {
                return dflt;
            }
            return n.longValue();
        }
        if (v instanceof String s) {
            try {
                return Long.parseLong(s.strip());
            } catch (NumberFormatException e) {
                return dflt;
            }
        }
        return dflt;
    }

    public static String typeName(Object o) {
        if (o == null) {
            return "null";
        }
        if (o instanceof Map) {
            return "an object";
        }
        if (o instanceof List) {
            return "a list";
        }
        if (o instanceof String) {
            return "a string";
        }
        if (o instanceof Boolean) {
            return "a boolean";
        }
        if (o instanceof Number) {
            return "a number";
        }
        return o.getClass().getSimpleName();
    }
}
