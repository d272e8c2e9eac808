package io.github.pplxexport.browse;

import io.github.pplxexport.json.J;
import io.github.pplxexport.library.BatchState;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The batch state's word on each thread (failed, expired, deleted), read from {@code index/batch_state.json} only,
 * never written (an unreadable file marks nothing), and read again when the file changes.
 */
final class ThreadStates {
    private final Path file;
    private long stamp = Long.MIN_VALUE;
    private Map<String, String> states = Map.of();

    ThreadStates(Path archive) {
        this.file = BatchState.file(archive);
    }

    /**
     * Each thread's word as the file says now (read again if it changed): "error", "expired", "deleted", or "" for ok
     * or unknown. One look at the file per call: a page takes one for all the threads it shows.
     */
    synchronized Function<String, String> current() {
        refresh();
        Map<String, String> m = states;
        return uuid -> m.getOrDefault(uuid, "");
    }

    private void refresh() {
        long now;
        try {
            now = Files.exists(file) ? Files.getLastModifiedTime(file).toMillis() ^ Files.size(file) : -1;
        } catch (IOException e) {
            now = -1;
        }
        if (now == stamp) {
            return;
        }
        stamp = now;
        Map<String, String> m = new HashMap<>();
        if (now != -1) {
            try {
                BatchState.readRecords(file).forEach((uuid, rec) -> {
                    String s = J.str(rec, "status");
                    if (s.equals(BatchState.ERROR) || s.equals(BatchState.EXPIRED) || s.equals(BatchState.DELETED)) {
                        m.put(uuid, s);
                    }
                });
            } catch (IOException | RuntimeException e) {
                // a broken state file marks nothing; the exporter itself sets it aside on its next run
            }
        }
        states = m;
    }
}
