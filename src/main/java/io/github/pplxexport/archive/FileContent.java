package io.github.pplxexport.archive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The one "would this write change anything?" test of the archive: the export's products route (before its
 * {@code file:} endpoint) and the writer of the sources of truth and of re-render ({@link AtomicFiles}) both ask
 * it, so an unchanged file keeps its bytes and its mtime whichever way it is written.
 */
public final class FileContent {
    private FileContent() {
    }

    /** True when {@code file} is a regular file holding exactly {@code bytes} (sizes compared first, cheaply). */
    public static boolean holds(Path file, byte[] bytes) throws IOException {
        return Files.isRegularFile(file) && Files.size(file) == bytes.length
                && Arrays.equals(Files.readAllBytes(file), bytes);
    }
}
