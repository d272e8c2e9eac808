package io.github.pplxexport.export;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.conversation.ConversationAssembler;
import io.github.pplxexport.conversation.RawFiles;
import io.github.pplxexport.conversation.ThreadIdentity;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.text.Timestamps;
import io.github.pplxexport.mode.Mode;
import io.github.pplxexport.mode.ModeDetector;
import io.github.pplxexport.subagent.WorkflowStatus;
import io.github.pplxexport.text.PyStrings;
import io.github.pplxexport.thread.Entry;
import io.github.pplxexport.thread.RawResponse;
import io.github.pplxexport.thread.ResponseParser;
import io.github.pplxexport.thread.SchemaDrift;
import io.github.pplxexport.thread.Turn;
import io.github.pplxexport.thread.Turns;
import io.github.pplxexport.thread.Workflow;
import io.github.pplxexport.variant.AnswerVariant;
import io.github.pplxexport.variant.AnswerVariantLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The decisions of the live export between fetching and writing (reference-behaviour.md §2.4): mode
 * detection, whether to fetch blocks, and assembling the conversation with its identity fields.
 *
 * <p>The API responses arrive as decoded trees; each is serialised once to the bytes archived as
 * raw_entries.json / raw_blocks.json and parsed from those bytes, exactly as re-render reads them later.
 * The plain response is parsed once per thread ({@link #parsePlain}, kept by the route in a variable):
 * {@link #detectMode}, {@link #needsBlocks} and {@link #assemble} share it.
 */
public final class ThreadExport {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.export");

    private final ExportSettings settings;

    /** A plain response as archived (its bytes) and as parsed from those bytes. */
    public record PlainResponse(byte[] bytes, RawResponse response) {
        @Override
        public String toString() {
            return "PlainResponse[" + bytes.length + " bytes, " + response.entries().size() + " entries]";
        }
    }

    public ThreadExport(ExportSettings settings) {
        this.settings = settings;
    }

    /** The joined plain pages as archived and parsed; a response without renderable entries fails here. */
    public PlainResponse parsePlain(Map<String, Object> rawEntries) {
        byte[] bytes = bytes(rawEntries);
        RawResponse response = ResponseParser.parse(bytes, true);
        Turns.of(response); // before the blocks are fetched
        return new PlainResponse(bytes, response);
    }

    /** Mode detection on the plain response; conflicts are logged as the reference does. */
    public Mode detectMode(ExportRequest request, PlainResponse plain) {
        ModeDetector.Detection d = ModeDetector.detect(plain.response().metadata(), request.indexRow(), request.url(),
                plain.response().entries());
        d.warnings().forEach(w -> LOG.warn("[mode] {}: {}", request.uuid(), w));
        return d.mode();
    }

    /** Blocks for the four non-search modes, and for search when every entry lacks a display_model. */
    public boolean needsBlocks(Mode mode, PlainResponse plain) {
        return ModeDetector.needsBlocks(mode, plain.response().entries());
    }

    public Conversation assemble(ExportRequest request, PlainResponse entries, Map<String, Object> rawBlocks, Mode mode) {
        byte[] blocksBytes = rawBlocks == null ? null : bytes(rawBlocks);
        RawResponse blocks = blocksBytes == null ? null : ResponseParser.parse(blocksBytes, true);
        RawResponse plain = entries.response();
        List<Turn> turns = Turns.of(plain);
        Map<String, Object> row = request.indexRow();
        String title = J.str(plain.metadata(), "title");
        if (title.isEmpty()) {
            title = J.str(row, "title");
        }
        String pscUuid = null;
        for (Turn t : turns) {
            if (!t.entry().contextUuid().isEmpty()) {
                pscUuid = t.entry().contextUuid();
                break;
            }
        }
        String author = turns.isEmpty() ? "" : turns.get(0).entry().author();
        Map<String, Object> space = J.asMap(J.get(row, "collection"));
        ThreadIdentity identity = new ThreadIdentity(request.uuid(), pscUuid,
                ThreadUrls.canonical(request.uuid(), mode == Mode.COMPUTER),
                title.isEmpty() ? "untitled" : PyStrings.strip(title), mode.id(),
                author.isEmpty() ? settings.displayFolder(request.account()) : author, request.account(),
                J.str(row, "lastUpdated").isEmpty() ? lastTurnUpdate(turns) : J.str(row, "lastUpdated"),
                space != null ? space : J.asMap(J.get(row, "space")), null);
        Conversation c = ConversationAssembler.assemble(identity, plain, blocks, new RawFiles(entries.bytes(), blocksBytes));
        if (blocks != null) {
            scanAnomalies(c, blocks);
        }
        for (AnswerVariant v : c.answerVariants()) {
            LOG.warn(AnswerVariantLog.warning(c.webUuid(), c.title(), v));
        }
        return c;
    }

    /**
     * What the payload holds that this version does not recognise ({@link SchemaDrift}), said in one line for the
     * thread; the raw files keep it all, so a later version re-renders it.
     */
    public List<SchemaDrift.Drift> drift(ExportRequest request, Map<String, Object> rawEntries, Map<String, Object> rawBlocks) {
        List<SchemaDrift.Drift> drift = SchemaDrift.scan(rawEntries, rawBlocks);
        if (!drift.isEmpty()) {
            LOG.warn("[schema] {} {}: {} (kept in raw; re-render after an update)", request.uuid(), request.title(),
                    String.join("; ", drift.stream().map(SchemaDrift.Drift::toString).toList()));
        }
        return drift;
    }

    /** The archived form of a response: Python's {@code json.dumps} of the joined pages. */
    private static byte[] bytes(Map<String, Object> response) {
        return PyJson.compact(response).getBytes(StandardCharsets.UTF_8);
    }

    /** The last turn's updated_us at second precision; "" without turns (never the minute display format). */
    static String lastTurnUpdate(List<Turn> turns) {
        if (turns.isEmpty() || turns.get(turns.size() - 1).entry().updatedUs() == null) {
            return "";
        }
        long us = turns.get(turns.size() - 1).entry().updatedUs();
        try {
            return Timestamps.utcStamp(Instant.ofEpochSecond(Math.floorDiv(us, 1_000_000L)));
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** One warning listing non-completed workflows in entries and background entries (§2.4 step 6). */
    static void scanAnomalies(Conversation c, RawResponse blocks) {
        List<String> found = new ArrayList<>();
        scan(found, "entry", blocks.entries());
        scan(found, "background", blocks.background());
        if (!found.isEmpty()) {
            LOG.warn("[export] {} {}: {} workflow(s) not completed: {}", c.webUuid(), c.title(), found.size(),
                    String.join(", ", found.subList(0, Math.min(12, found.size()))));
        }
    }

    private static void scan(List<String> found, String where, List<Entry> entries) {
        for (Entry e : entries) {
            for (Workflow wb : e.workflowBlocks()) {
                WorkflowStatus s = WorkflowStatus.classify(wb.status(), e.lockedReason());
                if (s != WorkflowStatus.COMPLETED) {
                    found.add(where + ":" + PyStrings.head(e.uuid(), 8) + ":" + s.kind());
                }
            }
        }
    }
}
