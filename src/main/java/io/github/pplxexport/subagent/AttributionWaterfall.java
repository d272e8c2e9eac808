package io.github.pplxexport.subagent;

import io.github.pplxexport.json.J;
import io.github.pplxexport.thread.Turn;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The attribution waterfall (reference-behaviour.md §2.4 step 8, §3.1): every top-level background payload
 * renders in exactly one place. ① anchored ones render in the turn that launched them (via the
 * {@link SubAgentMap}); ② the rest go to {@code subagent_result} stub turns created within 10 s of their
 * completion (greedy by smallest gap, each payload once, a stub may take several); ③ what is left goes
 * to the conversation appendix. Mutates the turns (workflow block, stub payloads); returns level ③.
 */
public final class AttributionWaterfall {
    /** The stub window, inclusive. */
    public static final double WINDOW_SECONDS = 10.0;

    private AttributionWaterfall() {
    }

    /** Runs the three steps in the reference's order; returns the appendix items. */
    public static List<AppendixItem> apply(List<Turn> turns, Map<String, Object> rawBlocks) {
        attachWorkflowBlocks(turns, rawBlocks);
        Set<String> anchored = anchoredIds(rawBlocks);
        List<Candidate> candidates = topLevelPayloads(rawBlocks);
        Set<Candidate> used = attachStubPayloads(turns, rawBlocks, candidates, anchored);
        return unconsumed(candidates, anchored, used);
    }

    /** Each main entry's workflow block goes to the turn with the same uuid (the last block wins). */
    static void attachWorkflowBlocks(List<Turn> turns, Map<String, Object> rawBlocks) {
        Map<String, Map<String, Object>> byUuid = new HashMap<>();
        for (Object entry : J.list(rawBlocks, "entries")) {
            List<Map<String, Object>> blocks = Workflows.workflowBlocks(entry);
            if (!blocks.isEmpty()) {
                byUuid.put(J.str(entry, "uuid"), blocks.get(blocks.size() - 1));
            }
        }
        for (Turn t : turns) {
            Map<String, Object> wb = byUuid.get(t.uuid);
            if (wb != null) {
                t.workflowBlock = wb;
                t.metadata.put("wf_status", J.str(wb, "status"));
            }
        }
    }

    /** Payload ids reachable by recursive descent through the main entries' workflow blocks. */
    public static Set<String> anchoredIds(Map<String, Object> rawBlocks) {
        Set<String> ids = new HashSet<>();
        for (Object entry : J.list(rawBlocks, "entries")) {
            for (Map<String, Object> wb : Workflows.workflowBlocks(entry)) {
                collectIds(wb, ids, 0);
            }
        }
        return ids;
    }

    private static void collectIds(Map<String, Object> workflow, Set<String> ids, int depth) {
        if (depth > 64) {
            return; // hostile nesting: stop rather than overflow the stack
        }
        for (Object step : Workflows.steps(workflow)) {
            for (Object item : Workflows.items(step)) {
                Map<String, Object> wp = Workflows.workflowPayload(item);
                if (wp != null) {
                    String id = J.str(wp, "id");
                    if (!id.isEmpty()) {
                        ids.add(id);
                    }
                    collectIds(wp, ids, depth + 1);
                }
            }
        }
    }

    /** A top-level background payload with the entry it came from. */
    public record Candidate(Map<String, Object> payload, Map<String, Object> backgroundEntry) {
        public String id() {
            return J.str(payload, "id");
        }
    }

    /** The workflow payloads found directly in the step items of each background workflow block. */
    public static List<Candidate> topLevelPayloads(Map<String, Object> rawBlocks) {
        List<Candidate> out = new ArrayList<>();
        for (Object bg : J.list(rawBlocks, "background_entries")) {
            Map<String, Object> bgEntry = J.asMap(bg);
            for (Map<String, Object> wb : Workflows.workflowBlocks(bg)) {
                for (Object step : Workflows.steps(wb)) {
                    for (Object item : Workflows.items(step)) {
                        Map<String, Object> wp = Workflows.workflowPayload(item);
                        if (wp != null && !J.str(wp, "id").isEmpty()) {
                            out.add(new Candidate(wp, bgEntry));
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * Level ②: stub turns (blocks entry with trigger subagent_result and no workflow steps, with a creation
     * time) absorb unanchored payloads completed within the window. Returns the payloads consumed.
     */
    static Set<Candidate> attachStubPayloads(List<Turn> turns, Map<String, Object> rawBlocks,
                                             List<Candidate> all, Set<String> anchored) {
        Map<String, Object> blocksEntryByUuid = new HashMap<>();
        for (Object e : J.list(rawBlocks, "entries")) {
            blocksEntryByUuid.putIfAbsent(J.str(e, "uuid"), e);
        }
        List<Turn> stubs = new ArrayList<>();
        for (Turn t : turns) {
            Object be = blocksEntryByUuid.get(t.uuid);
            if (be != null && "subagent_result".equals(J.str(be, "trigger")) && workflowStepCount(be) == 0
                    && t.createdUs != null) {
                stubs.add(t);
            }
        }
        List<Candidate> candidates = new ArrayList<>();
        List<Double> completedAt = new ArrayList<>();
        for (Candidate c : all) {
            if (anchored.contains(c.id())) {
                continue;
            }
            Double when = IsoTime.epochSeconds(completion(c));
            if (when != null) {
                candidates.add(c);
                completedAt.add(when);
            }
        }
        record Pair(int stub, int candidate, double gap) {
        }
        List<Pair> pairs = new ArrayList<>();
        for (int s = 0; s < stubs.size(); s++) {
            double created = stubs.get(s).createdUs / 1_000_000.0;
            for (int c = 0; c < candidates.size(); c++) {
                double gap = Math.abs(created - completedAt.get(c));
                if (gap <= WINDOW_SECONDS) {
                    pairs.add(new Pair(s, c, gap));
                }
            }
        }
        pairs.sort(Comparator.comparingDouble(Pair::gap)); // stable: ties keep stub-major, candidate order
        Set<Candidate> used = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        Map<Integer, List<Integer>> byStub = new LinkedHashMap<>();
        for (Pair p : pairs) {
            Candidate c = candidates.get(p.candidate());
            if (used.add(c)) {
                byStub.computeIfAbsent(p.stub(), k -> new ArrayList<>()).add(p.candidate());
            }
        }
        for (Map.Entry<Integer, List<Integer>> e : byStub.entrySet()) {
            Turn stub = stubs.get(e.getKey());
            for (int c : e.getValue()) {
                stub.stubPayloads.add(candidates.get(c).payload());
            }
        }
        return used;
    }

    /** Effective completion: payload completed_at, else the entry's update time (interrupted runs have none). */
    static String completion(Candidate c) {
        return J.firstStr(c.payload(), "completed_at").isEmpty()
                ? J.firstStr(c.backgroundEntry(), "entry_updated_datetime", "updated_datetime")
                : J.str(c.payload(), "completed_at");
    }

    private static int workflowStepCount(Object blocksEntry) {
        int n = 0;
        for (Map<String, Object> wb : Workflows.workflowBlocks(blocksEntry)) {
            n += Workflows.steps(wb).size();
        }
        return n;
    }

    /** Level ③: every top-level payload neither anchored nor absorbed, in background-entry order. */
    static List<AppendixItem> unconsumed(List<Candidate> all, Set<String> anchored, Set<Candidate> used) {
        List<AppendixItem> out = new ArrayList<>();
        for (Candidate c : all) {
            if (anchored.contains(c.id()) || used.contains(c)) {
                continue;
            }
            Map<String, Object> bg = c.backgroundEntry();
            out.add(new AppendixItem(c.payload(), J.str(bg, "locked_reason"),
                    J.firstStr(bg, "entry_updated_datetime", "updated_datetime"), J.str(bg, "uuid")));
        }
        return out;
    }
}
