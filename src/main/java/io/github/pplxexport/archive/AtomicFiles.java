package io.github.pplxexport.archive;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

/**
 * Archive writes: temp file in the same directory, then an atomic rename, so a crash never leaves a
 * half-written file; and a file whose bytes would not change is not touched at all (mtime kept), so
 * re-running is free of diff noise.
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /** Writes {@code text} as UTF-8 unless the file already holds exactly these bytes. True if written. */
    public static boolean writeIfChanged(Path file, String text) throws IOException {
        return writeIfChanged(file, text.getBytes(StandardCharsets.UTF_8));
    }

    public static boolean writeIfChanged(Path file, byte[] bytes) throws IOException {
        if (Files.isRegularFile(file) && Files.size(file) == bytes.length
                && Arrays.equals(Files.readAllBytes(file), bytes)) {
            return false;
        }
        write(file, bytes);
        return true;
    }

    /** Always writes, atomically. */
    public static void write(Path file, byte[] bytes) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            Files.write(tmp, bytes);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    public static void write(Path file, String text) throws IOException {
        write(file, text.getBytes(StandardCharsets.UTF_8));
    }
}
