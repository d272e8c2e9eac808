package io.github.pplxexport.library;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * The reference's write discipline for state files (reference-cli-and-archive.md §3.11,
 * reference-behaviour.md §5.7): write {@code <name>.tmp} beside the target, then rename it over the
 * target, so a reader or a crash never sees a half-written file. The temporary file is flushed to
 * disk before the rename, and removed again if anything fails.
 */
public final class AtomicFile {
    private AtomicFile() {
    }

    /** Writes {@code text} as UTF-8 to {@code target} atomically, creating parent directories. */
    public static void write(Path target, String text) throws IOException {
        Path parent = target.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buf = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    /**
     * Like {@link #write} but leaves the file (and its mtime) alone when it already holds exactly
     * {@code text}; returns whether it wrote. An unchanged index refresh is then a git no-op.
     */
    public static boolean writeIfChanged(Path target, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (Files.isRegularFile(target) && Files.size(target) == bytes.length
                && java.util.Arrays.equals(Files.readAllBytes(target), bytes)) {
            return false;
        }
        write(target, text);
        return true;
    }
}
