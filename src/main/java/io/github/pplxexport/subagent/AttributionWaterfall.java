package io.github.pplxexport.subagent;

import io.github.pplxexport.thread.Entry;
import io.github.pplxexport.thread.RawResponse;
import io.github.pplxexport.thread.Turn;
import io.github.pplxexport.thread.Workflow;
import io.github.pplxexport.thread.WorkflowItem;
import io.github.pplxexport.thread.WorkflowStep;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The attribution waterfall (reference-behaviour.md §2.4 step 8, §3.1): every top-level background payload
 * renders in exactly one place. ① anchored ones render in the turn that launched them (via the
 * {@link SubAgentMap}); ② the rest go to {@code subagent_result} stub turns created within 10 s of their
 * completion (greedy by smallest gap, each payload once, a stub may take several); ③ what is left goes
 * to the conversation appendix.
 */
public final class AttributionWaterfall {
    /** The stub window, inclusive. */
    public static final double WINDOW_SECONDS = 10.0;

    private AttributionWaterfall() {
    }

    /** The turns with their workflow blocks and stub payloads attached, and the appendix (level ③). */
    public record Result(List<Turn> turns, List<AppendixItem> appendix) {
    }

    /** Runs the three steps in the reference's order. */
    public static Result apply(List<Turn> turns, RawResponse blocks) {
        List<Turn> withBlocks = attachWorkflowBlocks(turns, blocks);
        Set<String> anchored = anchoredIds(blocks);
        List<Candidate> candidates = topLevelPayloads(blocks);
        Set<Candidate> used = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Turn> attached = attachStubPayloads(withBlocks, blocks, candidates, anchored, used);
        return new Result(List.copyOf(attached), unconsumed(candidates, anchored, used));
    }

    /** Each main entry's workflow block goes to the turn with the same uuid (the last block wins). */
    static List<Turn> attachWorkflowBlocks(List<Turn> turns, RawResponse blocks) {
        Map<String, Workflow> byUuid = new HashMap<>();
        for (Entry entry : blocks.entries()) {
            List<Workflow> wbs = entry.workflowBlocks();
            if (!wbs.isEmpty()) {
                byUuid.put(entry.uuid(), wbs.get(wbs.size() - 1));
            }
        }
        List<Turn> out = new ArrayList<>(turns.size());
        for (Turn t : turns) {
            Workflow wb = byUuid.get(t.uuid());
            out.add(wb == null ? t : t.withWorkflow(wb));
        }
        return out;
    }

    /** Payload ids reachable by recursive descent through the main entries' workflow blocks. */
    static Set<String> anchoredIds(RawResponse blocks) {
        Set<String> ids = new HashSet<>();
        for (Entry entry : blocks.entries()) {
            for (Workflow wb : entry.workflowBlocks()) {
                collectIds(wb, ids, 0);
            }
        }
        return ids;
    }

    private static void collectIds(Workflow workflow, Set<String> ids, int depth) {
        if (depth > 64) {
            return; // hostile nesting: stop rather than overflow the stack
        }
        for (WorkflowStep step : workflow.steps()) {
            for (WorkflowItem item : step.items()) {
                Workflow wp = item.workflow();
                if (wp != null) {
                    if (!wp.id().isEmpty()) {
                        ids.add(wp.id());
                    }
                    collectIds(wp, ids, depth + 1);
                }
            }
        }
    }

    /** A top-level background payload with the entry it came from. */
    record Candidate(Workflow payload, Entry backgroundEntry) {
        /** Effective completion: payload completed_at, else the entry's update time (interrupted runs have none). */
        String completion() {
            return payload.hasCompletedAt() ? payload.completedAt() : backgroundEntry.updated();
        }
    }

    /** The workflow payloads found directly in the step items of each background workflow block. */
    static List<Candidate> topLevelPayloads(RawResponse blocks) {
        List<Candidate> out = new ArrayList<>();
        for (Entry bg : blocks.background()) {
            for (Workflow wb : bg.workflowBlocks()) {
                for (WorkflowStep step : wb.steps()) {
                    for (WorkflowItem item : step.items()) {
                        Workflow wp = item.workflow();
                        if (wp != null && !wp.id().isEmpty()) {
                            out.add(new Candidate(wp, bg));
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * Level ②: stub turns (blocks entry with trigger subagent_result and no workflow steps, with a creation
     * time) absorb unanchored payloads completed within the window; {@code used} collects what they took.
     */
    static List<Turn> attachStubPayloads(List<Turn> turns, RawResponse blocks, List<Candidate> all, Set<String> anchored,
                                         Set<Candidate> used) {
        Map<String, Entry> blocksEntryByUuid = new HashMap<>();
        for (Entry e : blocks.entries()) {
            blocksEntryByUuid.putIfAbsent(e.uuid(), e);
        }
        List<Integer> stubs = new ArrayList<>();
        for (int i = 0; i < turns.size(); i++) {
            Turn t = turns.get(i);
            Entry be = blocksEntryByUuid.get(t.uuid());
            if (be != null && "subagent_result".equals(be.trigger()) && be.workflowStepCount() == 0 && t.createdUs() != null) {
                stubs.add(i);
            }
        }
        List<Candidate> candidates = new ArrayList<>();
        List<Double> completedAt = new ArrayList<>();
        for (Candidate c : all) {
            if (anchored.contains(c.payload().id())) {
                continue;
            }
            Double when = IsoTime.epochSeconds(c.completion());
            if (when != null) {
                candidates.add(c);
                completedAt.add(when);
            }
        }
        record Pair(int stub, int candidate, double gap) {
        }
        List<Pair> pairs = new ArrayList<>();
        for (int s = 0; s < stubs.size(); s++) {
            double created = turns.get(stubs.get(s)).createdUs() / 1_000_000.0;
            for (int c = 0; c < candidates.size(); c++) {
                double gap = Math.abs(created - completedAt.get(c));
                if (gap <= WINDOW_SECONDS) {
                    pairs.add(new Pair(s, c, gap));
                }
            }
        }
        pairs.sort(Comparator.comparingDouble(Pair::gap)); // stable: ties keep stub-major, candidate order
        Map<Integer, List<Workflow>> byStub = new LinkedHashMap<>();
        for (Pair p : pairs) {
            Candidate c = candidates.get(p.candidate());
            if (used.add(c)) {
                byStub.computeIfAbsent(p.stub(), k -> new ArrayList<>()).add(c.payload());
            }
        }
        List<Turn> out = new ArrayList<>(turns);
        for (Map.Entry<Integer, List<Workflow>> e : byStub.entrySet()) {
            int i = stubs.get(e.getKey());
            out.set(i, out.get(i).withStubPayloads(e.getValue()));
        }
        return out;
    }

    /** Level ③: every top-level payload neither anchored nor absorbed, in background-entry order. */
    static List<AppendixItem> unconsumed(List<Candidate> all, Set<String> anchored, Set<Candidate> used) {
        List<AppendixItem> out = new ArrayList<>();
        for (Candidate c : all) {
            if (anchored.contains(c.payload().id()) || used.contains(c)) {
                continue;
            }
            Entry bg = c.backgroundEntry();
            out.add(new AppendixItem(c.payload(), bg.lockedReason(), bg.updated(), bg.uuid()));
        }
        return List.copyOf(out);
    }
}
