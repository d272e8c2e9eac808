package io.github.pplxexport.export;

import io.github.pplxexport.json.J;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One thread to export: the account exporting it (its username goes to {@code export_via}), its uuid, the URL
 * it was asked for by, its library index row (null when not in the index), and whether an archive copy with
 * the same lastUpdated means "skip, write nothing" (single {@code export} without {@code --force}; batch
 * decides that in its plan instead).
 */
public record ExportRequest(String account, String uuid, String url, Map<String, Object> indexRow,
                            boolean skipIfUpToDate) implements DeadLetter {
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    /** The first lowercase 8-4-4-4-12 uuid in a URL or bare argument (reference-behaviour.md §2.3b). */
    public static String parseUuid(String urlOrUuid) {
        Matcher m = UUID.matcher(urlOrUuid == null ? "" : urlOrUuid);
        if (!m.find()) {
            throw new IllegalArgumentException("no thread uuid in " + urlOrUuid);
        }
        return m.group();
    }

    /** The URL the reference passes to mode detection: computer index rows get the tasks URL. */
    public static String urlFor(String uuid, Map<String, Object> indexRow) {
        Object mode = indexRow == null ? null : indexRow.get("mode");
        boolean computer = "ASI".equals(mode) || "COMPUTER".equals(mode);
        return ThreadUrls.canonical(uuid, computer);
    }

    /** The same request with its index row. */
    public ExportRequest withIndexRow(Map<String, Object> row) {
        return new ExportRequest(account, uuid, url, row, skipIfUpToDate);
    }

    public String title() {
        return J.str(indexRow, "title");
    }

    @Override
    public String webUuid() {
        return uuid;
    }

    @Override
    public Map<String, Object> deadLetterFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", "thread");
        m.put("web_uuid", uuid);
        m.put("title", title());
        return m;
    }
}
