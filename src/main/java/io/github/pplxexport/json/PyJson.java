package io.github.pplxexport.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Serialises JSON trees byte for byte like Python's {@code json.dumps(obj, ensure_ascii=False)}:
 * the reference writes thread.json, sources.json, state and index files with {@code indent=1}
 * and raw_*.json compact with {@code ", "} / {@code ": "} separators. Non-ASCII stays raw,
 * control characters are escaped, {@code /} is not. No trailing newline.
 */
public final class PyJson {
    private PyJson() {
    }

    /** {@code json.dumps(o, ensure_ascii=False, indent=1)}. */
    public static String pretty(Object o) {
        StringBuilder sb = new StringBuilder();
        write(sb, o, 1, 0);
        return sb.toString();
    }

    /** {@link #pretty} of a value nested {@code level} deep in a larger document (its lines indented to match). */
    public static String prettyAt(Object o, int level) {
        StringBuilder sb = new StringBuilder();
        write(sb, o, 1, level);
        return sb.toString();
    }

    /** {@code json.dumps(o, ensure_ascii=False)}: one line, ", " and ": " separators. */
    public static String compact(Object o) {
        StringBuilder sb = new StringBuilder();
        write(sb, o, -1, 0);
        return sb.toString();
    }

    /** {@code json.dumps(o)} (ensure_ascii=True): as {@link #compact}, every non-ASCII UTF-16 unit as {@code \\uXXXX}. */
    public static String ascii(Object o) {
        String json = compact(o);
        StringBuilder sb = new StringBuilder(json.length() + 16);
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            // non-ASCII occurs only inside strings, where this is Python's escape
            if (c < 0x80) {
                sb.append(c);
            } else {
                sb.append(String.format("\\u%04x", (int) c));
            }
        }
        return sb.toString();
    }

    private static void write(StringBuilder sb, Object o, int indent, int level) {
        if (o == null) {
            sb.append("null");
        } else if (o instanceof String s) {
            string(sb, s);
        } else if (o instanceof Boolean b) {
            sb.append(b ? "true" : "false");
        } else if (o instanceof Number n) {
            sb.append(number(n));
        } else if (o instanceof Map<?, ?> m) {
            if (m.isEmpty()) {
                sb.append("{}");
                return;
            }
            sb.append('{');
            Iterator<? extends Map.Entry<?, ?>> it = m.entrySet().iterator();
            boolean first = true;
            while (it.hasNext()) {
                Map.Entry<?, ?> e = it.next();
                separator(sb, first, indent, level + 1);
                first = false;
                string(sb, String.valueOf(e.getKey()));
                sb.append(": ");
                write(sb, e.getValue(), indent, level + 1);
            }
            close(sb, indent, level);
            sb.append('}');
        } else if (o instanceof List<?> l) {
            if (l.isEmpty()) {
                sb.append("[]");
                return;
            }
            sb.append('[');
            boolean first = true;
            for (Object v : l) {
                separator(sb, first, indent, level + 1);
                first = false;
                write(sb, v, indent, level + 1);
            }
            close(sb, indent, level);
            sb.append(']');
        } else {
            string(sb, o.toString());
        }
    }

    private static void separator(StringBuilder sb, boolean first, int indent, int level) {
        if (indent < 0) {
            if (!first) {
                sb.append(", ");
            }
            return;
        }
        if (!first) {
            sb.append(',');
        }
        sb.append('\n');
        sb.append(" ".repeat(indent * level));
    }

    private static void close(StringBuilder sb, int indent, int level) {
        if (indent >= 0) {
            sb.append('\n');
            sb.append(" ".repeat(indent * level));
        }
    }

    /** A JSON string literal with Python's escaping (ensure_ascii=False). */
    public static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2);
        string(sb, s);
        return sb.toString();
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        // the runs of characters written as they are go in one append each (a large state file is mostly those)
        int run = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\') {
                continue;
            }
            sb.append(s, run, i);
            run = i + 1;
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    sb.append(String.format("\\u%04x", (int) c)); // a control character
                }
            }
        }
        sb.append(s, run, s.length());
        sb.append('"');
    }

    /** Python's repr of ints and floats (floats: shortest round-trip digits, Python's exponent style). */
    public static String number(Number n) {
        if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte
                || n instanceof BigInteger) {
            return n.toString();
        }
        if (n instanceof BigDecimal bd) {
            return floatRepr(bd.doubleValue());
        }
        return floatRepr(n.doubleValue());
    }

    static String floatRepr(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        if (d == 0.0) {
            return (1.0 / d < 0) ? "-0.0" : "0.0";
        }
        // Shortest digits from Java, then Python's layout: fixed notation for 1e-4 <= |d| < 1e16.
        BigDecimal bd = new BigDecimal(Double.toString(d)).stripTrailingZeros();
        String digits = bd.unscaledValue().abs().toString();
        int exp = digits.length() - 1 - bd.scale(); // decimal exponent of the first digit
        String sign = d < 0 ? "-" : "";
        if (exp >= -5 && exp < 16) {
            if (exp >= 0) {
                if (digits.length() <= exp + 1) {
                    return sign + digits + "0".repeat(exp + 1 - digits.length()) + ".0";
                }
                return sign + digits.substring(0, exp + 1) + "." + digits.substring(exp + 1);
            }
            if (exp >= -4) {
                return sign + "0." + "0".repeat(-exp - 1) + digits;
            }
        }
        String mant = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        String e = String.valueOf(Math.abs(exp));
        if (e.length() < 2) {
            e = "0" + e;
        }
        return sign + mant + "e" + (exp < 0 ? "-" : "+") + e;
    }
}
