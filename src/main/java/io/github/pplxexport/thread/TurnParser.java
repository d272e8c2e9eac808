package io.github.pplxexport.thread;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Main entries → turns (reference-behaviour.md §2.4 step 2, §2.6). Lenient about missing or renamed
 * fields; strict only where the input cannot be rendered faithfully (see {@link ThreadInputException}).
 */
public final class TurnParser {
    private TurnParser() {
    }

    /** All turns of a plain response, stable-sorted by created_us (non-integers read as 0), renumbered 1..N. */
    public static List<Turn> parseTurns(Map<String, Object> rawEntries) {
        Object entries = rawEntries.get("entries");
        if (!(entries instanceof List)) {
            // without its entries list a raw response holds no thread at all: report it, render nothing
            throw new ThreadInputException(entries == null ? "raw_entries.json has no entries list"
                    : "entries is " + J.typeName(entries) + ", expected a list");
        }
        List<Turn> turns = new ArrayList<>();
        int i = 0;
        for (Object e : J.list(rawEntries, "entries")) {
            i++;
            Map<String, Object> entry = J.asMap(e);
            if (entry == null) {
                throw new ThreadInputException("entry " + i + " is " + J.typeName(e) + ", expected an object");
            }
            turns.add(parse(entry, i));
        }
        turns.sort(Comparator.comparingLong(t -> t.createdUs == null ? 0L : t.createdUs));
        for (int k = 0; k < turns.size(); k++) {
            turns.get(k).index = k + 1;
        }
        return turns;
    }

    public static Turn parse(Map<String, Object> entry, int index) {
        List<Step> steps = steps(entry);
        Turn t = new Turn(
                index,
                J.str(entry, "uuid"),
                J.str(entry, "context_uuid"),
                J.firstStr(entry, "query_str", "query"),
                J.str(entry, "author_username"),
                micros(entry.get("created_us")),
                micros(entry.get("updated_us")),
                steps,
                AnswerExtractor.extract(entry, steps),
                Citations.ofTurn(entry, steps),
                J.str(entry, "trigger"));
        Map<String, Object> report = null;
        for (Step s : steps) {
            if ("RESEARCH_ANSWER".equals(s.type())) {
                report = new LinkedHashMap<>();
                report.put("title", s.content().get("title"));
                report.put("file_name", s.content().get("file_name"));
                report.put("url", s.content().get("url"));
            }
        }
        if (report != null) {
            t.metadata.put("report_info", report);
        }
        if (J.truthy(entry.get("locked_reason"))) {
            t.metadata.put("locked_reason", entry.get("locked_reason"));
        }
        if (J.truthy(entry.get("query_source"))) {
            t.metadata.put("query_source", entry.get("query_source"));
        }
        return t;
    }

    /**
     * The step list from {@code entry.text}: a JSON string holding a list, or a list already. Missing or
     * null text means no steps; anything else is input we cannot render and is reported.
     */
    public static List<Step> steps(Map<String, Object> entry) {
        Object text = entry.get("text");
        if (text == null) {
            return List.of();
        }
        Object decoded = text instanceof String ? Json.decodeLenient(text) : text;
        if (!(decoded instanceof List<?> list)) {
            String what = text instanceof String
                    ? (decoded == null ? "text is not valid JSON" : "text holds " + J.typeName(decoded))
                    : "text is " + J.typeName(text);
            throw new ThreadInputException("entry " + shortId(J.str(entry, "uuid")) + ": " + what
                    + ", expected a list of steps");
        }
        List<Step> steps = new ArrayList<>();
        for (Object o : list) {
            Map<String, Object> m = J.asMap(o);
            if (m != null) {
                steps.add(Step.of(m));
            }
        }
        return steps;
    }

    static Long micros(Object v) {
        if (v instanceof Number || v instanceof String) {
            long probe = J.toLong(v, Long.MIN_VALUE);
            return probe == Long.MIN_VALUE ? null : probe;
        }
        return null;
    }

    static String shortId(String uuid) {
        return uuid.isEmpty() ? "(no uuid)" : uuid;
    }
}
