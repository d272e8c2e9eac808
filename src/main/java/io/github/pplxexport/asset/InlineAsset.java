package io.github.pplxexport.asset;

/**
 * An asset whose body is in the blocks themselves (an {@code ASSET_DIFF} or a {@code CODE_ASSET}), written
 * to {@code assets/files/<stem>.md} without any download (reference-behaviour.md §5.4, backfill extras).
 *
 * @param uuid the asset uuid, for the collision suffix
 * @param assetType {@code ASSET_DIFF} or {@code CODE_ASSET}
 * @param stem the sanitised file stem; the file is {@code <stem>.md}
 * @param markdown the file's content
 */
public record InlineAsset(String uuid, String assetType, String stem, String markdown) {
}
