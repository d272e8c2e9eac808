package io.github.pplxexport.archive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Whole directory trees: copy one (also across file systems, e.g. out of the jar) and delete one. */
public final class FileTrees {
    private FileTrees() {
    }

    /** Copies {@code from} into {@code to}, keeping relative names. */
    public static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    /** Deletes {@code root} and everything below it; nothing happens when it does not exist. */
    public static void delete(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        List<Path> all;
        try (Stream<Path> s = Files.walk(root)) {
            all = s.sorted(Comparator.reverseOrder()).toList(); // children before their parents
        }
        for (Path p : all) {
            Files.delete(p);
        }
    }
}
