package io.github.pplxexport.sample;

import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Archives built from thread dirs found anywhere in a folder: an archive ({@code <account>/<mode>/<dir>/}),
 * the sample library, or a folder of fixture dirs. Each source is laid out as an archive thread dir
 * {@code <author>/<mode>/<name>/} (author and mode from its thread.json), raw files and thread.json only,
 * so re-render has its real work to do. Benchmarks copy the sources round-robin into large archives; the
 * conformance test lays out the reference's fixtures the same way.
 */
public final class SyntheticArchive {
    private static final List<String> RAW = List.of(ThreadFiles.RAW_ENTRIES, ThreadFiles.RAW_BLOCKS, ThreadFiles.THREAD_JSON);

    private SyntheticArchive() {
    }

    /** Builds {@code count} thread dirs under {@code out} from the thread dirs found in {@code from}. */
    public static void build(Path from, Path out, int count) throws IOException {
        List<Path> sources = sources(from);
        if (sources.isEmpty() && count > 0) {
            throw new IOException("no thread dirs (folders holding " + ThreadFiles.RAW_ENTRIES + ") in " + from);
        }
        Files.createDirectories(out);
        for (int i = 0; i < count; i++) {
            Path src = sources.get(i % sources.size());
            layOut(src, out, src.getFileName() + "-" + i);
        }
    }

    /** The dirs holding a raw_entries.json, up to three levels down, in name order; hidden ones skipped. */
    public static List<Path> sources(Path folder) throws IOException {
        try (Stream<Path> s = Files.walk(folder, 3)) {
            return s.filter(Files::isDirectory)
                    .filter(d -> !d.getFileName().toString().startsWith("."))
                    .filter(d -> Files.isRegularFile(d.resolve(ThreadFiles.RAW_ENTRIES)))
                    .sorted()
                    .toList();
        }
    }

    /**
     * Copies a thread dir's raw files and thread.json into {@code <archive>/<author>/<mode>/<name>/} and returns
     * that dir; author and mode come from its thread.json ({@code unknown} / {@code search} when absent).
     */
    public static Path layOut(Path source, Path archive, String name) throws IOException {
        Path threadJson = source.resolve(ThreadFiles.THREAD_JSON);
        Map<String, Object> thread = Files.exists(threadJson) ? Json.readObject(threadJson) : Map.of();
        String author = J.str(thread, "author").isEmpty() ? "unknown" : J.str(thread, "author");
        String mode = J.str(thread, "mode").isEmpty() ? "search" : J.str(thread, "mode");
        Path dir = archive.resolve(author).resolve(mode).resolve(name);
        Files.createDirectories(dir);
        for (String f : RAW) {
            if (Files.exists(source.resolve(f))) {
                Files.copy(source.resolve(f), dir.resolve(f));
            }
        }
        return dir;
    }
}
