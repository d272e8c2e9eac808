package io.github.pplxexport.library;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.RowFinder;
import io.github.pplxexport.json.JsonException;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The offline half of {@code sync-deleted} (reference-behaviour.md §6.4, reference-cli-and-archive.md §2.9,
 * §4.6): the threads exported once (state {@code ok}) that no library index lists any more. Only an online
 * check can tell a deleted thread from one that left the index for another reason, so this is a list of
 * candidates, never a verdict. The index is the <em>union</em> over every {@code index/library_*.json}: a
 * shared-space thread exported through one account is only in its owner's index.
 *
 * <p>When the union cannot be trusted (no index, an unreadable one, or none listing any thread) every
 * thread is skipped with the reason: a wrong candidate would cost an online check, a wrong verdict a thread.
 */
public final class DeletedThreads {
    private DeletedThreads() {
    }

    /** A thread to check online: in state ok, in no index. */
    public record Candidate(String uuid, String title, String lastUpdated) {
    }

    /** A thread left out of the check, and why. */
    public record Skipped(String uuid, String reason) {
    }

    /**
     * One {@code library_<account>.json} as read.
     *
     * @param name the file name
     * @param rows its thread rows, read-only as {@link LibraryIndex#readThreads} gives them (not copied: a copy would
     *             hide them from {@link RowFinder}'s packed table); empty when {@code error} is set
     * @param error why it could not be read, null when it was
     */
    public record IndexFile(String name, List<Map<String, Object>> rows, String error) {
        public IndexFile {
            rows = rows == null ? List.of() : rows;
        }
    }

    /**
     * The dry-run result.
     *
     * @param candidates the threads to check online, in state order
     * @param skipped the ok threads left out, with the reason
     * @param reason why the whole check is off ("" when it is not)
     * @param okThreads threads in state ok
     * @param indexedThreads distinct entryUUIDs over all indexes
     * @param indexFiles the index files read, by name
     */
    public record Plan(List<Candidate> candidates, List<Skipped> skipped, String reason, int okThreads,
                       int indexedThreads, List<String> indexFiles) {
        public Plan {
            candidates = List.copyOf(candidates);
            skipped = List.copyOf(skipped);
            indexFiles = List.copyOf(indexFiles);
        }
    }

    /**
     * The candidates from the state records (uuid → record, as in batch_state.json) and every index file.
     */
    public static Plan plan(Map<String, Object> stateRecords, List<IndexFile> indexes) {
        List<String> names = indexes.stream().map(IndexFile::name).toList();
        // each index's uuids found through its own rows (a large index's rows make no String for it)
        List<RowFinder> finders = new ArrayList<>();
        int indexed = 0;
        String reason = "";
        for (IndexFile f : indexes) {
            if (f.error() != null && reason.isEmpty()) {
                reason = "index/" + f.name() + " is unreadable (" + f.error() + "): without it the union of indexes"
                        + " is incomplete";
            }
            RowFinder finder = RowFinder.of(f.rows(), "entryUUID");
            if (finders.isEmpty()) {
                indexed = finder.distinct();
            } else {
                Set<String> more = new HashSet<>(); // the union's size: the uuids no earlier index lists
                for (Map<String, Object> row : f.rows()) {
                    String uuid = J.str(row, "entryUUID");
                    if (!uuid.isEmpty() && !listed(finders, uuid)) {
                        more.add(uuid);
                    }
                }
                indexed += more.size();
            }
            finders.add(finder);
        }
        if (reason.isEmpty() && indexes.isEmpty()) {
            reason = "no index/library_*.json: run `pplx-export index` first";
        } else if (reason.isEmpty() && indexed == 0) {
            reason = "the library indexes list no thread";
        }
        List<Candidate> candidates = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        int ok = 0;
        for (Map.Entry<String, Object> e : stateRecords.entrySet()) {
            if (!BatchState.OK.equals(J.str(e.getValue(), "status"))) {
                continue;
            }
            ok++;
            if (!reason.isEmpty()) {
                skipped.add(new Skipped(e.getKey(), reason));
            } else if (!listed(finders, e.getKey())) {
                candidates.add(new Candidate(e.getKey(), J.asText(J.get(e.getValue(), "title")),
                        J.asText(J.get(e.getValue(), "lastUpdated"))));
            }
        }
        return new Plan(candidates, skipped, reason, ok, indexed, names);
    }

    private static boolean listed(List<RowFinder> finders, String uuid) {
        for (RowFinder f : finders) {
            if (f.first(uuid) >= 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Reads {@code <out>/index/batch_state.json} and every {@code <out>/index/library_*.json} (sorted) and
     * plans. Strictly read-only, unlike {@link BatchState#load}, which sets an unreadable state file aside: a
     * dry run writes nothing. An unreadable state gives no candidates and says why.
     */
    public static Plan read(Path out) throws IOException {
        Path index = out.resolve("index");
        List<IndexFile> files = new ArrayList<>();
        if (Files.isDirectory(index)) {
            List<Path> paths = new ArrayList<>();
            try (DirectoryStream<Path> s = Files.newDirectoryStream(index, "library_*.json")) {
                s.forEach(paths::add);
            }
            paths.sort(null);
            for (Path p : paths) {
                String name = p.getFileName().toString();
                try {
                    files.add(new IndexFile(name, LibraryIndex.readThreads(p).orElse(List.of()), null));
                } catch (IOException | JsonException e) {
                    files.add(new IndexFile(name, List.of(), e.getMessage()));
                }
            }
        }
        Path state = BatchState.file(out);
        Map<String, Object> records = Map.of();
        if (Files.exists(state)) {
            try {
                records = BatchState.readRecords(state);
            } catch (IOException | JsonException e) {
                Plan p = plan(Map.of(), files);
                return new Plan(List.of(), List.of(), "index/" + BatchState.FILE_NAME + " is unreadable ("
                        + e.getMessage() + ")", 0, p.indexedThreads(), p.indexFiles());
            }
        }
        return plan(records, files);
    }
}
