package io.github.pplxexport.library;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Objects;

/**
 * The last file a reader parsed and what it parsed, given again while the file's size, mtime and inode stay (a save
 * renames a new file in, so any write is seen). The value must be read-only: callers share it.
 */
final class LastRead<T> {
    /** Parses the file (the cache's miss). */
    interface Parser<T> {
        T parse(Path file) throws IOException;
    }

    private record Entry<T>(Path file, long size, FileTime modified, Object key, T value) {
    }

    private volatile Entry<T> last;

    /** One reader at a time: a read ahead on another thread and the run's own read parse the file once. */
    synchronized T get(Path file, Parser<T> parser) throws IOException {
        BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class);
        Path abs = file.toAbsolutePath();
        Entry<T> e = last;
        if (e != null && e.file.equals(abs) && e.size == attrs.size() && e.modified.equals(attrs.lastModifiedTime())
                && Objects.equals(e.key, attrs.fileKey())) {
            return e.value;
        }
        T value = parser.parse(file);
        last = new Entry<>(abs, attrs.size(), attrs.lastModifiedTime(), attrs.fileKey(), value);
        return value;
    }
}
