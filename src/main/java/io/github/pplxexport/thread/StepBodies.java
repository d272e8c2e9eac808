package io.github.pplxexport.thread;

import io.github.pplxexport.json.J;
import io.github.pplxexport.text.PyStrings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The body of a plain step from its type and the content values read for it (reference-behaviour.md §8.5). */
final class StepBodies {
    private StepBodies() {
    }

    static Step.Body of(String type, Map<String, Object> c, List<Map<String, Object>> webResults, List<WorkflowItem> items) {
        switch (type) {
            case "", "INITIAL_QUERY", "FINAL":
                return new Step.Silent();
            case "ASI_TOOL_INPUT":
            case "ASI_TOOL_OUTPUT":
                return new Step.ToolIo("ASI_TOOL_INPUT".equals(type), J.asText(c.get("timestamp")), List.copyOf(items));
            case "THOUGHT":
                return new Step.Thought(J.firstStr(c, "thought", "text"));
            case "SEARCH_WEB":
                return new Step.SearchWeb(queries(c));
            case "SEARCH_RESULTS":
                return new Step.SearchResults(links(webResults));
            case "GET_URL_CONTENT":
                return new Step.PageReads(urls(c));
            case "URL_NAVIGATE":
                return new Step.Navigation(urls(c));
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
                return new Step.Skills(List.copyOf(text));
            }
            case "RESEARCH_ANSWER":
                return new Step.ResearchAnswer(J.asText(c.get("title")));
            case "CODE":
                return new Step.Code(J.asText(c.get("language")), J.asText(c.get("script")),
                        PyStrings.rstrip(J.asText(c.get("stdout"))), PyStrings.rstrip(J.firstStr(c, "stderr", "error")));
            case "ATTACHMENT": {
                List<Object> atts = J.list(c, "attachments");
                if (atts.isEmpty()) {
                    atts = J.list(c, "files");
                }
                return new Step.Attachments(links(atts));
            }
            case "CREATE_CHART":
                return new Step.Chart(J.asText(c.get("caption")));
            case "GENERATE_IMAGE_RESULTS":
                return new Step.Images(images(c));
            default:
                return new Step.Unknown();
        }
    }

    /** Query entries are strings, or {@code {query}} objects (council payloads). */
    static List<String> queries(Map<String, Object> queriesPayload) {
        List<String> out = new ArrayList<>();
        for (Object q : J.list(queriesPayload, "queries")) {
            out.add(q instanceof Map ? J.str(q, "query") : J.asText(q));
        }
        return List.copyOf(out);
    }

    /** Dicts with a url (url, else link) as links named by name, else title. */
    private static List<Link> links(List<?> results) {
        List<Link> out = new ArrayList<>();
        for (Object r : results) {
            String url = J.firstStr(r, "url", "link");
            if (!url.isEmpty()) {
                out.add(new Link(J.firstStr(r, "name", "title"), url));
            }
        }
        return List.copyOf(out);
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
        return List.copyOf(urls);
    }

    private static List<Step.Image> images(Map<String, Object> c) {
        List<Object> results = J.list(c, "image_results");
        if (results.isEmpty()) {
            results = J.list(c, "images");
        }
        List<Step.Image> out = new ArrayList<>();
        for (Object r : results) {
            String url = r instanceof Map ? J.firstStr(r, "url", "image_url", "image") : J.asText(r);
            if (url.isEmpty()) {
                continue;
            }
            Object w = J.get(r, "width");
            Object h = J.get(r, "height");
            boolean sized = J.truthy(w) && J.truthy(h);
            out.add(new Step.Image(url, sized ? J.asText(w) : null, sized ? J.asText(h) : null));
        }
        return List.copyOf(out);
    }
}
