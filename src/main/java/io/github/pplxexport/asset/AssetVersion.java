package io.github.pplxexport.asset;

import io.github.pplxexport.json.J;

/**
 * One version of one asset file, as the blocks list it (reference-behaviour.md §5.4, §5.5 "Asset").
 *
 * @param uuid the asset uuid (may be "" in odd data)
 * @param assetType the platform's asset type, "" when unknown
 * @param filename the file's name as the platform gives it, which is also its group name in the manifest
 *                 (falls back to the uuid, then {@code unknown}); never used as a path as it is
 * @param url the signed download URL, "" for a handle without a download channel
 * @param createdAt {@code created_at} verbatim (epoch-seconds string, number or null), as the manifest writes it
 * @param version {@code v1}..{@code vN} by created_at within the file
 * @param nVersions how many versions the file has
 * @param noDownloadChannel true for a workspace handle (DOC_FILE/CODE_FILE/UNKNOWN without a URL): registered
 *                          in the manifest, never downloaded
 */
public record AssetVersion(String uuid, String assetType, String filename, String url, Object createdAt,
                           String version, int nVersions, boolean noDownloadChannel) {

    /** True when there is a URL to download from. */
    public boolean downloadable() {
        return !url.isEmpty();
    }

    /** created_at read leniently as an integer (0 when missing or not a number), the sort key of versions. */
    public long createdAtSeconds() {
        return J.toLong(createdAt, 0);
    }

    /** The stem and provisional extension of this version's file under {@code assets/files/}. */
    public AssetNames.Stem stem() {
        return AssetNames.stem(filename, assetType, version, nVersions);
    }

    /** The same version with a freshly signed URL (a re-signed retry). */
    public AssetVersion withUrl(String freshUrl) {
        return new AssetVersion(uuid, assetType, filename, freshUrl == null ? "" : freshUrl, createdAt, version,
                nVersions, noDownloadChannel);
    }
}
