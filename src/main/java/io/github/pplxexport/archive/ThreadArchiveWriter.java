package io.github.pplxexport.archive;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.conversation.ThreadIdentity;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.text.Timestamps;
import io.github.pplxexport.mode.Mode;
import io.github.pplxexport.subagent.Interruptions;
import io.github.pplxexport.thread.Citation;
import io.github.pplxexport.variant.AnswerVariantLog;
import io.github.pplxexport.variant.AnswerVariants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes the sources of truth of one exported thread into {@code <out>/<account>/<mode>/<date>_<slug>_<uuid8>/}
 * in the reference's order (reference-behaviour.md §2.4 step 10, §5.2–§5.3): thread.json (with the
 * interruptions and answer_variants registries), raw_entries.json, raw_blocks.json (when fetched),
 * sources.json, each flushed and renamed into place ({@link AtomicFiles}). An older dir of the same thread
 * (another date) is merged in first. The Markdown products follow through the write-products route
 * ({@link ThreadProducts}).
 */
public final class ThreadArchiveWriter {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.export");

    private final Path out;
    private final Clock clock;
    private final AnswerVariantLog variantLog;
    private final java.util.function.Function<String, String> displayFolder;
    private final PreviousCopies previousCopies;

    public ThreadArchiveWriter(Path out, Clock clock, java.util.function.Function<String, String> displayFolder) {
        this.out = out;
        this.clock = clock;
        this.displayFolder = displayFolder;
        this.variantLog = new AnswerVariantLog(out.resolve("index").resolve("answer_variants_log.jsonl"));
        this.previousCopies = new PreviousCopies(out, clock);
    }

    /** The thread's dir for its current date, title and author. */
    public Path target(Conversation c) {
        Mode mode = Mode.fromId(c.mode()).orElse(Mode.SEARCH);
        return ThreadDirName.of(displayFolder.apply(c.author()), mode, c.lastUpdated(), c.title(), c.webUuid(), clock).under(out);
    }

    /**
     * True when the archived thread.json already has this lastUpdated (normalised), so an export without
     * --force writes nothing.
     */
    public boolean upToDate(Conversation c) {
        Path file = target(c).resolve(ThreadFiles.THREAD_JSON);
        if (!Files.isRegularFile(file) || c.lastUpdated().isEmpty()) {
            return false;
        }
        try {
            String stored = J.str(Json.readObject(file), "lastUpdated");
            return !stored.isEmpty() && Timestamps.sameTs(stored, c.lastUpdated());
        } catch (IOException | JsonException e) {
            return false;
        }
    }

    /**
     * Before the thread dir is written: when the new copy ({@code turnFiles}, its citations) holds less than the
     * archived one, the archived files are kept under versions/ ({@link PreviousCopies}) and the warning is logged.
     * Empty when nothing was kept. The thread's older dirs (another date) are looked at too: write merges them in.
     */
    public Optional<PreviousCopies.Kept> keepIfLess(Conversation c, Map<String, String> turnFiles) throws IOException {
        Path dir = target(c);
        if (!Files.isDirectory(dir)) {
            List<Path> existing = ThreadDirName.findExisting(out, c.webUuid());
            if (existing.isEmpty()) {
                return Optional.empty();
            }
            dir = existing.get(0);
        }
        Optional<PreviousCopies.Kept> kept = previousCopies.keepIfLess(dir, c.webUuid(), turnFiles, c.citations().size());
        kept.ifPresent(k -> LOG.warn("[export] {} {}: {}", c.webUuid(), c.title(), k.line()));
        return kept;
    }

    /** Writes the sources of truth of the thread dir; the conversation must carry its raw files (a live export's). */
    public Path write(Conversation c) throws IOException {
        if (c.raw() == null) {
            throw new IllegalArgumentException("a conversation without raw files cannot be archived: " + c.webUuid());
        }
        Path dir = target(c);
        ChangeJournal.touched(dir); // before its files: a kill after any of them leaves it recorded
        ThreadDirName.migrateInto(out, c.webUuid(), dir);
        Files.createDirectories(dir.resolve(ThreadFiles.TURNS_DIR));
        Files.createDirectories(dir.resolve(ThreadFiles.ASSETS_DIR));
        // what a killed export of this thread left half-written (its files are all written again now)
        for (Path d : List.of(dir, dir.resolve(ThreadFiles.TURNS_DIR), dir.resolve(ThreadFiles.ASSETS_DIR),
                dir.resolve(ThreadFiles.ASSETS_DIR).resolve("files"))) {
            AtomicFiles.removeStaleTemps(d);
        }
        AtomicFiles.writeIfChanged(dir.resolve(ThreadFiles.THREAD_JSON), PyJson.pretty(threadJson(c)));
        AtomicFiles.writeIfChanged(dir.resolve(ThreadFiles.RAW_ENTRIES), c.raw().entries());
        if (c.raw().blocks() != null) {
            AtomicFiles.writeIfChanged(dir.resolve(ThreadFiles.RAW_BLOCKS), c.raw().blocks());
        }
        AtomicFiles.writeDerivedIfChanged(dir.resolve(ThreadFiles.SOURCES_JSON), PyJson.pretty(sourcesJson(c.citations())));
        if (!c.answerVariants().isEmpty()) {
            int added = variantLog.append("online", c.webUuid(), c.title(), c.answerVariants(), Timestamps.nowUtc(clock));
            LOG.debug("[export] {}: {} new answer-variant record(s) in the central log", c.webUuid(), added);
        }
        return dir;
    }

    /** The 15 keys in the reference's order, then the registries when non-empty. */
    Map<String, Object> threadJson(Conversation c) {
        Map<String, Object> m = new LinkedHashMap<>();
        ThreadIdentity id = c.identity();
        m.put("web_uuid", id.webUuid());
        m.put("psc_uuid", id.pscUuid());
        m.put("url", id.url());
        m.put("title", id.title());
        m.put("mode", id.mode());
        m.put("author", id.author());
        m.put("export_via", id.exportVia());
        m.put("space", id.space());
        m.put("lastUpdated", id.lastUpdated());
        m.put("threadAccess", id.threadAccess());
        m.put("n_turns", c.turns().size());
        m.put("n_sources", c.citations().size());
        m.put("metadata", c.metadata());
        m.put("report_info", c.reportInfo());
        m.put("exported_at", Timestamps.nowUtc(clock));
        List<Map<String, Object>> interruptions = Interruptions.of(c.turns(), c.subAgents(), c.appendix());
        if (!interruptions.isEmpty()) {
            m.put(ThreadJsonRegistries.INTERRUPTIONS, interruptions);
        }
        if (!c.answerVariants().isEmpty()) {
            m.put(ThreadJsonRegistries.ANSWER_VARIANTS, AnswerVariants.records(c.answerVariants()));
        }
        return m;
    }

    static Map<String, Object> sourcesJson(List<Citation> citations) {
        List<Object> list = new ArrayList<>();
        citations.forEach(ci -> list.add(ci.toSourceRecord()));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", citations.size());
        m.put("sources", list);
        return m;
    }
}
