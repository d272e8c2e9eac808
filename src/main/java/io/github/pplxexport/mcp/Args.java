package io.github.pplxexport.mcp;

import java.util.List;
import java.util.Map;

/** A tool's JSON arguments, read with one clear sentence for a wrong one. */
final class Args {
    private Args() {
    }

    /** A string argument (trimmed; blank counts as missing). */
    static String text(Map<String, Object> args, String name, boolean required) {
        Object v = args == null ? null : args.get(name);
        if (v == null || (v instanceof String s && s.isBlank())) {
            if (required) {
                throw new ToolException("The argument '" + name + "' is required.");
            }
            return null;
        }
        if (!(v instanceof String s)) {
            throw new ToolException("The argument '" + name + "' must be a string.");
        }
        return s.strip();
    }

    /** An integer argument within [min, max] (a whole JSON number, or a string of digits). */
    static int integer(Map<String, Object> args, String name, int dflt, int min, int max) {
        Object v = args == null ? null : args.get(name);
        if (v == null) {
            return dflt;
        }
        long n;
        if (v instanceof Number num && num.doubleValue() == Math.rint(num.doubleValue())) {
            n = num.longValue();
        } else if (v instanceof String s && s.strip().matches("-?\\d{1,10}")) {
            n = Long.parseLong(s.strip());
        } else {
            throw new ToolException("The argument '" + name + "' must be a whole number, got " + v + ".");
        }
        if (n < min || n > max) {
            throw new ToolException("The argument '" + name + "' must be between " + min + " and " + max + ", got " + n + ".");
        }
        return (int) n;
    }

    /** A list of strings (a JSON array, or one comma-separated string). */
    static List<String> strings(Map<String, Object> args, String name) {
        Object v = args == null ? null : args.get(name);
        if (v == null) {
            return List.of();
        }
        if (v instanceof String s) {
            return s.isBlank() ? List.of() : List.of(s.split("\\s*,\\s*"));
        }
        if (v instanceof List<?> l && l.stream().allMatch(x -> x instanceof String)) {
            return l.stream().map(x -> ((String) x).strip()).toList();
        }
        throw new ToolException("The argument '" + name + "' must be a list of model ids.");
    }
}
