package io.github.pplxexport.thread;

import io.github.pplxexport.json.J;

import java.util.Map;

/**
 * One step of a turn's plain step list (the JSON array inside {@code entry.text}).
 * Field-name fallbacks per reference-behaviour.md §1.2: {@code step_type}/{@code type}, {@code id}/{@code uuid}.
 */
public record Step(String type, Map<String, Object> content, Object timestamp, String toolName, String title,
                   String icon, String id) {

    public static Step of(Map<String, Object> raw) {
        Object c = raw.get("content");
        @SuppressWarnings("unchecked")
        Map<String, Object> content = c instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
        return new Step(
                J.firstStr(raw, "step_type", "type"),
                content,
                raw.get("timestamp"),
                J.str(raw, "tool_name"),
                J.str(raw, "title"),
                J.str(raw, "icon"),
                J.firstStr(raw, "id", "uuid"));
    }
}
