package io.github.pplxexport.export;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.json.PyJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code <out>/index/assets_pending.json}: the thread dirs (relative to the archive, sorted) whose asset step left
 * versions to download again, so that a batch starts with those instead of reading every manifest of the archive.
 * A thread's asset step adds its dir when a download failed and removes it when nothing failed; the batch start
 * drops the dirs that have nothing left. An archive without the file (written by an earlier version, or the file
 * deleted) is scanned in full once, which writes it; damage done behind the tool's back is found by that full scan
 * ({@code doctor --archive}, {@code assets-backfill}, or deleting this file).
 */
final class PendingAssets {
    static final String FILE_NAME = "assets_pending.json";

    private PendingAssets() {
    }

    static Path file(Path out) {
        return out.resolve("index").resolve(FILE_NAME);
    }

    /** The recorded dirs; empty when the file is missing or unreadable (the caller then scans the archive). */
    static Optional<List<Path>> read(Path out) {
        Path file = file(out);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            if (!(Json.read(file) instanceof List<?> names)) {
                return Optional.empty();
            }
            List<Path> dirs = new ArrayList<>();
            for (Object name : names) {
                if (name instanceof String s && !s.isEmpty()) {
                    Path dir = out.resolve(s).normalize();
                    if (dir.startsWith(out.normalize()) && !dir.equals(out.normalize())) {
                        dirs.add(dir);
                    }
                }
            }
            return Optional.of(dirs);
        } catch (IOException | JsonException | java.nio.file.InvalidPathException e) {
            return Optional.empty();
        }
    }

    /** Writes the file with exactly {@code dirs} (unchanged bytes are not rewritten). */
    static void write(Path out, Iterable<Path> dirs) throws IOException {
        Set<String> names = new TreeSet<>();
        for (Path dir : dirs) {
            names.add(abs(out).relativize(abs(dir)).toString().replace('\\', '/'));
        }
        AtomicFiles.writeIfChanged(file(out), PyJson.pretty(new ArrayList<>(names)));
    }

    /** Adds ({@code left}) or removes one thread dir; the file is only written when that changes it. */
    static void mark(Path out, Path dir, boolean left) throws IOException {
        Optional<List<Path>> recorded = read(out);
        if (recorded.isEmpty()) {
            return; // no file: the next batch start scans the archive (this dir included) and writes it
        }
        List<Path> dirs = new ArrayList<>(recorded.orElse(List.of()));
        Path d = abs(dir);
        boolean had = dirs.stream().anyMatch(p -> abs(p).equals(d));
        if (had == left) {
            return;
        }
        if (left) {
            dirs.add(dir);
        } else {
            dirs.removeIf(p -> abs(p).equals(d));
        }
        write(out, dirs);
    }

    private static Path abs(Path p) {
        return p.toAbsolutePath().normalize();
    }
}
