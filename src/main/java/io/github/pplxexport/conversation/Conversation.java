package io.github.pplxexport.conversation;

import io.github.pplxexport.subagent.AppendixItem;
import io.github.pplxexport.subagent.SubAgentMap;
import io.github.pplxexport.thread.Citation;
import io.github.pplxexport.thread.Turn;
import io.github.pplxexport.variant.AnswerVariant;

import java.util.List;
import java.util.Map;

/**
 * A whole thread ready to render and write (reference-behaviour.md §2.4 step 5, §5.5): identity, turns,
 * citations, sub-agents and registries, immutable. Built by {@link ConversationAssembler} from parsed
 * responses, for the live export and for re-render alike, so the Markdown cannot differ between the two.
 *
 * @param metadata       thread_metadata verbatim (null when absent)
 * @param citations      thread-level citations: first occurrence per URL across turns, then sorted by name
 * @param reportInfo     {title, file_name, url} of the first turn with a research report, else null
 * @param answerVariants answer-rewrite hits in entry order (§4.1), empty when none
 * @param subAgents      computer/council: sub-agents and council members (empty otherwise)
 * @param appendix       computer/council: background payloads no turn claimed
 * @param raw            the raw files a live export archives; null when re-rendering
 */
public record Conversation(ThreadIdentity identity, Map<String, Object> metadata, List<Turn> turns,
                           List<Citation> citations, Map<String, Object> reportInfo, List<AnswerVariant> answerVariants,
                           SubAgentMap subAgents, List<AppendixItem> appendix, RawFiles raw) {

    public String webUuid() {
        return identity.webUuid();
    }

    public String title() {
        return identity.title();
    }

    /** The mode id as stored ({@code search}, {@code computer}, …). */
    public String mode() {
        return identity.mode();
    }

    public String author() {
        return identity.author();
    }

    public String lastUpdated() {
        return identity.lastUpdated();
    }

    public boolean isWorkflowMode() {
        return identity.isWorkflowMode();
    }

    /** Short: a conversation may be logged as a route's body, and its turns can be megabytes. */
    @Override
    public String toString() {
        return "Conversation[" + webUuid() + " " + mode() + " \"" + title() + "\", " + turns.size() + " turns]";
    }
}
