package io.github.pplxexport.replay;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.json.PyJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The threads asked through the replay (and the threads a follow-up continued), kept apart from the archive it
 * serves, which the replay never writes: a scratch folder in the exporter's layout
 * ({@code <author>/<mode>/<dir>/thread.json, raw_entries.json, raw_blocks.json}), read like the archive and listed
 * with it (a thread here hides its archived copy). Made at the first ask, deleted when the server stops.
 */
final class AskedThreads implements AutoCloseable {
    private Path root;
    private ReplayArchive archive;

    /** The asked threads as an archive, or null before the first ask. */
    synchronized ReplayArchive archive() {
        return archive;
    }

    /** Writes one thread (thread.json last: a reader never sees a thread without its raw files). */
    synchronized Path write(String author, String mode, String dirName, Map<String, Object> threadJson,
                            Map<String, Object> rawEntries, Map<String, Object> rawBlocks) {
        try {
            if (root == null) {
                root = Files.createTempDirectory("pplx-replay-asks");
                archive = new ReplayArchive(root);
            }
            Path dir = root.resolve(author).resolve(mode).resolve(dirName);
            Files.createDirectories(dir);
            AtomicFiles.write(dir.resolve(ThreadRecord.RAW_ENTRIES), PyJson.compact(rawEntries));
            if (rawBlocks != null) {
                AtomicFiles.write(dir.resolve(ThreadRecord.RAW_BLOCKS), PyJson.compact(rawBlocks));
            }
            AtomicFiles.write(dir.resolve(ThreadRecord.THREAD_JSON), PyJson.pretty(threadJson));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A new thread.json for an asked thread (its space changed). */
    synchronized void rewriteThreadJson(Path dir, Map<String, Object> threadJson) {
        try {
            AtomicFiles.write(dir.resolve(ThreadRecord.THREAD_JSON), PyJson.pretty(threadJson));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void close() {
        if (root != null) {
            try {
                FileTrees.delete(root);
            } catch (IOException e) {
                // a scratch folder left in the temp dir is not worth failing a stop for
            }
        }
    }
}
