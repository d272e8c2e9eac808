package io.github.pplxexport.ask;

import io.github.pplxexport.api.ApiRequests;
import io.github.pplxexport.json.PyJson;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The body of {@code POST /rest/sse/perplexity_ask} (ask-stream.md §1.2): {@code {"params": {…}, "query_str": …}},
 * the reference's 25 fixed keys in its order, then the keys of this request. Serialised as Python's default
 * {@code json.dumps} (", " and ": ", non-ASCII as {@code \\uXXXX}: the body is pure ASCII).
 */
public final class AskEnvelope {
    /** The block use cases the web app announces when it asks (the 32 names of the captured envelopes). */
    static final List<String> SUPPORTED_BLOCK_USE_CASES = List.of("answer_modes", "media_items", "knowledge_cards",
            "inline_entity_cards", "place_widgets", "finance_widgets", "sports_widgets", "news_widgets",
            "shopping_widgets", "jobs_widgets", "search_result_widgets", "inline_images", "inline_assets",
            "placeholder_cards", "diff_blocks", "inline_knowledge_cards", "entity_group_v2", "refinement_filters",
            "canvas_mode", "maps_preview", "answer_tabs", "price_comparison_widgets", "preserve_latex",
            "generic_onboarding_widgets", "in_context_suggestions", "pending_followups", "inline_claims",
            "unified_assets", "workflow_steps", "workflow_widgets", "navigation_results", "background_agents");

    private AskEnvelope() {
    }

    /**
     * The envelope of one ask.
     *
     * @param compare          council's {@code compare_model_preferences} (empty: none)
     * @param targetCollection the space's uuid, or null for the home library
     * @param lastBackendUuid  a follow-up's previous turn ({@code last_backend_uuid}), or null for a new thread
     * @param readWriteToken   the follow-up thread's {@code read_write_token} (may be null)
     */
    public static Map<String, Object> of(String prompt, String modelPreference, List<String> compare,
                                         String targetCollection, String lastBackendUuid, String readWriteToken) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("attachments", List.of());
        p.put("language", "zh-CN");
        p.put("timezone", "Europe/Stockholm");
        p.put("search_focus", "internet");
        p.put("sources", List.of("web"));
        p.put("is_related_query", false);
        p.put("is_sponsored", false);
        p.put("prompt_source", "user");
        p.put("is_incognito", false);
        p.put("local_search_enabled", false);
        p.put("use_schematized_api", true);
        p.put("send_back_text_in_streaming_api", false);
        p.put("supported_block_use_cases", SUPPORTED_BLOCK_USE_CASES);
        p.put("client_coordinates", null);
        p.put("mentions", List.of());
        p.put("skip_search_enabled", true);
        p.put("is_nav_suggestions_disabled", false);
        p.put("source", "default");
        p.put("always_search_override", false);
        p.put("override_no_search", false);
        p.put("should_ask_for_mcp_tool_confirmation", true);
        p.put("supports_tool_approval_modal", true);
        p.put("force_enable_browser_agent", false);
        p.put("supported_features", List.of("browser_agent_permission_banner_v1.1"));
        p.put("version", ApiRequests.API_VERSION);
        p.put("mode", "copilot");
        boolean followUp = lastBackendUuid != null;
        p.put("query_source", followUp ? "followup" : "home");
        p.put("frontend_uuid", UUID.randomUUID().toString());
        if (followUp) {
            // the browser's follow-up form (ask-stream.md §1.2): the previous turn instead of a new context
            p.put("last_backend_uuid", lastBackendUuid);
            p.put("read_write_token", readWriteToken);
            p.put("followup_source", "link");
        } else {
            p.put("frontend_context_uuid", UUID.randomUUID().toString());
        }
        p.put("time_from_first_type", 0.0);
        p.put("model_preference", modelPreference);
        if (!compare.isEmpty()) {
            p.put("compare_model_preferences", compare);
        }
        if (targetCollection != null) {
            p.put("target_collection_uuid", targetCollection);
            p.put("target_thread_access_level", 1);
        }
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("params", p);
        envelope.put("query_str", prompt);
        return envelope;
    }

    /** {@code json.dumps(envelope)}: compact with Python's separators, non-ASCII escaped: the body is pure ASCII. */
    public static String json(Map<String, Object> envelope) {
        return PyJson.ascii(envelope);
    }
}
