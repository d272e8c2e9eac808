package io.github.pplxexport.export;

import io.github.pplxexport.api.ApiRequests;
import io.github.pplxexport.asset.AssetVersion;
import io.github.pplxexport.text.PyStrings;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One asset version to download (the body of {@code download-asset}), and its dead letter when the download
 * fails: {@code {"kind": "asset", "web_uuid", "asset_uuid", "filename", "version", "status", …}}.
 *
 * @param work the thread's asset step it belongs to
 * @param version the version; its URL is the signed URL from the blocks, or "" until it is re-signed
 */
public record AssetDownload(AssetWork work, AssetVersion version) implements DeadLetter {
    @Override
    public String webUuid() {
        return work.webUuid();
    }

    public String assetUuid() {
        return version.uuid();
    }

    /** The signed URL, sent as it is. */
    public String url() {
        return version.url();
    }

    /** True when there is no URL yet: a retry re-signs it first ({@code GET /rest/assets/<uuid>/data}). */
    public boolean needsFreshUrl() {
        return version.url().isEmpty();
    }

    /** {@code /rest/assets/<uuid>/data}, the uuid percent-encoded (reference-behaviour.md §1.5). */
    public String dataPath() {
        return "/rest/assets/" + ApiRequests.encode(version.uuid()) + "/data";
    }

    public String dataQuery() {
        return ApiRequests.COMMON_QUERY;
    }

    /** The same download with a freshly signed URL. */
    public AssetDownload withUrl(String freshUrl) {
        return new AssetDownload(work, version.withUrl(freshUrl));
    }

    @Override
    public Map<String, Object> deadLetterFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", "asset");
        m.put("web_uuid", webUuid());
        m.put("asset_uuid", version.uuid());
        m.put("filename", version.filename());
        m.put("version", version.version());
        return m;
    }

    /** What a log line calls its request: {@code GET asset budget.csv v1 of 451dd14f}. */
    public String request() {
        return "GET asset " + version.filename() + " " + version.version() + " of " + PyStrings.head(webUuid(), 8);
    }

    @Override
    public String toString() {
        return "asset " + version.uuid() + " (" + version.filename() + " " + version.version() + ") of " + webUuid();
    }
}
