package io.github.pplxexport.asset;

import java.util.Map;

/**
 * One version line of {@code assets/assets_manifest.json} (reference-behaviour.md §5.4,
 * reference-cli-and-archive.md §3.8).
 *
 * @param filename the file (group) the version belongs to
 * @param createdAt verbatim, null when the platform gave none
 * @param downloadedTo the file written, relative to the thread directory ({@code assets/files/<name>}); ""
 *                     when the version was not downloaded
 * @param extra keys of a manifest read from disk that this version does not know, kept in their order
 */
public record ManifestVersion(String filename, String uuid, String assetType, String version, Object createdAt,
                              String downloadedTo, boolean noDownloadChannel, boolean assetExpired,
                              Map<String, Object> extra) {
    public ManifestVersion {
        extra = extra == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(extra));
    }

    /** True when a file was written for this version. */
    public boolean downloaded() {
        return !downloadedTo.isEmpty();
    }
}
