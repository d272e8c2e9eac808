package io.github.pplxexport.archive;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.text.Timestamps;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * Never overwrite a thread with less: before a thread dir's files are replaced (export, sync, ask's re-export,
 * re-render), the new copy is measured against the archived one ({@link CopyMeasure}); when it holds less, the
 * archived files (raw files, thread.json, sources, the Markdown and turns/) are first copied to
 * {@code <thread dir>/versions/<exported_at of the old copy>/}, and a line goes to
 * {@code index/previous_copies.jsonl} (what {@code status} lists). The new copy is then written as usual: the
 * raw files keep what the platform sent, and the good copy stays beside it.
 */
public final class PreviousCopies {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.export");
    public static final String VERSIONS_DIR = "versions";
    public static final String LOG_FILE = "previous_copies.jsonl";
    /** The files of a copy (turns/ as a whole); assets stay where they are (their manifest only grows). */
    private static final List<String> FILES = List.of(ThreadFiles.THREAD_JSON, ThreadFiles.RAW_ENTRIES, ThreadFiles.RAW_BLOCKS,
            ThreadFiles.SOURCES_JSON, ThreadFiles.CONVERSATION, ThreadFiles.SOURCES_MD, ThreadFiles.REPORT, ThreadFiles.TURNS_DIR);

    private final Path out;
    private final Clock clock;

    public PreviousCopies(Path out, Clock clock) {
        this.out = out;
        this.clock = clock;
    }

    /** A previous copy kept: where, and what the new one had less of. */
    public record Kept(Path versionDir, List<String> shrank) {
        /** {@code kept the previous copy: turn 2 answer 1204 → 0 chars (versions/2026-12-01T09-00-00Z)} */
        public String line() {
            return "kept the previous copy: " + String.join(", ", shrank) + " (" + VERSIONS_DIR + "/"
                    + versionDir.getFileName() + ")";
        }
    }

    /** The archived copy's measure: its turn files and thread.json's n_sources; empty when there is none to lose. */
    public static Optional<CopyMeasure> archived(Path dir) throws IOException {
        Path threadJson = dir.resolve(ThreadFiles.THREAD_JSON);
        Path turns = dir.resolve(ThreadFiles.TURNS_DIR);
        if (!Files.isRegularFile(threadJson) || !Files.isDirectory(turns)) {
            return Optional.empty();
        }
        int sources = 0;
        int nTurns = Integer.MAX_VALUE;
        try {
            Map<String, Object> thread = Json.readObject(threadJson);
            sources = thread.get("n_sources") instanceof Number n ? n.intValue() : 0;
            nTurns = thread.get("n_turns") instanceof Number n ? n.intValue() : nTurns;
        } catch (JsonException e) {
            // a damaged thread.json: its turn files are still measured (doctor --archive names it)
        }
        Map<String, String> files = new TreeMap<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(turns, "turn_*.md")) {
            for (Path f : ds) {
                // the copy's own turns: a stale file above its turn count (removed by the next write) is not one
                if (turnNumber(f.getFileName().toString()) <= nTurns) {
                    files.put(f.getFileName().toString(), Files.readString(f, StandardCharsets.UTF_8));
                }
            }
        }
        return Optional.of(CopyMeasure.of(files, sources));
    }

    /** {@code turn_0012.md} → 12; a name of another shape counts as above every turn count. */
    private static int turnNumber(String name) {
        try {
            return Integer.parseInt(name.substring("turn_".length(), name.length() - ".md".length()));
        } catch (RuntimeException e) {
            return Integer.MAX_VALUE;
        }
    }

    /**
     * Keeps the archived copy in {@code dir} when the new one ({@code turnFiles}, {@code sources}) holds less of
     * anything; empty when it holds at least as much (or there is no archived copy), and then nothing is written.
     */
    public Optional<Kept> keepIfLess(Path dir, String webUuid, Map<String, String> turnFiles, int sources) throws IOException {
        return keep(dir, webUuid, turnFiles, OptionalInt.of(sources));
    }

    /**
     * {@link #keepIfLess} for a re-render, which replaces only the Markdown: thread.json (its n_sources, written
     * by whichever exporter made the copy, the reference's included) stays, so the sources are not compared.
     */
    public Optional<Kept> keepIfLessMarkdown(Path dir, String webUuid, Map<String, String> turnFiles) throws IOException {
        return keep(dir, webUuid, turnFiles, OptionalInt.empty());
    }

    private Optional<Kept> keep(Path dir, String webUuid, Map<String, String> turnFiles, OptionalInt sources) throws IOException {
        Optional<CopyMeasure> old = archived(dir);
        if (old.isEmpty()) {
            return Optional.empty();
        }
        List<String> shrank = CopyMeasure.of(turnFiles, sources.orElse(old.get().sources())).shrankFrom(old.get());
        if (shrank.isEmpty()) {
            return Optional.empty();
        }
        Path version = dir.resolve(VERSIONS_DIR).resolve(versionName(dir));
        Kept kept = new Kept(version, List.copyOf(shrank));
        if (!Files.isDirectory(version)) { // else kept by a run killed before it wrote the new copy
            copyInto(dir, version);
            record(dir, webUuid, kept);
        }
        return Optional.of(kept);
    }

    /** The old copy's exported_at, made a portable dir name ({@code 2026-12-01T09-00-00Z}); its mtime without one. */
    static String versionName(Path dir) throws IOException {
        String at = "";
        try {
            at = J.str(Json.readObject(dir.resolve(ThreadFiles.THREAD_JSON)), "exported_at");
        } catch (JsonException e) {
            // named by the file's time below
        }
        if (at.isEmpty()) {
            at = Files.getLastModifiedTime(dir.resolve(ThreadFiles.THREAD_JSON)).toInstant().toString();
        }
        return at.replaceAll("[^0-9A-Za-z._+-]", "-");
    }

    /** Copied under a temporary name, then renamed: a version dir is whole or absent (a kill -9 leaves only the temp). */
    private static void copyInto(Path dir, Path version) throws IOException {
        Path tmp = version.resolveSibling("." + version.getFileName() + ".tmp");
        if (Files.exists(tmp)) {
            FileTrees.delete(tmp);
        }
        Files.createDirectories(tmp);
        for (String name : FILES) {
            Path f = dir.resolve(name);
            if (Files.exists(f)) {
                FileTrees.copy(f, tmp.resolve(name));
            }
        }
        Files.move(tmp, version, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private void record(Path dir, String webUuid, Kept kept) throws IOException {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("web_uuid", webUuid);
        line.put("dir", out.toAbsolutePath().normalize().relativize(dir.toAbsolutePath().normalize()).toString());
        line.put("version", kept.versionDir().getFileName().toString());
        line.put("shrank", kept.shrank());
        line.put("kept_at", Timestamps.nowUtc(clock));
        Path file = out.resolve("index").resolve(LOG_FILE);
        Files.createDirectories(file.getParent());
        Files.writeString(file, PyJson.compact(line) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** The lines of index/previous_copies.jsonl (status), oldest first; empty when none were kept. */
    public static List<Map<String, Object>> recorded(Path out) throws IOException {
        return Json.readObjectLines(out.resolve("index").resolve(LOG_FILE)); // a line cut by a kill: skipped
    }
}
