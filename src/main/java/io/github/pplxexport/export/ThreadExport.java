package io.github.pplxexport.export;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.conversation.ConversationAssembler;
import io.github.pplxexport.json.J;
import io.github.pplxexport.text.Timestamps;
import io.github.pplxexport.mode.Mode;
import io.github.pplxexport.mode.ModeDetector;
import io.github.pplxexport.subagent.WorkflowStatus;
import io.github.pplxexport.subagent.Workflows;
import io.github.pplxexport.text.PyStrings;
import io.github.pplxexport.thread.Turn;
import io.github.pplxexport.thread.TurnParser;
import io.github.pplxexport.variant.AnswerVariantLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The decisions of the live export between fetching and writing (reference-behaviour.md §2.4): mode
 * detection, whether to fetch blocks, and assembling the conversation with its identity fields.
 */
public final class ThreadExport {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.export");

    private final ExportSettings settings;

    public ThreadExport(ExportSettings settings) {
        this.settings = settings;
    }

    /** Mode detection on the plain response; conflicts are logged as the reference does. */
    public Mode detectMode(ExportRequest request, Map<String, Object> rawEntries) {
        List<Turn> turns = TurnParser.parseTurns(rawEntries);
        ModeDetector.Detection d = ModeDetector.detect(J.asMap(rawEntries.get("thread_metadata")), request.indexRow(),
                request.url(), turns, J.list(rawEntries, "entries"));
        d.warnings().forEach(w -> LOG.warn("[mode] {}: {}", request.uuid(), w));
        return d.mode();
    }

    /** Blocks for the four non-search modes, and for search when every entry lacks a display_model. */
    public boolean needsBlocks(Mode mode, Map<String, Object> rawEntries) {
        return ModeDetector.needsBlocks(mode, J.list(rawEntries, "entries"));
    }

    public Conversation assemble(ExportRequest request, Map<String, Object> rawEntries, Map<String, Object> rawBlocks,
                                 Mode mode) {
        Conversation c = new Conversation();
        c.webUuid = request.uuid();
        c.mode = mode.id();
        c.url = ThreadUrls.canonical(request.uuid(), mode == Mode.COMPUTER);
        c.metadata = J.asMap(rawEntries.get("thread_metadata"));
        ConversationAssembler.assemble(c, rawEntries, rawBlocks);
        Map<String, Object> row = request.indexRow();
        String title = J.str(c.metadata, "title");
        if (title.isEmpty()) {
            title = J.str(row, "title");
        }
        c.title = title.isEmpty() ? "untitled" : PyStrings.strip(title);
        c.pscUuid = ConversationAssembler.pscUuid(c);
        c.lastUpdated = J.str(row, "lastUpdated").isEmpty() ? lastTurnUpdate(c.turns) : J.str(row, "lastUpdated");
        String author = c.turns.isEmpty() ? "" : c.turns.get(0).author;
        c.author = author.isEmpty() ? settings.displayFolder(request.account()) : author;
        c.exportVia = request.account();
        Map<String, Object> space = J.asMap(J.get(row, "collection"));
        c.space = space != null ? space : J.asMap(J.get(row, "space"));
        if (rawBlocks != null) {
            scanAnomalies(c, rawBlocks);
        }
        for (Map<String, Object> v : c.answerVariants) {
            LOG.warn(AnswerVariantLog.warning(c.webUuid, c.title, v));
        }
        return c;
    }

    /** The last turn's updated_us at second precision; "" without turns (never the minute display format). */
    static String lastTurnUpdate(List<Turn> turns) {
        if (turns.isEmpty() || turns.get(turns.size() - 1).updatedUs == null) {
            return "";
        }
        long us = turns.get(turns.size() - 1).updatedUs;
        try {
            return Timestamps.utcStamp(Instant.ofEpochSecond(Math.floorDiv(us, 1_000_000L)));
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** One warning listing non-completed workflows in entries and background entries (§2.4 step 6). */
    static void scanAnomalies(Conversation c, Map<String, Object> rawBlocks) {
        List<String> found = new ArrayList<>();
        for (String kind : List.of("entries", "background_entries")) {
            String where = kind.equals("entries") ? "entry" : "background";
            for (Object e : J.list(rawBlocks, kind)) {
                for (Map<String, Object> wb : Workflows.workflowBlocks(e)) {
                    WorkflowStatus s = WorkflowStatus.classify(J.str(wb, "status"), J.str(e, "locked_reason"));
                    if (s != WorkflowStatus.COMPLETED) {
                        found.add(where + ":" + PyStrings.head(J.str(e, "uuid"), 8) + ":" + s.kind());
                    }
                }
            }
        }
        if (!found.isEmpty()) {
            LOG.warn("[export] {} {}: {} workflow(s) not completed: {}", c.webUuid, c.title, found.size(),
                    String.join(", ", found.subList(0, Math.min(12, found.size()))));
        }
    }
}
