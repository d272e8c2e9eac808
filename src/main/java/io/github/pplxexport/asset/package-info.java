/**
 * Mode products as plain domain code (issue 10): the assets a thread's blocks list, their file names,
 * {@code assets/assets_manifest.json} and {@code report.md}. No Camel here: the routes of
 * {@code routes/products.camel.yaml} (through the bean {@code threadAssets}) call
 * {@link io.github.pplxexport.asset.AssetCollector#collect}, {@link io.github.pplxexport.asset.AssetRun#plan},
 * download each of {@link io.github.pplxexport.asset.AssetRun#downloads()} ({@code download-asset}, no cookie)
 * and hand the bytes to {@link io.github.pplxexport.asset.AssetRun#accept}, then write the inline files and
 * {@link io.github.pplxexport.asset.ReportMd#render} through the products' file endpoint and the manifest with
 * the fsync writer. A failed download is dead-lettered; the next batch re-signs it
 * ({@link io.github.pplxexport.asset.AssetRun#retry}, {@link io.github.pplxexport.asset.AssetCollector#freshUrl}).
 *
 * <p>Where the reference (reference-behaviour.md §5.4, §8.10) leaves a choice open, this package decides:
 * <ul>
 * <li>{@code downloaded_to} is relative to the thread directory ({@code assets/files/<name>}), so an archive
 *     can move; "" when the version has no file (the reference's live manifest writes "" for a failed download).</li>
 * <li>Assets of {@code background_entries} are collected as well as those of {@code entries} (a sub-agent's
 *     files are the user's); an asset listed twice (same uuid) is one version.</li>
 * <li>The reference's backfill extras run on every export: workspace handles (DOC_FILE/CODE_FILE/UNKNOWN
 *     without URL, deduplicated by file_handle) join the manifest with {@code no_download_channel}, numbered
 *     with the downloadable versions of the same name; inline ASSET_DIFF/CODE_ASSET bodies become
 *     {@code assets/files/<name>.diff.md} / {@code <name>.md}, a fenced {@code diff} or code block, and are
 *     not manifest versions (they are rebuilt from raw_blocks.json at will). Diff lines of kind
 *     {@code DELETE} (what the platform writes) count as removals like {@code REMOVE}.</li>
 * <li>A filename with a known extension keeps it as the provisional extension: resolve_ext's last rule falls
 *     back to it, else to the type table.</li>
 * <li>The text probe of resolve_ext accepts a character cut by its 2,000-byte end.</li>
 * <li>Names are compared case-insensitively for collisions; after {@code _<uuid8>} a counter is added if
 *     still taken; every name is one safe segment, made by the archive's one sanitiser
 *     {@link io.github.pplxexport.archive.SafeName} (no separator, leading dot, Windows device name; ≤ 200 bytes).</li>
 * <li>Merging with the previous manifest, by uuid: a version whose file is on disk is not downloaded again and
 *     keeps its name (a new version never renames an old file); {@code asset_expired} is kept until a download
 *     succeeds, and fresh blocks are tried again; versions the blocks no longer list stay in the manifest.
 *     {@code n_versions} is the number of versions listed for the file.</li>
 * <li>report.md's blank-body test is Python's {@code bytes.strip()} (ASCII white space).</li>
 * </ul>
 */
package io.github.pplxexport.asset;
