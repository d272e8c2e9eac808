package io.github.pplxexport.export;

import io.github.pplxexport.api.ApiRequests;

/**
 * A thread {@code sync-deleted} asks the platform about: exported once (state ok), in no library index.
 *
 * @param exportVia the account its thread.json says exported it ("" when unknown)
 */
public record DeletionCandidate(String uuid, String title, String lastUpdated, String exportVia) {
    /** The check: the plain fetch's first page. */
    public String query() {
        return ApiRequests.plainQuery(null);
    }
}
