package io.github.pplxexport.asset;

import java.util.List;

/**
 * What {@link AssetCollector#collect} found in a thread's blocks.
 *
 * @param versions every file version, downloadable ones and handles without a download channel, grouped by
 *                 file (in order of first appearance) and within a file by created_at
 * @param inline diff and code bodies to write without a download
 */
public record CollectedAssets(List<AssetVersion> versions, List<InlineAsset> inline) {
    public CollectedAssets {
        versions = List.copyOf(versions);
        inline = List.copyOf(inline);
    }

    public static final CollectedAssets NONE = new CollectedAssets(List.of(), List.of());

    /** The versions that have a URL. */
    public List<AssetVersion> downloadable() {
        return versions.stream().filter(AssetVersion::downloadable).toList();
    }

    public boolean isEmpty() {
        return versions.isEmpty() && inline.isEmpty();
    }
}
