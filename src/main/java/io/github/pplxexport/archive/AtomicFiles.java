package io.github.pplxexport.archive;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The write discipline of every archive and state file (reference-cli-and-archive.md §3.11,
 * reference-behaviour.md §5.2, §5.7): a temporary file beside the target, flushed to disk, then renamed
 * over it, so a crash or a reader never sees a half-written file; the temporary file is removed if
 * anything fails. A file whose bytes would not change is not touched at all (mtime kept), so re-running
 * is free of diff noise. Sources of truth (raw responses, thread.json, state and index files) are flushed
 * to disk before the rename; derived files that re-render can rebuild (Markdown, sources) skip the flush,
 * which is most of the cost of writing a large archive. Files get the mode any file the user writes
 * gets (0666 under the umask), directories 0777 under the umask.
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /** Writes {@code text} as UTF-8 unless the file already holds exactly these bytes. True if written. */
    public static boolean writeIfChanged(Path file, String text) throws IOException {
        return writeIfChanged(file, text.getBytes(StandardCharsets.UTF_8), true);
    }

    /** Writes {@code bytes} unless the file already holds exactly these bytes. True if written. */
    public static boolean writeIfChanged(Path file, byte[] bytes) throws IOException {
        return writeIfChanged(file, bytes, true);
    }

    /** As {@link #writeIfChanged(Path, String)} for a derived file: not flushed to disk before the rename. */
    public static boolean writeDerivedIfChanged(Path file, String text) throws IOException {
        return writeIfChanged(file, text.getBytes(StandardCharsets.UTF_8), false);
    }

    static boolean writeIfChanged(Path file, byte[] bytes, boolean flush) throws IOException {
        if (FileContent.holds(file, bytes)) {
            return false;
        }
        write(file, bytes, flush);
        return true;
    }

    public static void write(Path file, String text) throws IOException {
        write(file, text.getBytes(StandardCharsets.UTF_8), true);
    }

    /** Always writes, atomically, creating parent directories. */
    static void write(Path file, byte[] bytes, boolean flush) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = newTempFile(dir, file.getFileName().toString());
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                if (flush) {
                    ch.force(true);
                }
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * A new empty {@code .<name>.<random>.tmp} in {@code dir}. Created with CREATE_NEW (never an existing
     * file or link), so parallel writers never share one, and with the mode any new file gets under the
     * umask: {@code Files.createTempFile} would make it 0600, and the rename would carry that over.
     */
    static Path newTempFile(Path dir, String name) throws IOException {
        while (true) {
            Path tmp = dir.resolve("." + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException taken) {
                // another writer's name: draw again
            }
        }
    }
}
