package io.github.pplxexport.pipeline;

import io.github.pplxexport.json.J;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A library listing page is retried like every other request (issue 24): an HTML page, a malformed body, a 429, a
 * 5xx or a dropped connection instead of a page costs an announced retry, not the sync. Request 1 is the session
 * check, request 2 the listing's first (and, for the sample, only) page.
 */
class ListingRetryTest {
    @TempDir
    Path tmp;

    @Test
    void aListingPageIsRetriedAfterAPageThatIsNotJsonOrAServerError() throws Exception {
        for (String faults : List.of("malformed@2,503@3", "reset@2,429@3", "truncated@2")) {
            Path dir = tmp.resolve(faults.replaceAll("[^a-z0-9]", "_"));
            try (LiveLibrary lib = LiveLibrary.of(dir).serve(100, faults)) {
                assertEquals(0, lib.run("sync"), faults + ": the sync goes on");
                List<Map<String, Object>> pages = lib.requests().stream()
                        .filter(r -> J.str(r, "path").equals("/rest/perplexity_ask/graphql")).toList();
                int faulty = faults.split(",").length;
                assertEquals(faulty + 1, pages.size(), faults + ": the page asked again after each fault");
                assertEquals(4, lib.threadDirs().size(), faults + ": alice's four threads exported");
            }
        }
    }

    @Test
    void aListingPageStillFailingAfterItsRetriesStopsTheSync() throws Exception {
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve(100, "malformed@2-4")) {
            assertEquals(3, lib.run("sync"));
            assertEquals(3, lib.requests().stream()
                    .filter(r -> J.str(r, "path").equals("/rest/perplexity_ask/graphql")).count(), "3 attempts");
        }
    }
}
