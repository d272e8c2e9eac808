package io.github.pplxexport.sample;

import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.library.BatchState;
import io.github.pplxexport.library.LibraryIndex;
import io.github.pplxexport.rerender.ThreadDirs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * An exported archive of any size without exporting every thread: a synced archive of the first {@code k} copies of
 * a {@link LibraryGrowth} library is widened to {@code n} by copying thread dir {@code i % k} as thread {@code i}
 * (its web uuid replaced in every text file and in the folder name), with the library index rows and
 * batch_state records copied the same way, and the served library grown to match. What a sync, status or serve
 * then reads is what {@code n} exports would have left.
 */
public final class ScaleArchive {
    private static final Set<String> TEXT = Set.of(".json", ".jsonl", ".md", ".txt", ".html", ".csv");

    private ScaleArchive() {
    }

    /**
     * Widens {@code out} (the synced copies {@code 0..k-1} of {@code account}) to {@code n} threads, and the served
     * library {@code served} with them.
     */
    public static void widen(Path sample, Path served, Path out, String account, int k, int n) throws IOException {
        LibraryGrowth.grow(sample, served, k, n, Set.of("alice", "bob"), account);
        // copy i % k is a copy of the same sample thread as copy i when k is a multiple of the sample's size
        List<Path> dirs = new ArrayList<>();
        List<String> uuids = new ArrayList<>();
        for (Iterator<Path> it = ThreadDirs.walk(out, 0); it.hasNext(); ) {
            Path dir = it.next();
            String uuid = J.str(Json.readObject(dir.resolve(ThreadFiles.THREAD_JSON)), "web_uuid");
            int copy = (int) (Long.parseLong(uuid.substring(0, 8), 16) - 0xa0000000L);
            if (copy >= 0 && copy < k) {
                while (dirs.size() <= copy) {
                    dirs.add(null);
                    uuids.add(null);
                }
                dirs.set(copy, dir);
                uuids.set(copy, uuid);
            }
        }
        if (dirs.size() < k || dirs.contains(null)) {
            throw new IOException("the synced archive " + out + " lacks some of the first " + k + " copies");
        }
        Path indexFile = LibraryIndex.file(out, account);
        List<Map<String, Object>> rows = new ArrayList<>(LibraryIndex.readThreads(indexFile).orElse(List.of()));
        Map<String, Map<String, Object>> rowOf = new LinkedHashMap<>();
        rows.forEach(r -> rowOf.put(J.str(r, "entryUUID"), r));
        Path stateFile = BatchState.file(out);
        Map<String, Object> state = new LinkedHashMap<>(Json.readObject(stateFile));
        for (int i = k; i < n; i++) {
            int j = i % k;
            String from = uuids.get(j);
            String to = LibraryGrowth.uuid(i, from);
            Path src = dirs.get(j);
            Path dst = src.resolveSibling(src.getFileName().toString().replace(from.substring(0, 8), to.substring(0, 8)));
            copy(src, dst, from, to);
            Map<String, Object> row = rowOf.get(from);
            if (row != null) {
                rows.add(J.asMap(Json.parse(PyJson.pretty(row).replace(from, to))));
            }
            if (state.containsKey(from)) {
                state.put(to, Json.parse(PyJson.pretty(state.get(from)).replace(from, to)));
            }
        }
        LibraryIndex.write(indexFile, account, rows);
        Files.writeString(stateFile, PyJson.pretty(state), StandardCharsets.UTF_8);
    }

    /** A thread dir copied with its web uuid replaced in the text files. */
    private static void copy(Path src, Path dst, String from, String to) throws IOException {
        try (Stream<Path> s = Files.walk(src)) {
            for (Path p : s.toList()) {
                Path target = dst.resolve(src.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    String name = p.getFileName().toString();
                    int dot = name.lastIndexOf('.');
                    if (dot >= 0 && TEXT.contains(name.substring(dot))) {
                        Files.writeString(target, Files.readString(p, StandardCharsets.UTF_8).replace(from, to), StandardCharsets.UTF_8);
                    } else {
                        Files.copy(p, target);
                    }
                }
            }
        }
    }
}
