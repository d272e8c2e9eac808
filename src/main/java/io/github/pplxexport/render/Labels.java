package io.github.pplxexport.render;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;

/** A label set: the default reference wording, optionally overridden entry by entry. */
public final class Labels {
    /** The reference's labels; byte-compatible output. */
    public static final Labels DEFAULT = new Labels(Map.of());

    private final EnumMap<Label, String> text = new EnumMap<>(Label.class);

    public Labels(Map<Label, String> overrides) {
        for (Label l : Label.values()) {
            text.put(l, overrides.getOrDefault(l, l.defaultText()));
        }
    }

    /** A label set from a UTF-8 properties file whose keys are {@link Label} names. */
    public static Labels load(InputStream in) throws IOException {
        Properties p = new Properties();
        p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        Map<Label, String> overrides = new EnumMap<>(Label.class);
        for (String k : p.stringPropertyNames()) {
            overrides.put(Label.valueOf(k), p.getProperty(k));
        }
        return new Labels(overrides);
    }

    public String get(Label l) {
        return text.get(l);
    }

    /** The label with {@code {0}}, {@code {1}}, … replaced by the arguments' text. */
    public String format(Label l, Object... args) {
        String t = text.get(l);
        if (args.length == 0) {
            return t;
        }
        StringBuilder sb = new StringBuilder(t.length() + 32);
        int i = 0;
        while (i < t.length()) {
            char c = t.charAt(i);
            if (c == '{' && i + 2 < t.length() && Character.isDigit(t.charAt(i + 1)) && t.charAt(i + 2) == '}') {
                int n = t.charAt(i + 1) - '0';
                sb.append(n < args.length ? String.valueOf(args[n]) : "");
                i += 3;
            } else {
                sb.append(c);
                i++;
            }
        }
        return sb.toString();
    }
}
