package io.github.pplxexport.subagent;

import io.github.pplxexport.json.J;
import io.github.pplxexport.thread.Citation;
import io.github.pplxexport.thread.Citations;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One model's run inside a Model Council step (reference-behaviour.md §8.4): its search rounds (a QUERIES
 * item sets the current queries, each SOURCES item closes a round), its answer and all its sources.
 */
public final class CouncilMember {
    public record Round(List<String> queries, List<Citation> sources) {
    }

    public final String model;
    public final String headline;
    public final List<Round> rounds = new ArrayList<>();
    public final List<Citation> sources = new ArrayList<>();
    public String answer = "";

    private CouncilMember(String model, String headline) {
        this.model = model;
        this.headline = headline;
    }

    public static CouncilMember of(Map<String, Object> payload) {
        CouncilMember m = new CouncilMember(J.str(payload, "model"), J.str(payload, "headline"));
        List<String> current = new ArrayList<>();
        for (Object step : Workflows.steps(payload)) {
            for (Object item : Workflows.items(step)) {
                switch (Workflows.itemType(item)) {
                    case Workflows.ITEM_QUERIES -> current = queries(Workflows.payload(item, "queries_payload"));
                    case Workflows.ITEM_SOURCES -> {
                        List<Citation> round = Citations.withUrl(J.list(Workflows.payload(item, "sources_payload"), "sources"));
                        m.rounds.add(new Round(current, round));
                        m.sources.addAll(round);
                        current = new ArrayList<>();
                    }
                    case Workflows.ITEM_TEXT -> {
                        Map<String, Object> tp = Workflows.payload(item, "text_payload");
                        if ("answer".equals(J.str(tp, "variant"))) {
                            m.answer = Workflows.text(tp);
                        }
                    }
                    default -> {
                    }
                }
            }
        }
        return m;
    }

    public int queryCount() {
        int n = 0;
        for (Round r : rounds) {
            n += r.queries().size();
        }
        return n;
    }

    /** Query entries are strings, or {@code {query}} objects in council payloads. */
    public static List<String> queries(Map<String, Object> queriesPayload) {
        List<String> out = new ArrayList<>();
        for (Object q : J.list(queriesPayload, "queries")) {
            out.add(q instanceof Map ? J.str(q, "query") : J.asText(q));
        }
        return out;
    }
}
