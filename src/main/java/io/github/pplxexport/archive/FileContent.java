package io.github.pplxexport.archive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
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
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class); // one stat for "is it there" and its size
        } catch (IOException e) {
            return false; // missing or unreadable: as Files.isRegularFile says
        }
        return a.isRegularFile() && a.size() == bytes.length && Arrays.equals(Files.readAllBytes(file), bytes);
    }
}
