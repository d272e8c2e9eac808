package io.github.pplxexport.testkit;

import io.github.pplxexport.json.PyJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Temp archives for tests that run the real CLI: thread dirs, and file snapshots (bytes + mtime). */
public final class Archives {
    private Archives() {
    }

    /**
     * Writes a thread dir {@code <archive>/<rel>/} with the given thread.json text (verbatim) and the raw
     * responses as compact JSON (raw_blocks.json only when non-null); returns the dir.
     */
    public static Path writeThread(Path archive, String rel, String threadJson, Map<String, Object> rawEntries,
                                   Map<String, Object> rawBlocks) throws IOException {
        Path dir = archive.resolve(rel);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("thread.json"), threadJson, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("raw_entries.json"), PyJson.compact(rawEntries), StandardCharsets.UTF_8);
        if (rawBlocks != null) {
            Files.writeString(dir.resolve("raw_blocks.json"), PyJson.compact(rawBlocks), StandardCharsets.UTF_8);
        }
        return dir;
    }

    /**
     * How many conversation.md files {@code archive} holds, counted while a run may be writing it: a temp file
     * renamed away under the walk makes it count again.
     */
    public static long conversations(Path archive) throws IOException {
        while (true) {
            try (Stream<Path> s = Files.find(archive, 4, (f, a) -> f.getFileName().toString().equals("conversation.md"))) {
                return s.count();
            } catch (UncheckedIOException e) {
                if (!(e.getCause() instanceof NoSuchFileException)) {
                    throw e;
                }
            }
        }
    }

    /** One file's content and modification time. */
    public record FileState(byte[] bytes, FileTime mtime) {
        @Override
        public boolean equals(Object o) {
            return o instanceof FileState f && Arrays.equals(bytes, f.bytes) && mtime.equals(f.mtime);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes) * 31 + mtime.hashCode();
        }

        @Override
        public String toString() {
            return bytes.length + " bytes @ " + mtime;
        }
    }

    /** Every regular file under {@code root}, by relative path. */
    public static Map<String, FileState> snapshot(Path root) {
        Map<String, FileState> out = new TreeMap<>();
        for (Path f : files(root)) {
            try {
                out.put(root.relativize(f).toString(), new FileState(Files.readAllBytes(f), Files.getLastModifiedTime(f)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    /** Sets the mtime of every regular file under {@code root}, so a later write is unmistakable. */
    public static void touchAll(Path root, Instant when) throws IOException {
        for (Path f : files(root)) {
            Files.setLastModifiedTime(f, FileTime.from(when));
        }
    }

    public static List<Path> files(Path root) {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String read(Path f) {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
