package io.github.pplxexport.conversation;

import io.github.pplxexport.json.J;
import io.github.pplxexport.subagent.AttributionWaterfall;
import io.github.pplxexport.subagent.SubAgentMap;
import io.github.pplxexport.thread.Citations;
import io.github.pplxexport.thread.Turn;
import io.github.pplxexport.thread.TurnParser;
import io.github.pplxexport.variant.AnswerVariants;

import java.util.Map;

/**
 * Parses the raw responses into a {@link Conversation} (reference-behaviour.md §2.4 steps 2, 5, 7, 8 and
 * §6.1): turns, thread citations, report info, answer variants and, for computer and council, the
 * workflow blocks, the sub-agent map and the attribution waterfall. Identity fields (uuid, title, mode,
 * author, …) are the caller's: live export detects them, re-render reads thread.json.
 */
public final class ConversationAssembler {
    private ConversationAssembler() {
    }

    /**
     * @param c a conversation whose identity fields and {@code mode} are set
     * @param rawEntries the plain response {thread_metadata, entries, background_entries}
     * @param rawBlocks the schematized response, or null when blocks were not fetched
     */
    public static Conversation assemble(Conversation c, Map<String, Object> rawEntries, Map<String, Object> rawBlocks) {
        c.rawEntries = rawEntries;
        c.rawBlocks = rawBlocks;
        c.turns.clear();
        c.turns.addAll(TurnParser.parseTurns(rawEntries));
        if (c.metadata == null) {
            c.metadata = J.asMap(rawEntries.get("thread_metadata"));
        }
        c.citations.clear();
        c.citations.addAll(Citations.ofThread(c.turns));
        c.reportInfo = null;
        for (Turn t : c.turns) {
            Object report = t.metadata.get("report_info");
            if (report instanceof Map<?, ?> m) {
                @SuppressWarnings("unchecked")
                Map<String, Object> r = (Map<String, Object>) m;
                c.reportInfo = r;
                break;
            }
        }
        c.answerVariants.clear();
        c.answerVariants.addAll(AnswerVariants.detect(rawEntries));
        c.appendix.clear();
        c.subAgents = new SubAgentMap();
        if (c.isWorkflowMode() && rawBlocks != null) {
            c.appendix.addAll(AttributionWaterfall.apply(c.turns, rawBlocks));
            c.subAgents = SubAgentMap.build(rawBlocks, rawEntries);
        }
        return c;
    }

    /** The first non-empty turn context_uuid (the platform's dual id), else null. */
    public static String pscUuid(Conversation c) {
        for (Turn t : c.turns) {
            if (!t.contextUuid.isEmpty()) {
                return t.contextUuid;
            }
        }
        return null;
    }
}
