package io.github.pplxexport.subagent;

import io.github.pplxexport.json.J;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Navigation over schematized workflow JSON (reference-behaviour.md §1.3): blocks, workflow blocks,
 * steps, items and their payloads. Lenient: anything missing reads as empty.
 */
public final class Workflows {
    public static final String ITEM_TEXT = "WORKFLOW_ITEM_TEXT";
    public static final String ITEM_SOURCES = "WORKFLOW_ITEM_SOURCES";
    public static final String ITEM_QUERIES = "WORKFLOW_ITEM_QUERIES";
    public static final String ITEM_WORKFLOW = "WORKFLOW_ITEM_WORKFLOW";
    public static final String LLM_COUNCIL = "LLM_COUNCIL";

    private Workflows() {
    }

    /** The workflow blocks of one blocks-response entry, in order. */
    public static List<Map<String, Object>> workflowBlocks(Object entry) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object b : J.list(entry, "blocks")) {
            Map<String, Object> wb = J.asMap(J.get(b, "workflow_block"));
            if (wb != null) {
                out.add(wb);
            }
        }
        return out;
    }

    public static List<Object> steps(Object workflow) {
        return J.list(workflow, "steps");
    }

    public static List<Object> items(Object step) {
        return J.list(step, "items");
    }

    public static String itemType(Object item) {
        return J.str(item, "type");
    }

    public static Map<String, Object> payload(Object item, String key) {
        return J.map(J.get(item, "payload"), key);
    }

    /** The nested workflow payload of an item, or null. */
    public static Map<String, Object> workflowPayload(Object item) {
        return J.asMap(J.get(J.get(item, "payload"), "workflow_payload"));
    }

    /** The body of a text payload: {@code text}, else the chunks joined. */
    public static String text(Map<String, Object> textPayload) {
        String t = J.str(textPayload, "text");
        if (!t.isEmpty()) {
            return t;
        }
        StringBuilder sb = new StringBuilder();
        for (Object c : J.list(textPayload, "chunks")) {
            if (c instanceof String s) {
                sb.append(s);
            }
        }
        return sb.toString();
    }

    /** A payload that anchors a sub-agent: non-empty objective_chunks or is_background_anchor. */
    public static boolean isSubAgentPayload(Map<String, Object> wp) {
        return wp != null && (J.truthy(wp.get("objective_chunks")) || J.truthy(wp.get("is_background_anchor")));
    }

    public static boolean isCouncilPayload(Map<String, Object> wp) {
        return wp != null && LLM_COUNCIL.equals(J.str(wp, "mode"));
    }

    /** The sub-agent's prompt: objective_chunks concatenated. */
    public static String prompt(Map<String, Object> wp) {
        StringBuilder sb = new StringBuilder();
        for (Object c : J.list(wp, "objective_chunks")) {
            sb.append(J.asText(c));
        }
        return sb.toString();
    }

    /** The first item of a step that carries a sub-agent payload, or null. */
    public static Map<String, Object> subAgentPayload(Object step) {
        for (Object item : items(step)) {
            Map<String, Object> wp = workflowPayload(item);
            if (isSubAgentPayload(wp)) {
                return wp;
            }
        }
        return null;
    }

    /** A council step: one member run per model, rendered as such. */
    public static boolean isCouncilStep(Object step) {
        return "council_research".equals(J.str(step, "tool_name"));
    }

    /**
     * A step that launched a sub-agent (§8.4): {@code run_subagent}, the sub-agent icon, or an item carrying
     * a sub-agent payload; council steps (which share the icon) are not.
     */
    public static boolean isSubAgentStep(Object step) {
        return !isCouncilStep(step) && ("run_subagent".equals(J.str(step, "tool_name"))
                || "subagent".equals(J.str(step, "icon")) || subAgentPayload(step) != null);
    }

    /** A sub-agent step's id: the payload id, else the step id without a trailing {@code :workflow}. */
    public static String subAgentId(Object step, Map<String, Object> wp) {
        String id = J.str(wp, "id");
        if (!id.isEmpty()) {
            return id;
        }
        String sid = J.str(step, "id");
        return sid.endsWith(":workflow") ? sid.substring(0, sid.length() - ":workflow".length()) : sid;
    }

    /**
     * The last non-blank answer text in a workflow ({@code wf_block_answer}, §8.8): TEXT items with
     * variant {@code answer} in any step.
     */
    public static String blockAnswer(Map<String, Object> workflow) {
        String answer = "";
        for (Object step : steps(workflow)) {
            for (Object item : items(step)) {
                if (ITEM_TEXT.equals(itemType(item))) {
                    Map<String, Object> tp = payload(item, "text_payload");
                    if ("answer".equals(J.str(tp, "variant"))) {
                        String t = text(tp);
                        if (!t.isBlank()) {
                            answer = t;
                        }
                    }
                }
            }
        }
        return answer;
    }

    /** Step times as headings show them: the first 19 characters, {@code T} replaced by a space. */
    public static String time(String iso) {
        String s = iso.length() > 19 ? iso.substring(0, 19) : iso;
        return s.replace('T', ' ');
    }
}
