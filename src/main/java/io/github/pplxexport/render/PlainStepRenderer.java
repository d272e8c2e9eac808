package io.github.pplxexport.render;

import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.thread.Link;
import io.github.pplxexport.thread.Step;
import io.github.pplxexport.thread.WorkflowItem;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

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
        Step.Body body = step.body();
        if (body instanceof Step.Silent) {
            return "";
        }
        if (body instanceof Step.ToolIo io) {
            return toolIo(io);
        }
        if (body instanceof Step.Thought t) {
            return t.text().isEmpty() ? "" : labels.get(Label.THOUGHT) + "\n\n" + t.text();
        }
        if (body instanceof Step.SearchWeb s) {
            return labels.get(Label.SEARCH_WEB) + "\n\n" + bulletList(s.queries());
        }
        if (body instanceof Step.SearchResults r) {
            return labels.get(Label.SEARCH_RESULTS) + "\n\n" + linkList(r.links());
        }
        if (body instanceof Step.PageReads r) {
            return r.urls().isEmpty() ? "" : labels.get(Label.GET_URL_CONTENT) + "\n\n" + bulletList(r.urls());
        }
        if (body instanceof Step.Navigation n) {
            return labels.get(Label.URL_NAVIGATE) + "\n\n" + bulletList(n.urls());
        }
        if (body instanceof Step.Skills s) {
            return labels.format(Label.SKILL, step.type(), String.join(labels.get(Label.QUERY_SEPARATOR), s.names()));
        }
        if (body instanceof Step.ResearchAnswer r) {
            return labels.format(Label.RESEARCH_ANSWER, r.title());
        }
        if (body instanceof Step.Code c) {
            return code(c);
        }
        if (body instanceof Step.Attachments a) {
            String links = linkList(a.links());
            return links.isEmpty() ? labels.get(Label.ATTACHMENT) : labels.get(Label.ATTACHMENT) + "\n\n" + links;
        }
        if (body instanceof Step.Chart c) {
            return c.caption().isEmpty() ? labels.get(Label.CREATE_CHART) : labels.format(Label.CREATE_CHART_CAPTIONED, c.caption());
        }
        if (body instanceof Step.Images i) {
            return images(i);
        }
        LOG.debug("step type {} has no renderer; showing a placeholder", step.type());
        return labels.format(Label.UNKNOWN_STEP, step.type());
    }

    private String toolIo(Step.ToolIo io) {
        List<String> parts = new ArrayList<>();
        for (WorkflowItem item : io.items()) {
            String r = items.item(item, 0, new HashSet<>());
            if (!r.isBlank()) {
                parts.add(r);
            }
        }
        if (parts.isEmpty()) {
            return "";
        }
        String head = labels.format(io.input() ? Label.TOOL_INPUT : Label.TOOL_OUTPUT, Markdown.time(io.timestamp()));
        return head + "\n\n" + String.join("\n\n", parts);
    }

    private String code(Step.Code c) {
        List<String> parts = new ArrayList<>();
        parts.add((c.language().isEmpty() ? labels.get(Label.CODE) : labels.format(Label.CODE_WITH_LANGUAGE, c.language()))
                + "\n\n" + Markdown.fenced(c.script(), c.language()));
        if (!c.stdout().isEmpty()) {
            parts.add(labels.get(Label.CODE_STDOUT) + "\n\n" + Markdown.fenced(c.stdout(), ""));
        }
        if (!c.stderr().isEmpty()) {
            parts.add(labels.get(Label.CODE_STDERR) + "\n\n" + Markdown.fenced(c.stderr(), ""));
        }
        return String.join("\n\n", parts);
    }

    private String images(Step.Images images) {
        List<String> lines = new ArrayList<>();
        lines.add(labels.get(Label.GENERATED_IMAGES));
        for (Step.Image img : images.images()) {
            String line = "- [" + img.url() + "](" + img.url() + ")";
            if (img.width() != null) {
                line += labels.format(Label.IMAGE_SIZE, img.width(), img.height());
            }
            lines.add(line);
        }
        return Markdown.lines(lines);
    }

    /** Link lines (name, else url, as the text). */
    private static String linkList(List<Link> links) {
        List<String> lines = new ArrayList<>();
        for (Link l : links) {
            lines.add(Markdown.linkLine(l));
        }
        return Markdown.lines(lines);
    }

    private static String bulletList(List<String> values) {
        List<String> lines = new ArrayList<>();
        for (String v : values) {
            lines.add("- " + v);
        }
        return Markdown.lines(lines);
    }
}
