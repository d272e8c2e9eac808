package io.github.pplxexport.space;

import io.github.pplxexport.api.ApiRequests;
import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.export.RunAbortedException;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.PyJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code space-index SPACE_URL} (bean {@code spaceIndex}, route {@code space-index}; reference-cli-and-archive.md
 * §2.13, reference-behaviour.md §1.6): every thread of a space, other members' too, from the REST listing
 * {@code list_collection_threads} (offset paging, 20 a page; stop at an empty page or when the first item says
 * {@code has_next_page: false}) into {@code index/space_<slug>.json}, newest first:
 * {@code {"slug", "count", "threads": [{"title", "entryUUID", "context_uuid", "frontend_uuid", "author", "mode",
 * "lastUpdated", "thread_access", "answer_preview"}]}}.
 */
public final class SpaceIndex {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.space");
    /** Never more pages than this for one space (a listing that never ends is the platform's bug, not a loop). */
    static final int MAX_PAGES = 500;

    private final Path out;

    public SpaceIndex(Path out) {
        this.out = out;
    }

    public static Path file(Path out, String slug) {
        return out.resolve("index").resolve("space_" + SpaceUrl.fileSafe(slug) + ".json");
    }

    /** One listing in progress, in variable {@code listing}. */
    public static final class Listing {
        final String slug;
        final List<Map<String, Object>> rows = new ArrayList<>();
        final Set<String> seen = new LinkedHashSet<>();
        int offset;
        int pages;
        boolean more = true;

        Listing(String slug) {
            this.slug = slug;
        }

        public boolean isHasNext() {
            return more;
        }

        public String getQuery() {
            return "collection_slug=" + ApiRequests.encode(slug) + "&offset=" + offset + "&" + ApiRequests.COMMON_QUERY;
        }
    }

    public Listing start(String slug) {
        LOG.info("[space-index] {}: listing its threads", slug);
        return new Listing(slug);
    }

    /** One page: a JSON array (tolerated as {@code {threads: [...]}}); a space this account cannot see stops the run. */
    public void accept(Listing l, Object answer) {
        if (SpaceRequests.notViewable(answer)) {
            throw new RunAbortedException("space " + l.slug + ": this account may not view it"
                    + " (VIEW_COLLECTION_NOT_ALLOWED); run again with --account of a member", null);
        }
        List<Object> items = answer instanceof List<?> ? J.asList(answer) : J.list(answer, "threads");
        l.pages++;
        for (Object it : items) {
            String uuid = J.str(it, "uuid");
            if (uuid.isEmpty() || !l.seen.add(uuid)) {
                continue;
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("title", J.str(it, "title"));
            row.put("entryUUID", uuid);
            row.put("context_uuid", J.get(it, "context_uuid"));
            row.put("frontend_uuid", J.get(it, "frontend_uuid"));
            row.put("author", J.get(it, "author_username"));
            row.put("mode", J.get(it, "mode"));
            row.put("lastUpdated", J.get(it, "last_query_datetime"));
            row.put("thread_access", J.get(it, "thread_access"));
            row.put("answer_preview", J.get(it, "answer_preview"));
            l.rows.add(row);
        }
        l.offset += items.size();
        l.more = !items.isEmpty() && J.truthy(J.get(items.get(0), "has_next_page")) && l.pages < MAX_PAGES;
        LOG.debug("[space-index] {}: page {} ({} threads)", l.slug, l.pages, items.size());
    }

    /** Writes the index (only when its bytes change) and returns the thread count. */
    public int finish(Listing l) throws IOException {
        List<Map<String, Object>> rows = new ArrayList<>(l.rows);
        rows.sort(Comparator.comparing((Map<String, Object> r) -> J.str(r, "lastUpdated")).reversed());
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("slug", l.slug);
        doc.put("count", rows.size());
        doc.put("threads", rows);
        Path f = file(out, l.slug);
        AtomicFiles.writeIfChanged(f, PyJson.pretty(doc));
        LOG.info("[space-index] {}: {} thread(s) in {} page(s) -> {}", l.slug, rows.size(), l.pages, out.relativize(f));
        return rows.size();
    }
}
