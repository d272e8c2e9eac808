package io.github.pplxexport.export;

import io.github.pplxexport.asset.AssetVersion;
import io.github.pplxexport.json.J;
import io.github.pplxexport.library.BatchState;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the dead letters of {@code index/dead_letters.jsonl} still leave undone, for {@code status} (offline): the
 * threads whose last export failed (state {@code error}: the next batch exports them again), the asset versions
 * still without a file (the next batch re-signs and downloads them), and the sibling links that could not be
 * fetched (probed once ever: not asked again). A letter whose item has been done since (the end of every batch
 * removes those lines) is not counted.
 */
public final class PendingDeadLetters {
    private PendingDeadLetters() {
    }

    /** {@code {"threads": [uuid…], "assets": [{web_uuid, filename, version}…], "sibling_links": n}}. */
    public static Map<String, Object> of(Path out) throws IOException {
        BatchState state = BatchState.load(BatchState.file(out));
        Set<String> threads = new LinkedHashSet<>();
        Set<String> siblings = new LinkedHashSet<>();
        for (Map<String, Object> d : DeadLetters.read(out)) {
            String kind = J.str(d, "kind");
            String uuid = J.str(d, "web_uuid");
            if ("thread".equals(kind) && BatchState.ERROR.equals(J.str(state.get(uuid), "status"))) {
                threads.add(uuid);
            } else if ("sibling_link".equals(kind)) {
                siblings.add(new SiblingLink(uuid, "", J.str(d, "entry_uuid"), J.str(d, "sibling_uuid")).key());
            }
        }
        List<Object> assets = new ArrayList<>();
        for (Path dir : ThreadAssets.deadLettered(out)) {
            for (AssetVersion v : ThreadAssets.retry(dir).downloads()) {
                Map<String, Object> a = new LinkedHashMap<>();
                a.put("dir", out.relativize(dir).toString().replace('\\', '/'));
                a.put("filename", v.filename());
                a.put("version", v.version());
                assets.add(a);
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("threads", new ArrayList<>(threads));
        m.put("assets", assets);
        m.put("sibling_links", siblings.size());
        return m;
    }

    /** The status line, e.g. {@code [status] dead letters: 1 thread still failing, 2 asset versions without a file …}. */
    public static String line(Map<String, Object> pending) {
        return "[status] dead letters (index/dead_letters.jsonl): " + J.list(pending, "threads").size()
                + " thread(s) still failing, " + J.list(pending, "assets").size()
                + " asset version(s) without a file (the next batch tries both again); " + J.get(pending, "sibling_links")
                + " sibling link(s) not fetchable (not asked again)";
    }
}
