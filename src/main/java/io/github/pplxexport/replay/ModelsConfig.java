package io.github.pplxexport.replay;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The replay's {@code GET /rest/models/config/v2} (ask-stream.md §6), a catalog of this project's making: the
 * special models of deep research, council and study, and a few search models (also council's default members).
 * An ask's {@code model_preference} must be one of these, as on the platform.
 */
final class ModelsConfig {
    private static final Map<String, Map<String, Object>> MODELS = new LinkedHashMap<>();

    static {
        model("pplx_pro", "Best", "search", "perplexity");
        model("sonar", "Sonar", "search", "perplexity");
        model("gpt55_thinking", "GPT-5.5 Thinking", "search", "openai");
        model("claude48opusthinking", "Claude Opus 4.8 Thinking", "search", "anthropic");
        model("gemini31pro_high", "Gemini 3.1 Pro", "search", "google");
        model("pplx_alpha", "Deep Research", "research", "perplexity");
        model("pplx_agentic_research", "Model Council", "agentic_research", "perplexity");
        model("pplx_study", "Study", "study", "perplexity");
    }

    private ModelsConfig() {
    }

    private static void model(String id, String label, String mode, String provider) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("label", label);
        m.put("mode", mode);
        m.put("provider", provider);
        MODELS.put(id, m);
    }

    static Map<String, Object> answer() {
        Map<String, Object> defaults = new LinkedHashMap<>();
        defaults.put("search", "pplx_pro");
        defaults.put("research", "pplx_alpha");
        defaults.put("agentic_research", "pplx_agentic_research");
        defaults.put("study", "pplx_study");
        defaults.put("asi", "pplx_asi_opus");
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("models", MODELS);
        body.put("default_models", defaults);
        body.put("agentic_research_compare_models", List.of("gpt55_thinking", "claude48opusthinking", "gemini31pro_high"));
        return body;
    }

    static boolean known(String id) {
        return MODELS.containsKey(id);
    }

    /** The archive mode a model's threads are: deep-research, council, study, else search. */
    static String modeOf(String id) {
        Object mode = MODELS.containsKey(id) ? MODELS.get(id).get("mode") : "search";
        return switch (String.valueOf(mode)) {
            case "research" -> "deep-research";
            case "agentic_research" -> "council";
            case "study" -> "study";
            default -> "search";
        };
    }
}
