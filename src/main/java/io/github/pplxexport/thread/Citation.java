package io.github.pplxexport.thread;

import io.github.pplxexport.json.J;
import io.github.pplxexport.text.PyStrings;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A normalised citation (reference-behaviour.md §2.6, §8.9): name ≤ 200 characters, snippet ≤ 500,
 * category defaults to {@code web}; the timestamp is the raw JSON value of {@code timestamp} as sent ({@code ""}
 * stays {@code ""}, as the reference writes it), else that of {@code date}, null only when both are absent or null.
 */
public record Citation(String name, String url, String snippet, Object timestamp, String category) {

    static final int NAME_MAX = 200;
    static final int SNIPPET_MAX = 500;

    /** Lenient normalisation with the field-name fallbacks name/title, url/link, snippet/text, timestamp/date, category/type. */
    public static Citation of(Map<String, Object> raw) {
        String category = J.firstStr(raw, "category", "type");
        Object timestamp = raw.get("timestamp");
        if (timestamp == null) {
            timestamp = raw.get("date");
        }
        return new Citation(
                PyStrings.head(J.firstStr(raw, "name", "title"), NAME_MAX),
                J.firstStr(raw, "url", "link"),
                PyStrings.head(J.firstStr(raw, "snippet", "text"), SNIPPET_MAX),
                timestamp,
                category.isEmpty() ? "web" : category);
    }

    /** The text of a link line: the name, else the URL. */
    public String label() {
        return name.isEmpty() ? url : name;
    }

    /** The sources.json record: {name, url, snippet, timestamp}. */
    public Map<String, Object> toSourceRecord() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("url", url);
        m.put("snippet", snippet);
        m.put("timestamp", timestamp);
        return m;
    }
}
