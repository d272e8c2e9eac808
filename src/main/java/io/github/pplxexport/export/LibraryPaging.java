package io.github.pplxexport.export;

import io.github.pplxexport.library.LibraryIndex;
import io.github.pplxexport.library.LibraryListing;

import java.util.Optional;

/**
 * One index refresh's paging loop (the fetch-index route): the account, the next request's body, the pages so
 * far, and the refresh accumulating rows.
 */
public final class LibraryPaging {
    private final String account;
    private final LibraryIndex.Refresh refresh;
    private final LibraryListing listing;
    private final boolean full;
    private String cursor;
    private int pages;
    private boolean done;

    LibraryPaging(String account, LibraryIndex.Refresh refresh, LibraryListing listing, boolean full) {
        this.account = account;
        this.refresh = refresh;
        this.listing = listing;
        this.full = full;
    }

    public boolean hasNext() {
        return !done;
    }

    /** The next page's GraphQL request body (first page, or the page after the cursor). */
    public String requestJson() {
        return LibraryListing.requestJson(cursor);
    }

    String account() {
        return account;
    }

    LibraryIndex.Refresh refresh() {
        return refresh;
    }

    boolean full() {
        return full;
    }

    int pages() {
        return pages;
    }

    void accept(LibraryListing.Page page) {
        pages++;
        refresh.add(page.rows());
        Optional<String> next = listing.nextCursor(page, pages);
        if (next.isEmpty() || refresh.shouldStop()) {
            done = true;
        } else {
            cursor = next.get();
        }
    }
}
