package io.github.pplxexport.thread;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One turn of a thread: a main entry in turn order (reference-behaviour.md §2.6, §5.5). Workflow modes add
 * the entry's workflow block ({@link #workflow()}, with its status) and the background payloads a
 * {@code subagent_result} stub turn absorbed ({@link #stubPayloads()}).
 */
public record Turn(int index, Entry entry, Workflow workflow, List<Workflow> stubPayloads) {

    public Turn(int index, Entry entry) {
        this(index, entry, null, List.of());
    }

    public Turn withWorkflow(Workflow block) {
        return new Turn(index, entry, block, stubPayloads);
    }

    public Turn withStubPayloads(List<Workflow> payloads) {
        return new Turn(index, entry, workflow, List.copyOf(payloads));
    }

    /**
     * A turn's name in the archive, {@code turn_%04d} with ASCII digits whatever the default locale: the stem of its
     * file under turns/ and its location in the interruptions registry. Built without a Formatter (one per turn).
     */
    public static String name(int index) {
        String n = Integer.toString(index);
        return index >= 0 && n.length() < 4 ? "turn_" + "0".repeat(4 - n.length()) + n
                : String.format(Locale.ROOT, "turn_%04d", index);
    }

    public String uuid() {
        return entry.uuid();
    }

    public String query() {
        return entry.query();
    }

    public Long createdUs() {
        return entry.createdUs();
    }

    public List<Step> steps() {
        return entry.steps();
    }

    public String answer() {
        return entry.answer();
    }

    public List<Citation> citations() {
        return entry.citations();
    }

    public Map<String, Object> reportInfo() {
        return entry.reportInfo();
    }

    public String lockedReason() {
        return entry.lockedReason();
    }

    /** The attached workflow block's status ({@code wf_status}), "" without one. */
    public String workflowStatus() {
        return workflow == null ? "" : workflow.status();
    }
}
