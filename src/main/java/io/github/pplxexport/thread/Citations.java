package io.github.pplxexport.thread;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Citation channels and de-duplication (reference-behaviour.md §8.9). One place for the per-turn rule
 * (three channels, first occurrence per URL) and the thread-level rule shared by export and re-render
 * (first occurrence across turns, then a stable sort by name).
 */
public final class Citations {
    private Citations() {
    }

    /** The turn's citations: entry.sources, FINAL web_results, WORKFLOW_ITEM_SOURCES items; deduped by URL. */
    public static List<Citation> ofTurn(Map<String, Object> entry, List<Step> steps) {
        List<Citation> all = new ArrayList<>();
        addDicts(all, J.list(entry, "sources"), false);
        for (Step s : steps) {
            if ("FINAL".equals(s.type())) {
                Object decoded = Json.decodeLenient(s.content().get("answer"));
                addDicts(all, J.list(decoded, "web_results"), true);
            }
        }
        for (Step s : steps) {
            for (Object item : J.list(s.content(), "workflow_items")) {
                if ("WORKFLOW_ITEM_SOURCES".equals(J.str(item, "type"))) {
                    Object payload = J.get(J.get(item, "payload"), "sources_payload");
                    if (payload == null) {
                        payload = J.get(item, "sources_payload");
                    }
                    addDicts(all, J.list(payload, "sources"), true);
                }
            }
        }
        return dedupe(all);
    }

    private static void addDicts(List<Citation> out, List<Object> raw, boolean needUrl) {
        for (Object o : raw) {
            Map<String, Object> m = J.asMap(o);
            if (m == null) {
                continue;
            }
            if (needUrl && !J.truthy(m.get("url"))) {
                continue;
            }
            out.add(Citation.of(m));
        }
    }

    /** The sources of a {@code sources_payload}-like list: dicts that have a url, normalised, in order. */
    public static List<Citation> withUrl(List<Object> raw) {
        List<Citation> out = new ArrayList<>();
        addDicts(out, raw, true);
        return out;
    }

    /** First occurrence per URL wins; empty URLs are dropped. */
    public static List<Citation> dedupe(List<Citation> in) {
        Map<String, Citation> seen = new LinkedHashMap<>();
        for (Citation c : in) {
            if (!c.url().isEmpty()) {
                seen.putIfAbsent(c.url(), c);
            }
        }
        return new ArrayList<>(seen.values());
    }

    /** Thread level: first occurrence across turns in turn order, then a stable sort by name (code points). */
    public static List<Citation> ofThread(List<Turn> turns) {
        List<Citation> all = new ArrayList<>();
        for (Turn t : turns) {
            all.addAll(t.citations);
        }
        List<Citation> out = dedupe(all);
        out.sort(Comparator.comparing(Citation::name, Citations::compareCodePoints));
        return out;
    }

    /** Python compares str by code point; Java's compareTo by UTF-16 unit differs above U+FFFF. */
    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
