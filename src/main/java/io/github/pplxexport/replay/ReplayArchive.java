package io.github.pplxexport.replay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Read-only view of an archive directory. Every call walks the disk again, so a test that edits a thread.json
 * sees the change on the next request; what a thread.json says is kept while its size and mtime stay (a served
 * archive of 100,000 threads is listed in a second, not ten).
 *
 * <p>A thread directory is any directory holding both {@code thread.json} and
 * {@code raw_entries.json}, one to three levels below the root. The exporter's layout is
 * {@code <archive>/<author>/<mode>/<dir>/}; shallower folders (e.g. a flat folder of fixture
 * threads) are served too.
 */
final class ReplayArchive {
    private static final int MAX_DEPTH = 3;
    /** Holds exporter state, never threads. */
    private static final String INDEX_DIR = "index";

    private final Path root;
    /** The threads asked through the replay ({@link AskedThreads}), listed and found with these; null: none. */
    private final Supplier<ReplayArchive> asked;

    ReplayArchive(Path root) {
        this(root, () -> null);
    }

    ReplayArchive(Path root, Supplier<ReplayArchive> asked) {
        this.root = root.toAbsolutePath().normalize();
        this.asked = asked;
    }

    Path root() {
        return root;
    }

    /**
     * The library, newest first. {@code account} (nullable) keeps only that author's threads.
     * A uuid found in several directories (a migration leftover) is listed once, newest copy.
     */
    List<ThreadRecord> library(String account) {
        Map<String, ThreadRecord> byUuid = new LinkedHashMap<>();
        try (Stream<Path> dirs = threadDirs()) {
            dirs.map(this::record).flatMap(Optional::stream)
                    .filter(t -> account == null || account.equals(t.author()))
                    .forEach(t -> byUuid.merge(t.webUuid(), t,
                            (a, b) -> ThreadRecord.NEWEST_FIRST.compare(a, b) <= 0 ? a : b));
        }
        ReplayArchive more = asked.get();
        if (more != null) {
            // an asked thread, or a thread a follow-up continued (its copy there is the current one)
            more.library(account).forEach(t -> byUuid.put(t.webUuid(), t));
        }
        List<ThreadRecord> list = new ArrayList<>(byUuid.values());
        list.sort(ThreadRecord.NEWEST_FIRST);
        return list;
    }

    /**
     * The thread with this web_uuid. Directories named {@code *_<uuid8>} (the exporter's naming)
     * are read first, so a lookup opens one or two thread.json files, not the whole archive.
     */
    Optional<ThreadRecord> find(String uuid) {
        ReplayArchive more = asked.get();
        Optional<ThreadRecord> continued = more == null ? Optional.empty() : more.find(uuid);
        if (continued.isPresent()) {
            return continued;
        }
        String suffix = "_" + uuid.substring(0, Math.min(8, uuid.length()));
        Optional<ThreadRecord> named = newestWithUuid(uuid, d -> d.getFileName().toString().endsWith(suffix));
        return named.isPresent() ? named : newestWithUuid(uuid, d -> !d.getFileName().toString().endsWith(suffix));
    }

    /** Top-level folder names that contain threads (the archive's accounts). */
    List<String> authorFolders() {
        try (Stream<Path> dirs = threadDirs()) {
            return dirs.map(d -> root.relativize(d))
                    .filter(rel -> rel.getNameCount() > 1)
                    .map(rel -> rel.getName(0).toString())
                    .distinct().sorted().collect(Collectors.toList());
        }
    }

    private Optional<ThreadRecord> newestWithUuid(String uuid, java.util.function.Predicate<Path> dirFilter) {
        try (Stream<Path> dirs = threadDirs(dirFilter)) {
            return dirs.map(this::record).flatMap(Optional::stream)
                    .filter(t -> t.webUuid().equals(uuid))
                    .min(ThreadRecord.NEWEST_FIRST);
        }
    }

    Optional<ThreadRecord> record(Path dir) {
        Path rel = root.relativize(dir);
        List<Object> stamps = new ArrayList<>(4);
        try {
            for (String name : List.of(ThreadRecord.THREAD_JSON, ThreadRecord.RAW_ENTRIES)) {
                java.nio.file.attribute.BasicFileAttributes a = Files.readAttributes(dir.resolve(name),
                        java.nio.file.attribute.BasicFileAttributes.class);
                stamps.add(a.size());
                stamps.add(a.lastModifiedTime());
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        Read known = reads.get(dir);
        if (known != null && known.stamps.equals(stamps)) {
            return known.record;
        }
        Optional<ThreadRecord> r = ThreadRecord.read(dir, rel.getNameCount() > 1 ? rel.getName(0).toString() : null);
        reads.put(dir, new Read(stamps, r));
        return r;
    }

    /** What a thread dir said, while its thread.json and raw_entries.json keep their sizes and mtimes. */
    private record Read(List<Object> stamps, Optional<ThreadRecord> record) {
    }

    private final Map<Path, Read> reads = new java.util.concurrent.ConcurrentHashMap<>();

    /** Lazily walks the thread directories; the caller closes the stream. */
    Stream<Path> threadDirs() {
        return threadDirs(d -> true);
    }

    /** The thread directories whose path {@code first} accepts (tested before any look inside them). */
    private Stream<Path> threadDirs(java.util.function.Predicate<Path> first) {
        try {
            return Files.find(root, MAX_DEPTH, (p, attrs) -> attrs.isDirectory() && !p.equals(root))
                    .filter(d -> !root.relativize(d).getName(0).toString().equals(INDEX_DIR))
                    .filter(first)
                    .filter(d -> Files.isRegularFile(d.resolve(ThreadRecord.THREAD_JSON))
                            && Files.isRegularFile(d.resolve(ThreadRecord.RAW_ENTRIES)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
