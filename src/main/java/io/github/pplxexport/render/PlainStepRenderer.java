package io.github.pplxexport.render;

import io.github.pplxexport.json.J;
import io.github.pplxexport.subagent.CouncilMember;
import io.github.pplxexport.thread.Step;
import io.github.pplxexport.text.PyStrings;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/**
 * Plain steps ({@code render_step}, reference-behaviour.md §8.5): the step lists of search, deep-research
 * and study turns, and of sub-agents. Text here is not math-normalised; unknown types stay visible.
 */
public final class PlainStepRenderer {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(PlainStepRenderer.class);

    private final Labels labels;
    private final WorkflowItemRenderer items;

    public PlainStepRenderer(Labels labels, WorkflowItemRenderer items) {
        this.labels = labels;
        this.items = items;
    }

    /** The non-empty rendered blocks of a step list, in order. */
    public List<String> blocks(List<Step> steps) {
        List<String> out = new ArrayList<>();
        for (Step s : steps) {
            String b = render(s);
            if (!b.isEmpty()) {
                out.add(b);
            }
        }
        return out;
    }

    public String render(Step step) {
        Map<String, Object> c = step.content();
        String type = step.type();
        switch (type) {
            case "", "INITIAL_QUERY", "FINAL":
                return "";
            case "ASI_TOOL_INPUT":
            case "ASI_TOOL_OUTPUT":
                return toolIo(type, c);
            case "THOUGHT": {
                String t = J.firstStr(c, "thought", "text");
                return t.isEmpty() ? "" : labels.get(Label.THOUGHT) + "\n\n" + t;
            }
            case "SEARCH_WEB": {
                List<String> lines = new ArrayList<>();
                for (String q : CouncilMember.queries(c)) {
                    lines.add("- " + q);
                }
                return labels.get(Label.SEARCH_WEB) + "\n\n" + Markdown.lines(lines);
            }
            case "SEARCH_RESULTS":
                return labels.get(Label.SEARCH_RESULTS) + "\n\n" + linkList(J.list(c, "web_results"));
            case "GET_URL_CONTENT": {
                List<String> urls = urls(c);
                return urls.isEmpty() ? "" : labels.get(Label.GET_URL_CONTENT) + "\n\n" + bulletList(urls);
            }
            case "LOAD_SKILL":
            case "LOAD_SKILL_RESPONSE": {
                List<Object> names = J.list(c, "skill_names");
                if (names.isEmpty()) {
                    names = J.list(c, "loaded_skills");
                }
                List<String> text = new ArrayList<>();
                for (Object n : names) {
                    text.add(n instanceof Map ? J.firstStr(n, "name", "skill_name") : J.asText(n));
                }
                return labels.format(Label.SKILL, type, String.join(labels.get(Label.QUERY_SEPARATOR), text));
            }
            case "RESEARCH_ANSWER":
                return labels.format(Label.RESEARCH_ANSWER, J.asText(c.get("title")));
            case "CODE":
                return code(c);
            case "ATTACHMENT": {
                List<Object> atts = J.list(c, "attachments");
                if (atts.isEmpty()) {
                    atts = J.list(c, "files");
                }
                String links = linkList(atts);
                return links.isEmpty() ? labels.get(Label.ATTACHMENT) : labels.get(Label.ATTACHMENT) + "\n\n" + links;
            }
            case "URL_NAVIGATE":
                return labels.get(Label.URL_NAVIGATE) + "\n\n" + bulletList(urls(c));
            case "CREATE_CHART": {
                String caption = J.asText(c.get("caption"));
                return caption.isEmpty() ? labels.get(Label.CREATE_CHART) : labels.format(Label.CREATE_CHART_CAPTIONED, caption);
            }
            case "GENERATE_IMAGE_RESULTS":
                return images(c);
            default:
                LOG.debug("step type {} has no renderer; showing a placeholder", type);
                return labels.format(Label.UNKNOWN_STEP, type);
        }
    }

    private String toolIo(String type, Map<String, Object> c) {
        List<String> parts = new ArrayList<>();
        for (Object item : J.list(c, "workflow_items")) {
            String r = items.item(item, 0, new HashSet<>());
            if (!r.isBlank()) {
                parts.add(r);
            }
        }
        if (parts.isEmpty()) {
            return "";
        }
        String ts = io.github.pplxexport.subagent.Workflows.time(J.asText(c.get("timestamp")));
        String head = labels.format("ASI_TOOL_INPUT".equals(type) ? Label.TOOL_INPUT : Label.TOOL_OUTPUT, ts);
        return head + "\n\n" + String.join("\n\n", parts);
    }

    private String code(Map<String, Object> c) {
        List<String> parts = new ArrayList<>();
        String lang = J.asText(c.get("language"));
        String script = J.asText(c.get("script"));
        parts.add((lang.isEmpty() ? labels.get(Label.CODE) : labels.format(Label.CODE_WITH_LANGUAGE, lang))
                + "\n\n" + Markdown.fenced(script, lang));
        String stdout = PyStrings.rstrip(J.asText(c.get("stdout")));
        if (!stdout.isEmpty()) {
            parts.add(labels.get(Label.CODE_STDOUT) + "\n\n" + Markdown.fenced(stdout, ""));
        }
        String stderr = PyStrings.rstrip(J.firstStr(c, "stderr", "error"));
        if (!stderr.isEmpty()) {
            parts.add(labels.get(Label.CODE_STDERR) + "\n\n" + Markdown.fenced(stderr, ""));
        }
        return String.join("\n\n", parts);
    }

    private String images(Map<String, Object> c) {
        List<String> lines = new ArrayList<>();
        lines.add(labels.get(Label.GENERATED_IMAGES));
        List<Object> results = J.list(c, "image_results");
        if (results.isEmpty()) {
            results = J.list(c, "images");
        }
        for (Object r : results) {
            String url = r instanceof Map ? J.firstStr(r, "url", "image_url", "image") : J.asText(r);
            if (url.isEmpty()) {
                continue;
            }
            String line = "- [" + url + "](" + url + ")";
            Object w = J.get(r, "width");
            Object h = J.get(r, "height");
            if (J.truthy(w) && J.truthy(h)) {
                line += labels.format(Label.IMAGE_SIZE, J.asText(w), J.asText(h));
            }
            lines.add(line);
        }
        return Markdown.lines(lines);
    }

    /** Link lines for dicts with a url (name, else url, as the text). */
    private String linkList(List<Object> results) {
        List<String> lines = new ArrayList<>();
        for (Object r : results) {
            String url = J.firstStr(r, "url", "link");
            if (!url.isEmpty()) {
                lines.add(Markdown.linkLine(J.firstStr(r, "name", "title"), url));
            }
        }
        return Markdown.lines(lines);
    }

    private static List<String> urls(Map<String, Object> c) {
        List<String> urls = new ArrayList<>();
        List<Object> raw = J.list(c, "urls");
        if (raw.isEmpty() && J.truthy(c.get("url"))) {
            raw = List.of(c.get("url"));
        }
        for (Object u : raw) {
            String s = u instanceof Map ? J.str(u, "url") : J.asText(u);
            if (!s.isEmpty()) {
                urls.add(s);
            }
        }
        return urls;
    }

    private static String bulletList(List<String> values) {
        List<String> lines = new ArrayList<>();
        for (String v : values) {
            lines.add("- " + v);
        }
        return Markdown.lines(lines);
    }
}
