package io.github.pplxexport.conversation;

import io.github.pplxexport.subagent.AppendixItem;
import io.github.pplxexport.subagent.AttributionWaterfall;
import io.github.pplxexport.subagent.SubAgentMap;
import io.github.pplxexport.thread.Citations;
import io.github.pplxexport.thread.Entry;
import io.github.pplxexport.thread.RawResponse;
import io.github.pplxexport.thread.Turn;
import io.github.pplxexport.thread.Turns;
import io.github.pplxexport.variant.AnswerVariant;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Parsed responses → a {@link Conversation} (reference-behaviour.md §2.4 steps 2, 5, 7, 8 and §6.1): turns,
 * thread citations, report info, answer variants and, for computer and council, the workflow blocks, the
 * sub-agent map and the attribution waterfall. Identity is the caller's: live export works it out,
 * re-render reads thread.json.
 */
public final class ConversationAssembler {
    private ConversationAssembler() {
    }

    /**
     * @param plain  the parsed plain response (raw_entries.json)
     * @param blocks the parsed schematized response, or null when blocks were not fetched
     * @param raw    the raw files to archive (live export), or null
     */
    public static Conversation assemble(ThreadIdentity identity, RawResponse plain, RawResponse blocks, RawFiles raw) {
        List<Turn> turns = Turns.of(plain);
        List<AppendixItem> appendix = List.of();
        SubAgentMap subAgents = SubAgentMap.EMPTY;
        if (identity.isWorkflowMode() && blocks != null) {
            AttributionWaterfall.Result attributed = AttributionWaterfall.apply(turns, blocks);
            turns = attributed.turns();
            appendix = attributed.appendix();
            subAgents = SubAgentMap.build(blocks, plain);
        }
        Map<String, Object> reportInfo = null;
        for (Turn t : turns) {
            if (t.reportInfo() != null) {
                reportInfo = t.reportInfo();
                break;
            }
        }
        List<AnswerVariant> variants = new ArrayList<>();
        for (Entry e : plain.entries()) {
            if (e.variant() != null) {
                variants.add(e.variant());
            }
        }
        return new Conversation(identity, plain.metadata(), List.copyOf(turns), Citations.ofThread(turns), reportInfo,
                List.copyOf(variants), subAgents, appendix, raw);
    }
}
