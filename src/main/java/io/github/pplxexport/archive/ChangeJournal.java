package io.github.pplxexport.archive;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The search index's change journal, {@code <out>/index/search_changes.log}: every thread dir the tool writes, one
 * archive-relative path a line ({@code alice/search/2026-04-18_…_f51cae28}), appended before its files are written
 * (and by the index step after them), so that a catch-up of the index reads the journal's tail, the dirs written
 * since its last commit, instead of walking every thread dir of the archive. The index's commit records how far it
 * has taken the journal ({@link Position}: the journal's generation and a byte offset).
 *
 * <p>The first line names the journal's generation (a random id). A catch-up that has taken everything may start a
 * new generation (the file cut back to a new first line), which keeps the file small; an index whose recorded
 * generation is not the journal's (a journal deleted, cut or replaced; an index of an older version) walks the whole
 * archive once. Written only while the archive has a search index: an archive nobody searches gets no journal, and
 * its first index is built by a walk anyway.
 *
 * <p>Several processes append (a sync, a re-render, an ask beside a serve) and one may start a new generation: each
 * does it holding the operating system's lock on the file, one whole write at a time, so lines never interleave and
 * no line lands in a generation already cut. Lines are not flushed to disk: a killed process loses none (they are in
 * the kernel's page cache); after a machine crash, {@code serve --reindex} (or deleting the journal) walks the archive.
 */
public final class ChangeJournal {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.index");

    /** The journal, relative to the archive root. */
    public static final String FILE = "index/search_changes.log";
    /** The search index's folder, relative to the archive root: the journal is kept while it exists. */
    public static final String INDEX_DIR = "index/search";
    private static final String HEADER = "pplx-export search index changes, generation ";
    /** A Java FileLock is held per process: the threads of this one take turns here before they take it. */
    private static final Object IN_PROCESS = new Object();

    private final Path archive;
    private final Path file;

    private ChangeJournal(Path archive) {
        this.archive = archive;
        this.file = archive.resolve(FILE);
    }

    public static ChangeJournal of(Path archive) {
        return new ChangeJournal(archive.toAbsolutePath().normalize());
    }

    public Path file() {
        return file;
    }

    /** How far into the journal: its generation and a byte offset (at a line's start). */
    public record Position(String generation, long offset) {
        /** As the index's commit keeps it. */
        public String value() {
            return generation + ":" + offset;
        }

        /** Null for a missing or malformed value. */
        public static Position parse(String value) {
            int colon = value == null ? -1 : value.lastIndexOf(':');
            if (colon <= 0) {
                return null;
            }
            try {
                return new Position(value.substring(0, colon), Long.parseLong(value.substring(colon + 1)));
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }

    /** The distinct thread dirs (archive-relative paths, in journal order) between a position and {@code end}. */
    public record Tail(List<String> dirs, Position end) {
    }

    // ---------------------------------------------------------------- writing

    /**
     * A thread dir ({@code <out>/<account>/<mode>/<name>}) is about to be written, or was just written: recorded when
     * its archive has a search index. Never fails the write: a journal that cannot be written is one warning line
     * (the index misses the dir until a full walk: {@code serve --reindex}).
     */
    public static void touched(Path dir) {
        Path archive = ThreadDirName.archiveOf(dir);
        if (archive == null || archive.getNameCount() == 0) {
            return;
        }
        of(archive).append(List.of(archive.relativize(dir.toAbsolutePath().normalize()).toString().replace('\\', '/')));
    }

    /** Thread dirs relative to the archive root, recorded when the archive has a search index (as {@link #touched(Path)}). */
    public void append(Collection<String> dirs) {
        if (dirs.isEmpty() || !Files.isDirectory(archive.resolve(INDEX_DIR))) {
            return;
        }
        StringBuilder lines = new StringBuilder();
        for (String d : dirs) {
            lines.append(d).append('\n');
        }
        try {
            synchronized (IN_PROCESS) {
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
                     FileLock ignored = ch.lock()) {
                    String text = ch.size() == 0 ? header(newGeneration()) + lines : lines.toString();
                    write(ch, text);
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("[index] {}: cannot record {} ({}); `serve --reindex` brings the search index level", file, dirs,
                    e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    // ---------------------------------------------------------------- reading (the catch-up)

    /** The journal's end now (a journal is started when there is none): where a walk of the whole archive starts from. */
    public Position position() throws IOException {
        return locked(ch -> {
            String generation = generation(ch);
            if (generation == null) {
                return restart(ch);
            }
            return new Position(generation, ch.size());
        });
    }

    /**
     * The dirs recorded since {@code from}, up to the last whole line; null when the journal cannot say (none, another
     * generation, shorter than {@code from}): then only a walk of the whole archive can.
     */
    public Tail tail(Position from) throws IOException {
        if (from == null || !Files.isRegularFile(file)) {
            return null;
        }
        try {
            return locked(ch -> {
                String generation = generation(ch);
                long size = ch.size();
                if (generation == null || !generation.equals(from.generation()) || from.offset() < headerLength(generation)
                        || from.offset() > size) {
                    return null;
                }
                ByteBuffer b = ByteBuffer.allocate((int) Math.min(Integer.MAX_VALUE - 8, size - from.offset()));
                while (b.hasRemaining() && ch.read(b, from.offset() + b.position()) >= 0) {
                    // read on to the end
                }
                byte[] bytes = b.array();
                int whole = bytes.length;
                while (whole > 0 && bytes[whole - 1] != '\n') {
                    whole--; // a line still being written is the next tail's
                }
                Set<String> dirs = new LinkedHashSet<>();
                for (String line : new String(bytes, 0, whole, StandardCharsets.UTF_8).split("\n")) {
                    if (isThreadPath(line)) {
                        dirs.add(line);
                    }
                }
                return new Tail(new ArrayList<>(dirs), new Position(generation, from.offset() + whole));
            });
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /** A new generation: the journal cut back to its first line. What a rebuild starts with. */
    public Position restart() throws IOException {
        return locked(ChangeJournal::restart);
    }

    /**
     * A new generation when nothing was appended after {@code end} (everything the journal holds is taken), holding
     * {@code carried} (dirs still to look at) after its start, which it returns; else null and the journal stays as it is.
     */
    public Position restartIfAt(Position end, Collection<String> carried) throws IOException {
        return locked(ch -> {
            if (!end.generation().equals(generation(ch)) || ch.size() != end.offset()) {
                return null;
            }
            Position fresh = restart(ch);
            StringBuilder lines = new StringBuilder();
            carried.forEach(d -> lines.append(d).append('\n'));
            write(ch, lines.toString());
            return fresh;
        });
    }

    /** Three plain segments ({@code <account>/<mode>/<name>}): nothing that could leave the archive. */
    static boolean isThreadPath(String line) {
        String[] parts = line.split("/", -1);
        if (parts.length != 3) {
            return false;
        }
        for (String p : parts) {
            if (p.isEmpty() || p.equals(".") || p.equals("..") || p.indexOf('\\') >= 0 || p.indexOf('\0') >= 0) {
                return false;
            }
        }
        return true;
    }

    private interface Locked<T> {
        T apply(FileChannel ch) throws IOException;
    }

    private <T> T locked(Locked<T> work) throws IOException {
        Files.createDirectories(file.getParent());
        synchronized (IN_PROCESS) {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
                 FileLock ignored = ch.lock()) {
                return work.apply(ch);
            }
        }
    }

    private static Position restart(FileChannel ch) throws IOException {
        String generation = newGeneration();
        ch.truncate(0);
        write(ch, header(generation));
        ch.force(false);
        return new Position(generation, headerLength(generation));
    }

    /** The generation the first line names; null when it names none (an empty or damaged journal). */
    private static String generation(FileChannel ch) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(HEADER.length() + 80);
        ch.read(b, 0);
        String head = new String(b.array(), 0, b.position(), StandardCharsets.UTF_8);
        int nl = head.indexOf('\n');
        if (!head.startsWith(HEADER) || nl < 0) {
            return null;
        }
        String generation = head.substring(HEADER.length(), nl);
        return generation.isEmpty() || generation.contains(":") ? null : generation;
    }

    private static String header(String generation) {
        return HEADER + generation + "\n";
    }

    private static long headerLength(String generation) {
        return header(generation).getBytes(StandardCharsets.UTF_8).length;
    }

    private static String newGeneration() {
        return UUID.randomUUID().toString();
    }

    private static void write(FileChannel ch, String text) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }
}
