package io.github.pplxexport.archive;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

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
        return writeIfChanged(file, bytes, flush, () -> { });
    }

    /**
     * As {@link #writeIfChanged(Path, String)} ({@code flush} false: a derived file's), {@code first} run before the
     * file is written, only when it is (a thread dir into the search index's change journal).
     */
    public static boolean writeIfChanged(Path file, String text, boolean flush, Runnable first) throws IOException {
        return writeIfChanged(file, text.getBytes(StandardCharsets.UTF_8), flush, first);
    }

    private static boolean writeIfChanged(Path file, byte[] bytes, boolean flush, Runnable first) throws IOException {
        if (FileContent.holds(file, bytes)) {
            return false;
        }
        first.run();
        write(file, bytes, flush);
        return true;
    }

    public static void write(Path file, String text) throws IOException {
        write(file, text.getBytes(StandardCharsets.UTF_8), true);
    }

    /**
     * Always writes, atomically, a file only its owner may read or write (0600 from the moment it exists, whatever
     * the umask): a secret (the cookie cache) or a file that names one's accounts (the user config).
     */
    public static void writePrivate(Path file, String text) throws IOException {
        write(file, text.getBytes(StandardCharsets.UTF_8), true, true);
    }

    /** Always writes, atomically, creating parent directories. */
    static void write(Path file, byte[] bytes, boolean flush) throws IOException {
        write(file, bytes, flush, false);
    }

    /** Content written as a stream: a large state or index file, never held whole in memory. */
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** What {@code content} writes, as UTF-8 text (a test's or a caller's look at a streamed file). */
    public static String text(Content content) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try {
            content.writeTo(out);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // a byte array does not fail
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /**
     * As {@link #write(Path, String)}, the bytes streamed by {@code content}; {@code flush} false leaves them to the
     * kernel (a kill loses nothing, the rename stays atomic; a power cut may lose this write where the file system
     * does not order it before the rename).
     */
    public static void write(Path file, Content content, boolean flush) throws IOException {
        write(file, content, flush, false, false);
    }

    /** As {@link #writeIfChanged(Path, String)}, the bytes streamed by {@code content} (compared once written). */
    public static boolean writeIfChanged(Path file, Content content) throws IOException {
        return write(file, content, true, false, true);
    }

    private static void write(Path file, byte[] bytes, boolean flush, boolean owner) throws IOException {
        write(file, out -> out.write(bytes), flush, owner, false);
    }

    /** The one write: a temp file, its bytes, the flush, then the rename (or, unchanged, the temp file removed). */
    private static boolean write(Path file, Content content, boolean flush, boolean owner, boolean ifChanged)
            throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        String name = file.getFileName().toString();
        Temp tmp;
        try {
            tmp = newTempFile(dir, name, owner);
        } catch (NoSuchFileException noDir) {
            // the directory is made only when missing: re-render writes into existing dirs, without a mkdir per file
            Files.createDirectories(dir);
            tmp = newTempFile(dir, name, owner);
        }
        boolean moved = false;
        try {
            try (FileChannel ch = tmp.channel()) {
                OutputStream out = new BufferedOutputStream(Channels.newOutputStream(ch), 1 << 16);
                content.writeTo(out);
                out.flush();
                if (ifChanged && Files.exists(file) && Files.mismatch(tmp.path(), file) < 0) {
                    return false;
                }
                if (flush) {
                    ch.force(true);
                }
            }
            try {
                Files.move(tmp.path(), file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp.path(), file, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
        } finally {
            if (!moved) {
                Files.deleteIfExists(tmp.path());
            }
        }
        return true;
    }

    /** The temp names of this class ({@code .<name>.<hex>.tmp}) and of the products' file endpoint ({@code .<name>.tmp}). */
    private static final Pattern TEMP = Pattern.compile("\\..+?(\\.[0-9a-f]{1,16})?\\.tmp");

    /**
     * Removes the temp files a process killed in the middle of a write left in {@code dir} (not below it): a
     * regular file named as this class or the products' file endpoint names its temp files. Call it only where
     * this run is about to write (one exporter per archive). Returns how many were removed.
     */
    public static int removeStaleTemps(Path dir) throws IOException {
        int removed = 0;
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, ".*.tmp")) {
            for (Path p : ds) {
                if (TEMP.matcher(p.getFileName().toString()).matches()
                        && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && Files.deleteIfExists(p)) {
                    removed++;
                }
            }
        }
        return removed;
    }

    /** A temporary file, created and open for writing. */
    private record Temp(Path path, FileChannel channel) {
    }

    /**
     * A new empty {@code .<name>.<random>.tmp} in {@code dir}, open for writing. Created with CREATE_NEW (never
     * an existing file or link), so parallel writers never share one, and with the mode any new file gets under
     * the umask: {@code Files.createTempFile} would make it 0600, and the rename would carry that over.
     */
    private static Temp newTempFile(Path dir, String name, boolean owner) throws IOException {
        while (true) {
            Path tmp = dir.resolve("." + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                if (owner && dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                    return new Temp(tmp, FileChannel.open(tmp, java.util.Set.of(StandardOpenOption.CREATE_NEW,
                            StandardOpenOption.WRITE), java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                            java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"))));
                }
                return new Temp(tmp, FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
            } catch (FileAlreadyExistsException taken) {
                // another writer's name: draw again
            }
        }
    }
}
