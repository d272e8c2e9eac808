package io.github.pplxexport.relations;

import io.github.pplxexport.search.IndexedThread;
import io.github.pplxexport.search.RelatedThread;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The relations between archived threads (reference-cli-and-archive.md §2.17, reference-behaviour.md §6.2), from
 * what each thread dir holds ({@link IndexedThread}: the first question, the uuids its answers and sources name,
 * its space, its sub-agent runs). Kinds: {@code same_space} (dst {@code space:<slug>}), {@code same_prompt}
 * (threads that asked the same first question, chained by creation time: each points at the one before it),
 * {@code references} (dst an archived thread that an answer or a source names), {@code subagent_of} (dst the
 * {@code toolu_…} run id). A thread archived under two accounts gives its edges once.
 */
public final class RelationGraph {

    /** One edge, as the reference writes it to edges.jsonl. */
    public record Edge(String srcUuid, String dstUuid, String kind, String evidence) {
    }

    private RelationGraph() {
    }

    public static List<Edge> edges(List<IndexedThread> threads) {
        List<IndexedThread> sorted = new ArrayList<>(threads);
        sorted.sort(Comparator.comparing(IndexedThread::path));
        Set<String> archived = new HashSet<>();
        sorted.forEach(t -> archived.add(t.uuid()));
        Set<Edge> out = new LinkedHashSet<>();
        for (IndexedThread t : sorted) {
            if (t.uuid().isEmpty()) {
                continue;
            }
            if (!t.spaceSlug().isEmpty()) {
                out.add(new Edge(t.uuid(), "space:" + t.spaceSlug(), RelatedThread.Kind.SAME_SPACE.id(), t.spaceTitle()));
            }
        }
        Map<String, List<IndexedThread>> byPrompt = new HashMap<>();
        for (IndexedThread t : sorted) {
            if (!t.prompt().isEmpty() && !t.uuid().isEmpty()) {
                byPrompt.computeIfAbsent(t.prompt(), k -> new ArrayList<>()).add(t);
            }
        }
        byPrompt.values().stream()
                .filter(c -> c.size() > 1)
                .sorted(Comparator.comparing(c -> c.get(0).path()))
                .forEach(cluster -> {
                    cluster.sort(Comparator.comparingLong(IndexedThread::created).thenComparing(IndexedThread::path));
                    for (int i = 1; i < cluster.size(); i++) {
                        IndexedThread later = cluster.get(i);
                        IndexedThread earlier = cluster.get(i - 1);
                        if (!later.uuid().equals(earlier.uuid())) {
                            out.add(new Edge(later.uuid(), earlier.uuid(), RelatedThread.Kind.SAME_PROMPT.id(), head(later.prompt())));
                        }
                    }
                });
        for (IndexedThread t : sorted) {
            for (String ref : t.refs()) {
                if (archived.contains(ref) && !t.uuid().isEmpty()) {
                    out.add(new Edge(t.uuid(), ref, RelatedThread.Kind.REFERENCES.id(), "names " + ref));
                }
            }
            for (String run : t.runs()) {
                if (!t.uuid().isEmpty()) {
                    out.add(new Edge(t.uuid(), run, RelatedThread.Kind.SUBAGENT_OF.id(), "sub-agent run in raw_blocks.json"));
                }
            }
        }
        return List.copyOf(out);
    }

    static String head(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "…";
    }
}
