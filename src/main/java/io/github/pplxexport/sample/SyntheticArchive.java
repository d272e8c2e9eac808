package io.github.pplxexport.sample;

import io.github.pplxexport.rerender.ThreadDirs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A large archive for benchmarks: the sample's thread dirs copied round-robin under new dir names
 * ({@code <account>/<mode>/<dir>-<n>}), raw files only, so re-render has real work on every one.
 */
public final class SyntheticArchive {
    private static final List<String> RAW = List.of("raw_entries.json", "raw_blocks.json", "thread.json");

    private SyntheticArchive() {
    }

    /** Builds {@code count} thread dirs under {@code out} from the thread dirs of {@code sample}. */
    public static void build(Path sample, Path out, int count) throws IOException {
        List<Path> sources = threadDirs(sample);
        if (sources.isEmpty()) {
            throw new IOException("no thread dirs in " + sample);
        }
        for (int i = 0; i < count; i++) {
            Path src = sources.get(i % sources.size());
            Path rel = sample.relativize(src);
            Path dst = out.resolve(rel.getParent().toString()).resolve(src.getFileName() + "-" + i);
            Files.createDirectories(dst);
            for (String f : RAW) {
                if (Files.exists(src.resolve(f))) {
                    Files.copy(src.resolve(f), dst.resolve(f));
                }
            }
        }
    }

    /** The sample's thread dirs that hold raw data, in the archive's sorted walk order. */
    static List<Path> threadDirs(Path sample) {
        List<Path> out = new ArrayList<>();
        ThreadDirs.walk(sample, 0).forEachRemaining(d -> {
            if (Files.exists(d.resolve("raw_entries.json"))) {
                out.add(d);
            }
        });
        return out;
    }
}
