package io.github.pplxexport.asset;

import io.github.pplxexport.json.J;
import io.github.pplxexport.render.Markdown;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lists a thread's assets from its schematized response ({@code collect_downloadable_assets},
 * reference-behaviour.md §1.3 "Asset objects" and §5.4 "Collection"), plus what the reference only finds in
 * its offline backfill: workspace handles without a download channel and inline diff/code bodies.
 */
public final class AssetCollector {
    /** Keys that hold an asset's file object, in the order they are tried. */
    static final List<String> FILE_KEYS = List.of("doc_file", "slide_file", "research_report", "pdf_file",
            "docx_file", "code_file", "xlsx_file", "audio_file", "chart", "quiz", "model_3d", "app");
    /** Types registered with {@code no_download_channel} when they come without a URL. */
    static final Set<String> HANDLE_TYPES = Set.of("DOC_FILE", "CODE_FILE", "UNKNOWN");
    static final String ASSET_DIFF = "ASSET_DIFF";
    static final String CODE_ASSET = "CODE_ASSET";
    public static final String RESEARCH_REPORT = "RESEARCH_REPORT";

    private AssetCollector() {
    }

    /**
     * Every asset of the thread: {@code blocks.entries[].blocks[]} and then {@code background_entries[].blocks[]}
     * (a sub-agent's files are the user's too); in each block {@code unified_assets_block.assets[]}, else
     * {@code plan_block.steps[].assets[]}. An asset listed twice (same uuid) counts once; handles are also
     * deduplicated by their {@code file_handle}.
     *
     * @param blocks the schematized response (raw_blocks.json), may be null
     */
    public static CollectedAssets collect(Map<String, Object> blocks) {
        List<Map<String, Object>> assets = new ArrayList<>();
        Set<String> seenUuids = new HashSet<>();
        for (String part : List.of("entries", "background_entries")) {
            for (Object entry : J.list(blocks, part)) {
                for (Object block : J.list(entry, "blocks")) {
                    for (Map<String, Object> a : assetsOf(block)) {
                        String uuid = J.str(a, "uuid");
                        if (uuid.isEmpty() || seenUuids.add(uuid)) {
                            assets.add(a);
                        }
                    }
                }
            }
        }
        Map<String, List<Candidate>> groups = new LinkedHashMap<>();
        List<InlineAsset> inline = new ArrayList<>();
        Set<String> seenHandles = new HashSet<>();
        for (Map<String, Object> a : assets) {
            String type = assetType(a);
            String url = downloadUrl(a);
            String handle = fileHandle(a);
            if (!url.isEmpty() || (HANDLE_TYPES.contains(type) && (handle.isEmpty() || seenHandles.add(handle)))) {
                String uuid = J.str(a, "uuid");
                String filename = filename(a);
                String group = !filename.isEmpty() ? filename : !uuid.isEmpty() ? uuid : "unknown";
                groups.computeIfAbsent(group, k -> new ArrayList<>()).add(new Candidate(uuid, type, url, a.get("created_at")));
            }
            InlineAsset body = inlineBody(a, type);
            if (body != null) {
                inline.add(body);
            }
        }
        List<AssetVersion> versions = new ArrayList<>();
        for (Map.Entry<String, List<Candidate>> g : groups.entrySet()) {
            List<Candidate> group = new ArrayList<>(g.getValue());
            group.sort(Comparator.comparingLong(c -> J.toLong(c.createdAt, 0))); // stable, like Python's sort
            for (int i = 0; i < group.size(); i++) {
                Candidate c = group.get(i);
                versions.add(new AssetVersion(c.uuid, c.type, g.getKey(), c.url, c.createdAt, "v" + (i + 1),
                        group.size(), c.url.isEmpty()));
            }
        }
        return new CollectedAssets(versions, inline);
    }

    private record Candidate(String uuid, String type, String url, Object createdAt) {
    }

    private static List<Map<String, Object>> assetsOf(Object block) {
        List<Map<String, Object>> out = new ArrayList<>();
        Object unified = J.get(block, "unified_assets_block");
        if (J.isMap(unified)) {
            addMaps(out, J.list(unified, "assets"));
        } else {
            for (Object step : J.list(J.get(block, "plan_block"), "steps")) {
                addMaps(out, J.list(step, "assets"));
            }
        }
        return out;
    }

    private static void addMaps(List<Map<String, Object>> out, List<Object> items) {
        for (Object o : items) {
            Map<String, Object> m = J.asMap(o);
            if (m != null) {
                out.add(m);
            }
        }
    }

    /** {@code asset_type} as given, else {@code RESEARCH_REPORT} when there is a research_report object, else "". */
    static String assetType(Map<String, Object> a) {
        String t = J.firstStr(a, "asset_type");
        if (!t.isEmpty()) {
            return t;
        }
        return J.isMap(a.get("research_report")) ? RESEARCH_REPORT : "";
    }

    /** The first file object among {@link #FILE_KEYS}, or an empty map. */
    static Map<String, Object> fileObject(Map<String, Object> a) {
        for (String k : FILE_KEYS) {
            Map<String, Object> m = J.asMap(J.get(a, k));
            if (m != null) {
                return m;
            }
        }
        return Map.of();
    }

    /**
     * The download URL: the file object's {@code url}, else the first {@code download_info[]} or
     * {@code preview_info[]} entry with a {@code url} or {@code s3_url}; "" when there is none.
     */
    static String downloadUrl(Map<String, Object> a) {
        String url = J.firstStr(fileObject(a), "url");
        return !url.isEmpty() ? url : firstListedUrl(a, "download_info", "preview_info");
    }

    private static String firstListedUrl(Map<String, Object> a, String... lists) {
        for (String list : lists) {
            for (Object e : J.list(a, list)) {
                String u = J.firstStr(e, "url", "s3_url");
                if (!u.isEmpty()) {
                    return u;
                }
            }
        }
        return "";
    }

    /**
     * A freshly signed URL from the answer of {@code GET /rest/assets/<uuid>/data} (reference-behaviour.md
     * §1.5): {@code asset_data.download_info[].url}, else {@code asset_data.<file-key>.url}; "" when the
     * answer holds none.
     */
    public static String freshUrl(Map<String, Object> assetDataResponse) {
        Map<String, Object> data = J.map(assetDataResponse, "asset_data");
        String url = firstListedUrl(data, "download_info");
        return !url.isEmpty() ? url : J.firstStr(fileObject(data), "url");
    }

    /** The file object's {@code filename} / {@code file_name} / {@code name}, else the asset title. */
    static String filename(Map<String, Object> a) {
        String name = J.firstStr(fileObject(a), "filename", "file_name", "name");
        return !name.isEmpty() ? name : J.firstStr(a, "title");
    }

    private static String fileHandle(Map<String, Object> a) {
        for (Object p : J.list(a, "preview_info")) {
            String h = J.firstStr(p, "file_handle");
            if (!h.isEmpty()) {
                return h;
            }
        }
        return "";
    }

    /** The inline body of an ASSET_DIFF or CODE_ASSET as Markdown, or null when it has none. */
    static InlineAsset inlineBody(Map<String, Object> a, String type) {
        String uuid = J.str(a, "uuid");
        if (ASSET_DIFF.equals(type)) {
            Map<String, Object> diff = J.map(a, "asset_diff");
            String text = unifiedDiff(diff);
            if (text.isEmpty()) {
                return null;
            }
            List<Object> files = J.list(diff, "files");
            String name = files.isEmpty() ? "" : J.firstStr(files.get(0), "filename", "display_path");
            String base = !name.isEmpty() ? name : !J.firstStr(diff, "title").isEmpty() ? J.firstStr(diff, "title") : uuid;
            String title = J.firstStr(diff, "title");
            String md = (title.isEmpty() ? "" : "# " + title + "\n\n") + Markdown.fenced(text, "diff") + "\n";
            return new InlineAsset(uuid, type, AssetNames.safeStem(base + ".diff"), md);
        }
        if (CODE_ASSET.equals(type)) {
            Map<String, Object> code = J.map(a, "code");
            String script = J.firstStr(code, "script");
            String name = "";
            for (Object d : J.list(a, "download_info")) {
                if (script.isEmpty()) {
                    script = J.firstStr(d, "text_content");
                }
                if (name.isEmpty()) {
                    name = J.firstStr(d, "filename");
                }
            }
            if (script.isEmpty()) {
                return null;
            }
            String base = !name.isEmpty() ? name : !J.firstStr(a, "title").isEmpty() ? J.firstStr(a, "title") : uuid;
            return new InlineAsset(uuid, type, AssetNames.safeStem(base), Markdown.fenced(script, J.firstStr(code, "language")) + "\n");
        }
        return null;
    }

    /**
     * A diff rebuilt as unified text: per file {@code --- a/<f>} and {@code +++ b/<f>}, then every line
     * prefixed {@code +} (ADD), {@code -} (REMOVE, or DELETE as the platform writes it) or a space.
     */
    static String unifiedDiff(Map<String, Object> diff) {
        List<String> out = new ArrayList<>();
        for (Object f : J.list(diff, "files")) {
            List<Object> lines = J.list(f, "lines");
            String name = J.firstStr(f, "filename", "display_path");
            if (lines.isEmpty() && name.isEmpty()) {
                continue;
            }
            out.add("--- a/" + name);
            out.add("+++ b/" + name);
            for (Object l : lines) {
                String kind = J.str(l, "kind");
                String prefix = switch (kind) {
                    case "ADD" -> "+";
                    case "REMOVE", "DELETE" -> "-";
                    default -> " ";
                };
                out.add(prefix + J.asText(J.get(l, "text")));
            }
        }
        return String.join("\n", out);
    }
}
