package io.github.pplxexport.thread;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a payload holds that this version does not recognise, though it read the rest (issue 24): unknown step,
 * block, item and asset types, unknown fields where the content is carried (an entry, a schematized entry, a FINAL
 * step's content), a known field of another JSON type, and a FINAL step whose answer is in no known place. Read from
 * the decoded responses the export already has (or from an archived raw file), beside the parser, which it leaves
 * as it is: the Markdown does not change, and the raw files keep everything for a later version to re-render.
 * Known names are those of reference-behaviour.md §1.2–§1.3 and of the reference's fixtures.
 */
public final class SchemaDrift {
    /** The kinds, as written to index/schema_drift.jsonl and counted in pplx_schema_drift_total{kind}. */
    public enum Kind {
        UNKNOWN_STEP_TYPE("an unknown step type"),
        UNKNOWN_BLOCK_TYPE("an unknown block type"),
        UNKNOWN_ITEM_TYPE("an unknown workflow item type"),
        UNKNOWN_ASSET_TYPE("an unknown asset type"),
        UNKNOWN_FIELD("an unknown content field"),
        TYPE_CHANGED("a field of another JSON type"),
        ANSWER_NOT_FOUND("an answer in no known place");

        private final String words;

        Kind(String words) {
            this.words = words;
        }

        /** {@code unknown_step_type} */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** {@code an unknown step type}, as a summary line says it. */
        public String words() {
            return words;
        }
    }

    /** One finding: its kind and what it names ({@code WEB_BROWSE_V2}, {@code entries[].blocks_v2}, …). */
    public record Drift(Kind kind, String detail) {
        @Override
        public String toString() {
            return kind.words() + " " + detail;
        }
    }

    static final Set<String> STEP_TYPES = Set.of("INITIAL_QUERY", "FINAL", "THOUGHT", "SEARCH_WEB", "SEARCH_RESULTS",
            "GET_URL_CONTENT", "ASI_TOOL_INPUT", "ASI_TOOL_OUTPUT", "RESEARCH_ANSWER", "COUNCIL_RESEARCH", "CODE",
            "ATTACHMENT", "URL_NAVIGATE", "CREATE_CHART", "GENERATE_IMAGE_RESULTS", "LOAD_SKILL", "LOAD_SKILL_RESPONSE",
            "DOCX", "READ");
    static final Set<String> BLOCK_KEYS = Set.of("intended_usage", "workflow_block", "unified_assets_block", "plan_block",
            "markdown", "markdown_block", "inline_entity_block", "web_result_block");
    static final Set<String> ITEM_TYPES = Set.of("WORKFLOW_ITEM_TEXT", "WORKFLOW_ITEM_SOURCES", "WORKFLOW_ITEM_QUERIES",
            "WORKFLOW_ITEM_TABLE", "WORKFLOW_ITEM_TODO_LIST", "WORKFLOW_ITEM_USER_QUESTIONS",
            "WORKFLOW_ITEM_USER_RESPONSE", "WORKFLOW_ITEM_CONTENT", "WORKFLOW_ITEM_WORKFLOW", "WORKFLOW_ITEM_WIDGET");
    static final Set<String> ASSET_TYPES = Set.of("ASSET_DIFF", "CHART", "CODE_ASSET", "CODE_FILE", "DOC_FILE", "PDF_FILE",
            "DOCX_FILE", "XLSX_FILE", "AUDIO_FILE", "RESEARCH_REPORT", "SLIDES", "SLIDE_FILE", "QUIZ", "MODEL_3D", "APP",
            "UNKNOWN");
    static final Set<String> FINAL_CONTENT = Set.of("answer", "goal_id", "web_results", "workflow_snapshots");
    static final Set<String> ENTRY_FIELDS = Set.of("answer_modes", "attachments", "author_id", "author_image",
            "author_username", "backend_uuid", "bookmark_state", "calendar_actions", "classifier_results",
            "collection_info", "context_uuid", "created_us", "display_model", "eta", "experiment_overrides",
            "expiry_time", "featured_images", "form", "frontend_context_uuid", "frontend_uuid", "gpt4",
            "inline_entity_data", "is_background", "knowledge_cards", "locked_reason", "media_items", "mode",
            "personalized", "plan", "privacy_state", "proactive_upgrade_model", "proactive_upgrade_reason",
            "query_display_metadata", "query_language", "query_source", "query_str", "query", "read_write_token",
            "reconnectable", "refinement_filters_metadata", "related_queries", "related_query_items", "rum_session_id",
            "s3_social_preview_url", "search_focus", "search_implementation_mode", "search_mode",
            "side_by_side_metadata", "social_info", "source", "sources", "status", "step_type", "subtext", "text",
            "thread_access", "thread_title", "thread_url_slug", "trigger", "updated_datetime", "updated_memory_data",
            "updated_us", "user_selected_model", "uuid", "widget_data", "entry_updated_datetime",
            // the schematized form's own
            "access_level", "blocks", "entry_created_datetime", "structured_answer_block_usages");

    private SchemaDrift() {
    }

    /**
     * The drift of a thread: its plain response ({@code entries}, never null) and, when fetched, its schematized one.
     * Each finding once, in the order found.
     */
    public static List<Drift> scan(Map<String, Object> entries, Map<String, Object> blocks) {
        Set<Drift> found = new LinkedHashSet<>();
        plain(entries, found);
        if (blocks != null) {
            schematized(blocks, found);
        }
        return List.copyOf(found);
    }

    /** The drift of an archived raw_entries.json / raw_blocks.json (doctor); a file that does not parse has none here. */
    public static List<Drift> scan(byte[] rawEntries, byte[] rawBlocks) {
        return scan(J.asMap(Json.parse(new String(rawEntries, java.nio.charset.StandardCharsets.UTF_8))),
                rawBlocks == null ? null : J.asMap(Json.parse(new String(rawBlocks, java.nio.charset.StandardCharsets.UTF_8))));
    }

    private static void plain(Map<String, Object> response, Set<Drift> found) {
        if (response == null) {
            return;
        }
        for (String key : List.of("entries", "background_entries")) {
            Object list = response.get(key);
            if (list != null && !(list instanceof List)) {
                found.add(new Drift(Kind.TYPE_CHANGED, key + " (" + J.typeName(list) + ")"));
                continue;
            }
            for (Object e : list == null ? List.of() : (List<?>) list) {
                entry(J.asMap(e), key, found);
            }
        }
    }

    private static void entry(Map<String, Object> entry, String where, Set<Drift> found) {
        if (entry == null) {
            return;
        }
        for (String field : entry.keySet()) {
            if (!ENTRY_FIELDS.contains(field)) {
                found.add(new Drift(Kind.UNKNOWN_FIELD, where + "[]." + field));
            }
        }
        if (entry.get("sources") != null && !(entry.get("sources") instanceof List) && !(entry.get("sources") instanceof Map)) {
            found.add(new Drift(Kind.TYPE_CHANGED, where + "[].sources (" + J.typeName(entry.get("sources")) + ")"));
        }
        expect(entry, "query_str", String.class, where, found);
        expect(entry, "created_us", Number.class, where, found);
        Object text = entry.get("text");
        if (text == null) {
            return;
        }
        if (!(text instanceof String s)) {
            found.add(new Drift(Kind.TYPE_CHANGED, where + "[].text (" + J.typeName(text) + ")"));
            return;
        }
        Object steps;
        try {
            steps = Json.parse(s);
        } catch (RuntimeException e) {
            return; // text that is not JSON: the parser's own concern (the answer as plain text)
        }
        if (!(steps instanceof List<?> list)) {
            return;
        }
        for (Object o : list) {
            Map<String, Object> step = J.asMap(o);
            if (step == null) {
                continue;
            }
            String type = J.firstStr(step, "step_type", "type");
            if (!type.isEmpty() && !STEP_TYPES.contains(type) && !type.startsWith("MCP_TOOL_")) {
                found.add(new Drift(Kind.UNKNOWN_STEP_TYPE, type));
            }
            if ("FINAL".equals(type)) {
                finalStep(J.asMap(step.get("content")), found);
            }
        }
    }

    private static void finalStep(Map<String, Object> content, Set<Drift> found) {
        if (content == null) {
            found.add(new Drift(Kind.ANSWER_NOT_FOUND, "FINAL.content"));
            return;
        }
        for (String key : content.keySet()) {
            if (!FINAL_CONTENT.contains(key)) {
                found.add(new Drift(Kind.UNKNOWN_FIELD, "FINAL.content." + key));
            }
        }
        Object answer = content.get("answer");
        if (answer == null && !content.containsKey("workflow_snapshots")) {
            found.add(new Drift(Kind.ANSWER_NOT_FOUND, "FINAL.content.answer"));
        } else if (answer != null && !(answer instanceof String) && !(answer instanceof Map)) {
            found.add(new Drift(Kind.TYPE_CHANGED, "FINAL.content.answer (" + J.typeName(answer) + ")"));
        }
    }

    private static void schematized(Map<String, Object> response, Set<Drift> found) {
        for (String key : List.of("entries", "background_entries")) {
            Object list = response.get(key);
            if (!(list instanceof List<?> entries)) {
                continue;
            }
            for (Object e : entries) {
                Map<String, Object> entry = J.asMap(e);
                if (entry == null) {
                    continue;
                }
                for (String field : entry.keySet()) {
                    if (!ENTRY_FIELDS.contains(field)) {
                        found.add(new Drift(Kind.UNKNOWN_FIELD, key + "[]." + field));
                    }
                }
                Object blocks = entry.get("blocks");
                if (blocks != null && !(blocks instanceof List)) {
                    found.add(new Drift(Kind.TYPE_CHANGED, key + "[].blocks (" + J.typeName(blocks) + ")"));
                    continue;
                }
                for (Object b : blocks == null ? List.of() : (List<?>) blocks) {
                    Map<String, Object> block = J.asMap(b);
                    if (block == null) {
                        continue;
                    }
                    for (String k : block.keySet()) {
                        if (!BLOCK_KEYS.contains(k)) {
                            found.add(new Drift(Kind.UNKNOWN_BLOCK_TYPE, k));
                        }
                    }
                    walk(block, found);
                }
            }
        }
    }

    /** Item and asset types wherever they sit in a block (steps, nested workflows, asset lists). */
    private static void walk(Object node, Set<Drift> found) {
        if (node instanceof Map<?, ?> m) {
            Object type = m.get("type");
            if (type instanceof String t && m.containsKey("payload") && !ITEM_TYPES.contains(t)) {
                found.add(new Drift(Kind.UNKNOWN_ITEM_TYPE, t));
            }
            Object assetType = m.get("asset_type");
            if (assetType instanceof String t && !ASSET_TYPES.contains(t)) {
                found.add(new Drift(Kind.UNKNOWN_ASSET_TYPE, t));
            }
            m.values().forEach(v -> walk(v, found));
        } else if (node instanceof List<?> l) {
            l.forEach(v -> walk(v, found));
        }
    }

    private static void expect(Map<String, Object> entry, String field, Class<?> type, String where, Set<Drift> found) {
        Object v = entry.get(field);
        if (v != null && !type.isInstance(v)) {
            found.add(new Drift(Kind.TYPE_CHANGED, where + "[]." + field + " (" + J.typeName(v) + ")"));
        }
    }

    /** By kind, the details found: {@code {unknown_step_type: [WEB_BROWSE_V2]}} (a drift file line's shape). */
    public static Map<Kind, List<String>> byKind(List<Drift> drifts) {
        Map<Kind, List<String>> m = new LinkedHashMap<>();
        for (Drift d : drifts) {
            m.computeIfAbsent(d.kind(), k -> new ArrayList<>()).add(d.detail());
        }
        return m;
    }
}
