package io.github.pplxexport.backfill;

import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.rerender.ThreadDirs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/** The archive's thread dirs by the {@code web_uuid} of their thread.json, in one walk (the first dir of a uuid wins). */
final class ArchivedDirs {
    private ArchivedDirs() {
    }

    /** web_uuid → (thread dir, thread.json); dirs whose thread.json is missing or unreadable are left out. */
    static Map<String, Archived> byUuid(Path out) {
        Map<String, Archived> m = new LinkedHashMap<>();
        for (Iterator<Path> it = ThreadDirs.walk(out, 0); it.hasNext(); ) {
            Path dir = it.next();
            Path tj = dir.resolve(ThreadFiles.THREAD_JSON);
            if (!Files.isRegularFile(tj)) {
                continue;
            }
            try {
                Map<String, Object> t = Json.readObject(tj);
                String uuid = J.str(t, "web_uuid");
                if (!uuid.isEmpty()) {
                    m.putIfAbsent(uuid, new Archived(dir, t));
                }
            } catch (IOException | JsonException e) {
                // a thread dir being changed (or damaged) is left alone
            }
        }
        return m;
    }

    /** One archived thread: its dir and its thread.json. */
    record Archived(Path dir, Map<String, Object> thread) {
    }
}
