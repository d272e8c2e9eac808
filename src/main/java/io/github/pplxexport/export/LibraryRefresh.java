package io.github.pplxexport.export;

import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.library.LibraryIndex;
import io.github.pplxexport.library.LibraryListing;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code index}: the GraphQL library listing into {@code index/library_<account>.json} (reference-behaviour.md
 * §1.1, §2.1): incremental by default (stop after a page's worth of known, unchanged rows, merge onto the old
 * index), {@code --full} for a complete sweep. The fetch-index route sends one request per page.
 */
public final class LibraryRefresh {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.index");

    private final ExportSettings settings;
    private final int maxPages;

    public LibraryRefresh(ExportSettings settings, int maxPages) {
        this.settings = settings;
        this.maxPages = maxPages;
    }

    private Path file(String account) {
        return LibraryIndex.file(settings.out(), account);
    }

    public LibraryPaging start(BatchOptions options) throws IOException {
        List<Map<String, Object>> previous = LibraryIndex.readThreads(file(options.account())).orElse(null);
        boolean sweep = options.full() || previous == null;
        LibraryIndex.Refresh refresh = sweep ? LibraryIndex.full(previous) : LibraryIndex.incremental(previous);
        return new LibraryPaging(options.account(), refresh, new LibraryListing(maxPages), sweep);
    }

    /** One answered page. */
    public void accept(LibraryPaging paging, Map<String, Object> page) {
        paging.accept(LibraryListing.parsePage(page));
    }

    /** Writes the merged index (only when it changed) and logs the refresh line; returns the row count. */
    public int finish(LibraryPaging paging) throws IOException {
        // nothing new: the file stays as it is, without being serialized again to compare
        boolean unchanged = paging.refresh().unchanged();
        List<Map<String, Object>> rows = unchanged ? paging.refresh().previous() : paging.refresh().merged();
        boolean changed = !unchanged && LibraryIndex.write(file(paging.account()), paging.account(), rows);
        Labels m = Labels.messages();
        LOG.info(m.format(Label.INDEX_REFRESHED, paging.full() ? "full" : "incremental", paging.account(), paging.pages(),
                paging.refresh().fetchedCount(), rows.size(), changed ? "" : m.get(Label.INDEX_UNCHANGED)));
        return rows.size();
    }
}
