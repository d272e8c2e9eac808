package io.github.pplxexport.rerender;

import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Lazily walks the thread dirs of an archive, {@code <out>/<account>/<mode>/<thread>/}, in sorted order
 * (each level sorted by name; hidden entries skipped). Memory is bounded by the largest single directory listing, never by the
 * size of the library.
 */
public final class ThreadDirs {
    private ThreadDirs() {
    }

    /** Thread-level directories (depth 3), sorted; {@code limit} 0 means all. */
    public static Iterator<Path> walk(Path out, int limit) {
        Iterator<Path> all = new Walker(out);
        if (limit <= 0) {
            return all;
        }
        return new Iterator<>() {
            int n;

            @Override
            public boolean hasNext() {
                return n < limit && all.hasNext();
            }

            @Override
            public Path next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                n++;
                return all.next();
            }
        };
    }

    /** An archived thread: its dir and its thread.json as parsed. */
    public record Archived(Path dir, Map<String, Object> threadJson) {
    }

    /**
     * The archive's thread dirs by the {@code web_uuid} of their thread.json, in one walk (path order; the first
     * dir of a uuid wins). Dirs whose thread.json is missing, unreadable or without a uuid are left out.
     */
    public static Map<String, Archived> byUuid(Path out) {
        Map<String, Archived> m = new LinkedHashMap<>();
        for (Iterator<Path> it = walk(out, 0); it.hasNext(); ) {
            Path dir = it.next();
            Path tj = dir.resolve(ThreadFiles.THREAD_JSON);
            if (!Files.isRegularFile(tj)) {
                continue;
            }
            try {
                Map<String, Object> t = Json.readObject(tj);
                String uuid = J.str(t, "web_uuid");
                if (!uuid.isEmpty()) {
                    m.putIfAbsent(uuid, new Archived(dir, t));
                }
            } catch (IOException | JsonException e) {
                // a thread dir being changed (or damaged) is left alone
            }
        }
        return m;
    }

    /** Depth-first over sorted listings; a frame is one directory's sorted children. */
    private static final class Walker implements Iterator<Path> {
        private final Deque<Iterator<Path>> stack = new ArrayDeque<>();
        private Path next;

        Walker(Path root) {
            if (Files.isDirectory(root)) {
                stack.push(sortedSubdirs(root).iterator());
            }
            advance();
        }

        private void advance() {
            next = null;
            while (!stack.isEmpty()) {
                Iterator<Path> top = stack.peek();
                if (!top.hasNext()) {
                    stack.pop();
                    continue;
                }
                Path p = top.next();
                if (stack.size() == 3) {
                    next = p;
                    return;
                }
                stack.push(sortedSubdirs(p).iterator());
            }
        }

        @Override
        public boolean hasNext() {
            return next != null;
        }

        @Override
        public Path next() {
            if (next == null) {
                throw new NoSuchElementException();
            }
            Path p = next;
            advance();
            return p;
        }
    }

    static List<Path> sortedSubdirs(Path dir) {
        List<Path> out = new ArrayList<>();
        // hidden entries (.git, .obsidian, …) are not thread dirs: the reference's glob skips them too
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir,
                p -> !p.getFileName().toString().startsWith(".") && Files.isDirectory(p))) {
            s.forEach(out::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
        return out;
    }
}
