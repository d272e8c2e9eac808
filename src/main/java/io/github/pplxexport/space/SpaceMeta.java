package io.github.pplxexport.space;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.text.Timestamps;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code spaces --fetch-meta} (bean {@code spaceMeta}, route {@code space-meta}; reference-cli-and-archive.md §2.14):
 * the owner and members of each space from {@code get_collection}, one request a space, into
 * {@code index/space_meta.json} ({@code {<slug>: {uuid, title, owner, members, fetched_at, as}}}); a space the
 * account may not view ({@code VIEW_COLLECTION_NOT_ALLOWED}, HTTP 200) is asked as the next account that takes part
 * in it (its session token of the same login). Then the pages are written.
 */
public final class SpaceMeta {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.space");
    public static final String FILE = "space_meta.json";

    private final Path out;
    private final Clock clock;

    public SpaceMeta(Path out, Clock clock) {
        this.out = out;
        this.clock = clock;
    }

    public static Path file(Path out) {
        return out.resolve("index").resolve(FILE);
    }

    /** The cache as it is ({@code {}} when none or unreadable). */
    static Map<String, Object> read(Path out) {
        Map<String, Object> m = J.asMap(SpacePages.readOrNull(file(out)));
        return m == null ? new LinkedHashMap<>() : new LinkedHashMap<>(m);
    }

    /** One run: the spaces of the indexes and the cache being filled. */
    public static final class Run {
        final String account;
        final Map<String, SpacePages.Space> spaces;
        final Map<String, Object> meta;
        int asked;
        int failed;

        Run(String account, Map<String, SpacePages.Space> spaces, Map<String, Object> meta) {
            this.account = account;
            this.spaces = spaces;
            this.meta = meta;
        }
    }

    /** One space being asked for: the accounts left to ask as. */
    public static final class Asking {
        final String slug;
        final Deque<String> accounts = new ArrayDeque<>();
        boolean done;

        Asking(String slug) {
            this.slug = slug;
        }

        public boolean isHasNext() {
            return !done && !accounts.isEmpty();
        }

        public String getSlug() {
            return slug;
        }
    }

    public Run start(String account) throws IOException {
        Run run = new Run(account, SpacePages.read(out), read(out));
        LOG.info("[spaces] {} space(s) in the indexes: asking for their owners and members", run.spaces.size());
        return run;
    }

    public List<String> spaces(Run run) {
        return new ArrayList<>(run.spaces.keySet());
    }

    /** The run's account first, then every other account that takes part in the space. */
    public Asking ask(Run run, String slug) {
        Asking a = new Asking(slug);
        a.accounts.add(run.account);
        run.spaces.get(slug).accounts.stream().filter(x -> !x.equals(run.account)).forEach(a.accounts::add);
        run.asked++;
        return a;
    }

    public String nextAccount(Asking a) {
        return a.accounts.poll();
    }

    /** The get_collection answer, as {@code account}. */
    public void answered(Run run, Asking a, String account, Map<String, Object> collection) {
        if (SpaceRequests.notViewable(collection)) {
            LOG.info("[spaces] {}: '{}' may not view it{}", a.slug, account, a.isHasNext() ? ", asking as another account" : "");
            if (!a.isHasNext()) {
                run.failed++;
            }
            return;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("uuid", J.get(collection, "uuid"));
        m.put("title", J.get(collection, "title"));
        m.put("owner", person(J.get(collection, "owner_user")));
        List<Object> members = new ArrayList<>();
        J.list(collection, "contributor_users").forEach(u -> members.add(person(u)));
        m.put("members", members);
        m.put("fetched_at", Timestamps.nowUtc(clock));
        m.put("as", account);
        run.meta.put(a.slug, m);
        a.done = true;
    }

    /** No session of that account, or the request failed: the next account, or the space keeps what was cached. */
    public void failed(Run run, Asking a, String account, String why) {
        LOG.warn("[spaces] {}: cannot ask as '{}' ({})", a.slug, account, why);
        if (!a.isHasNext()) {
            run.failed++;
        }
    }

    /** Writes the cache, then the pages; returns the number of spaces. */
    public int finish(Run run) throws IOException {
        AtomicFiles.writeIfChanged(file(out), PyJson.pretty(run.meta));
        int n = SpacePages.write(out);
        LOG.info("[spaces] {} space(s) asked, {} without an answer; {} page(s) in {}", run.asked, run.failed, n,
                out.resolve(SpacePages.DIR));
        return n;
    }

    private static Map<String, Object> person(Object u) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("username", J.get(u, "username"));
        p.put("email", J.get(u, "email"));
        p.put("name", J.get(u, "name"));
        p.put("permission", J.get(u, "permission"));
        return p;
    }
}
