package io.github.pplxexport.thread;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One turn of a thread: the parsed form of one main entry (reference-behaviour.md §2.6, §5.5).
 * Workflow modes later attach their workflow block ({@link #workflowBlock}) and the background payloads
 * a stub turn absorbed ({@link #stubPayloads}).
 */
public final class Turn {
    public int index;
    public final String uuid;
    public final String contextUuid;
    public final String query;
    public final String author;
    /** Microseconds since the epoch, or null when missing or not an integer. */
    public final Long createdUs;
    public final Long updatedUs;
    public final List<Step> steps;
    public final String answer;
    public final List<Citation> citations;
    /** The entry's trigger, e.g. {@code subagent_result} for stub turns. */
    public final String trigger;
    /** report_info, locked_reason, query_source, wf_status, in the reference's key names. */
    public final Map<String, Object> metadata = new LinkedHashMap<>();

    /** The main entry's workflow block from raw_blocks.json (computer/council only), else null. */
    public Map<String, Object> workflowBlock;
    /** Background payloads attributed to this stub turn by the time window (computer/council only). */
    public final List<Map<String, Object>> stubPayloads = new ArrayList<>();

    public Turn(int index, String uuid, String contextUuid, String query, String author, Long createdUs,
                Long updatedUs, List<Step> steps, String answer, List<Citation> citations, String trigger) {
        this.index = index;
        this.uuid = uuid;
        this.contextUuid = contextUuid;
        this.query = query;
        this.author = author;
        this.createdUs = createdUs;
        this.updatedUs = updatedUs;
        this.steps = steps;
        this.answer = answer;
        this.citations = citations;
        this.trigger = trigger;
    }

    public String lockedReason() {
        return metadata.get("locked_reason") instanceof String s ? s : "";
    }

    public String workflowStatus() {
        return metadata.get("wf_status") instanceof String s ? s : "";
    }
}
