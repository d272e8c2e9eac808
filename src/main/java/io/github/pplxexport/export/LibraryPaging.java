package io.github.pplxexport.export;

import io.github.pplxexport.library.LibraryIndex;
import io.github.pplxexport.library.LibraryListing;

import java.util.Optional;

/** The state of one index refresh's paging loop: the cursor, pages so far, and the refresh accumulating rows. */
public final class LibraryPaging {
    private final LibraryIndex.Refresh refresh;
    private final LibraryListing listing;
    private final boolean full;
    private String cursor;
    private int pages;
    private boolean done;

    LibraryPaging(LibraryIndex.Refresh refresh, LibraryListing listing, boolean full) {
        this.refresh = refresh;
        this.listing = listing;
        this.full = full;
    }

    public boolean hasNext() {
        return !done;
    }

    String cursor() {
        return cursor;
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
