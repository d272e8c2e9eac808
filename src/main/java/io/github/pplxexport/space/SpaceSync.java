package io.github.pplxexport.space;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.archive.ChangeJournal;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.rerender.ThreadDirs;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * {@code sync-space} (reference-cli-and-archive.md §2.15), zero network: the {@code space} of every archived
 * thread.json compared with the current library indexes (the union of {@code index/library_*.json}); a thread
 * whose space changed (moved, or taken out: {@code null}) gets its {@code space} value replaced in place, every
 * other key and byte as it was. The first 30 changes are logged; after any change the {@code spaces} pages are
 * written again. A thread no index lists is left alone.
 */
public final class SpaceSync {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.space");
    static final int LOGGED = 30;

    private SpaceSync() {
    }

    /** The numbers of one run. */
    public record Result(int threads, int changed) {
    }

    public static Result run(Path out) throws IOException {
        Map<String, Object> current = new HashMap<>();
        for (Path f : SpacePages.files(out.resolve("index"), "library_*.json")) {
            for (Object row : SpacePages.threads(f)) {
                String uuid = J.str(row, "entryUUID");
                Object space = J.get(row, "space");
                // a row that names a space wins over one (of another account) that names none
                if (!uuid.isEmpty() && (space instanceof Map || !current.containsKey(uuid))) {
                    current.put(uuid, space instanceof Map<?, ?> ? space : null);
                }
            }
        }
        int threads = 0;
        int changed = 0;
        for (Map.Entry<String, ThreadDirs.Archived> e : ThreadDirs.byUuid(out).entrySet()) {
            if (!current.containsKey(e.getKey())) {
                continue;
            }
            threads++;
            Path dir = e.getValue().dir();
            Path tj = dir.resolve("thread.json");
            Map<String, Object> t = e.getValue().threadJson();    // as the walk parsed it (one that does not parse is not there)
            Object want = space(J.get(current, e.getKey()));
            Object have = J.get(t, "space");
            if (Objects.equals(J.str(have, "slug"), J.str(want, "slug")) && (have == null) == (want == null)) {
                continue;
            }
            LinkedHashMap<String, Object> patched = new LinkedHashMap<>(t);
            patched.put("space", want);
            ChangeJournal.touched(dir);
            AtomicFiles.writeIfChanged(tj, PyJson.pretty(patched));
            if (++changed <= LOGGED) {
                LOG.info("[sync-space] {}: space {} -> {}", out.relativize(dir), slug(have), slug(want));
            }
        }
        if (changed > LOGGED) {
            LOG.info("[sync-space] ... and {} more", changed - LOGGED);
        }
        if (changed > 0) {
            SpacePages.write(out);
        }
        LOG.debug("[sync-space] {} archived thread(s) in the indexes, {} space(s) patched", threads, changed); // the command prints the result
        return new Result(threads, changed);
    }

    /** The index row's space as thread.json keeps it: {uuid, title, slug}, or null. */
    private static Object space(Object row) {
        if (!(row instanceof Map<?, ?>)) {
            return null;
        }
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("uuid", J.get(row, "uuid"));
        s.put("title", J.get(row, "title"));
        s.put("slug", J.get(row, "slug"));
        return s;
    }

    private static String slug(Object space) {
        return space == null ? "none" : J.str(space, "slug");
    }
}
