package io.github.pplxexport.replay;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** URL decoding: query strings (keys may repeat: the schematized fetch repeats {@code supported_block_use_cases}) and path segments. */
final class QueryString {
    private QueryString() {
    }

    static Map<String, List<String>> parse(String rawQuery) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return out;
        }
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            out.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
        }
        return out;
    }

    static String first(Map<String, List<String>> query, String key) {
        List<String> v = query.get(key);
        return v == null || v.isEmpty() ? null : v.get(0);
    }

    /** Decodes one path segment: unlike a query, a path keeps '+' as a plus. */
    static String decodeSegment(String segment) {
        return decode(segment.replace("+", "%2B"));
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s; // a stray '%' is kept literally rather than failing the request
        }
    }
}
