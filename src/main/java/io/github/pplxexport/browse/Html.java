package io.github.pplxexport.browse;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/** Escaping and URL building for the pages: every piece of the archive's text goes through {@link #esc}. */
final class Html {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private Html() {
    }

    /** Text or an attribute value, escaped for HTML. */
    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    static String pathSegment(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** A relative path, each segment encoded. */
    static String path(String relative) {
        StringBuilder b = new StringBuilder();
        for (String seg : relative.split("/")) {
            if (b.length() > 0) {
                b.append('/');
            }
            b.append(pathSegment(seg));
        }
        return b.toString();
    }

    /** {@code base?k=v&…} with the non-blank parameters, encoded. */
    static String url(String base, Map<String, String> params) {
        StringBuilder b = new StringBuilder(base);
        char sep = '?';
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (e.getValue() == null || e.getValue().isBlank()) {
                continue;
            }
            b.append(sep).append(URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8));
            sep = '&';
        }
        return b.toString();
    }

    static Map<String, String> with(Map<String, String> params, String key, String value) {
        Map<String, String> m = new LinkedHashMap<>(params);
        m.put(key, value);
        return m;
    }

    static String day(long epochMs) {
        return epochMs == 0 ? "" : DAY.format(Instant.ofEpochMilli(epochMs));
    }

    static String minute(long epochMs) {
        return epochMs == 0 ? "" : MINUTE.format(Instant.ofEpochMilli(epochMs));
    }
}
