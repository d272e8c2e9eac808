package io.github.pplxexport.thread;

import java.util.List;

/**
 * One step of a turn's plain step list (the JSON array inside {@code entry.text}), reduced to what its
 * renderer shows (reference-behaviour.md §1.2, §8.5). {@link #type()} is the wire name ({@code step_type},
 * else {@code type}); {@link #body()} is the content read for that type.
 */
public record Step(String type, Body body) {

    /** The content of a step, one record per kind of step. */
    public sealed interface Body permits Silent, Thought, SearchWeb, SearchResults, PageReads, Navigation, Skills,
            ResearchAnswer, Code, Attachments, Chart, Images, ToolIo, Unknown {
    }

    /** {@code INITIAL_QUERY}, {@code FINAL} and a missing type: nothing to show (the answer renders elsewhere). */
    public record Silent() implements Body {
    }

    /** {@code THOUGHT}: {@code thought}, else {@code text}. */
    public record Thought(String text) implements Body {
    }

    /** {@code SEARCH_WEB}: the queries. */
    public record SearchWeb(List<String> queries) implements Body {
    }

    /** {@code SEARCH_RESULTS}: the results that have a URL. */
    public record SearchResults(List<Link> links) implements Body {
    }

    /** {@code GET_URL_CONTENT}: the pages read. */
    public record PageReads(List<String> urls) implements Body {
    }

    /** {@code URL_NAVIGATE}: the pages opened. */
    public record Navigation(List<String> urls) implements Body {
    }

    /** {@code LOAD_SKILL}, {@code LOAD_SKILL_RESPONSE}: the skill names. */
    public record Skills(List<String> names) implements Body {
    }

    /** {@code RESEARCH_ANSWER}: the report's title as text. */
    public record ResearchAnswer(String title) implements Body {
    }

    /** {@code CODE}: language, script, stdout and stderr (the last two right-trimmed). */
    public record Code(String language, String script, String stdout, String stderr) implements Body {
    }

    /** {@code ATTACHMENT}: the attachments that have a URL. */
    public record Attachments(List<Link> links) implements Body {
    }

    /** {@code CREATE_CHART}: the caption. */
    public record Chart(String caption) implements Body {
    }

    /** {@code GENERATE_IMAGE_RESULTS}: the images. */
    public record Images(List<Image> images) implements Body {
    }

    /** {@code ASI_TOOL_INPUT} / {@code ASI_TOOL_OUTPUT}: the content timestamp as text and the workflow items. */
    public record ToolIo(boolean input, String timestamp, List<WorkflowItem> items) implements Body {
    }

    /** A type without a renderer: shown as a visible placeholder. */
    public record Unknown() implements Body {
    }

    /** A generated image: its URL and, when both are given, width and height as text (else null). */
    public record Image(String url, String width, String height) {
    }
}
