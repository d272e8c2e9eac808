package io.github.pplxexport.archive;

import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The tombstone of a thread the platform deleted ({@code sync-deleted --online}, reference-behaviour.md §5.3,
 * §6.4): {@code "remote_deleted": "<UTC ISO Z>"} added in place to its thread.json, as the last key, every other
 * key and byte as it was. Written once: a thread.json that has the key is left untouched. Nothing else of the
 * thread dir is ever changed, moved or deleted.
 */
public final class RemoteDeleted {
    public static final String KEY = "remote_deleted";

    private RemoteDeleted() {
    }

    /** Stamps {@code threadJson} with {@code when}; false when it already had a stamp (then it is not touched). */
    public static boolean stamp(Path threadJson, String when) throws IOException {
        Map<String, Object> m = Json.readObject(threadJson);
        if (m.containsKey(KEY)) {
            return false;
        }
        m.put(KEY, when);
        ChangeJournal.touched(threadJson.getParent());
        return AtomicFiles.writeIfChanged(threadJson, PyJson.pretty(m));
    }
}
