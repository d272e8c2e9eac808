/**
 * The reference's two backfills of an archive made before a field existed (reference-cli-and-archive.md §2.10,
 * §2.11): {@link io.github.pplxexport.backfill.SearchModeBackfill} writes the raw {@code search_mode} into each
 * library index row, {@link io.github.pplxexport.backfill.AssetsBackfill} completes the products of archived threads
 * (inline files, workspace handles, missing raw_blocks.json, re-signed downloads). Plain Java beans; the requests
 * and their failure policy are the routes of {@code routes/backfill.camel.yaml}.
 */
package io.github.pplxexport.backfill;
