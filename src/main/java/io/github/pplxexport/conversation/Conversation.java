package io.github.pplxexport.conversation;

import io.github.pplxexport.mode.Mode;
import io.github.pplxexport.subagent.AppendixItem;
import io.github.pplxexport.subagent.SubAgentMap;
import io.github.pplxexport.thread.Citation;
import io.github.pplxexport.thread.Turn;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A whole thread ready to render and write (reference-behaviour.md §2.4 step 5, §5.5). Built by the
 * live export from API responses and by re-render from an archived thread dir; both go through the same
 * parsing, so the Markdown cannot differ between the two paths.
 */
public final class Conversation {
    public String webUuid = "";
    public String pscUuid;
    public String url = "";
    public String title = "";
    public String mode = "search";
    public String author = "";
    public String exportVia = "";
    public String lastUpdated = "";
    public Map<String, Object> space;
    public Object threadAccess;
    /** thread_metadata verbatim. */
    public Map<String, Object> metadata;
    /** {title, file_name, url} of the first turn with a research report, else null. */
    public Map<String, Object> reportInfo;
    public final List<Turn> turns = new ArrayList<>();
    /** Thread-level citations: first occurrence per URL across turns, then sorted by name. */
    public final List<Citation> citations = new ArrayList<>();
    /** The plain response {thread_metadata, entries, background_entries}. */
    public Map<String, Object> rawEntries;
    /** The schematized response, or null when blocks were not fetched. */
    public Map<String, Object> rawBlocks;
    /** Answer-variant records (§4.1), empty when none. */
    public final List<Map<String, Object>> answerVariants = new ArrayList<>();
    /** Computer/council: sub-agents and council members, built from the blocks (empty otherwise). */
    public SubAgentMap subAgents = new SubAgentMap();
    /** Computer/council: background payloads no turn claimed, for the conversation appendix. */
    public final List<AppendixItem> appendix = new ArrayList<>();

    /** Computer and council turns render from workflow blocks and get the sub-agent waterfall. */
    public boolean isWorkflowMode() {
        return Mode.fromId(mode).map(Mode::isWorkflowMode).orElse(false);
    }
}
