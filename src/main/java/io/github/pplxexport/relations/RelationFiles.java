package io.github.pplxexport.relations;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.search.IndexedThread;
import io.github.pplxexport.search.RelatedThread;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code <out>/relations/edges.jsonl} (one edge a line: src_uuid, dst_uuid, kind, evidence) and
 * {@code relations/graph.md} (the same edges for a reader: per kind, thread titles linked to their conversation.md).
 * Both are rewritten whole, atomically, and only when their bytes change.
 */
public final class RelationFiles {
    public static final String DIR = "relations";

    private RelationFiles() {
    }

    /** Writes both files; returns the edges by kind. */
    public static Map<String, Integer> write(Path archive, List<IndexedThread> threads, List<RelationGraph.Edge> edges)
            throws IOException {
        Path dir = Files.createDirectories(archive.resolve(DIR));
        StringBuilder jsonl = new StringBuilder();
        Map<String, Integer> kinds = new LinkedHashMap<>();
        for (RelatedThread.Kind k : RelatedThread.Kind.values()) {
            kinds.put(k.id(), 0);
        }
        for (RelationGraph.Edge e : edges) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("src_uuid", e.srcUuid());
            m.put("dst_uuid", e.dstUuid());
            m.put("kind", e.kind());
            m.put("evidence", e.evidence());
            jsonl.append(PyJson.compact(m)).append('\n');
            kinds.merge(e.kind(), 1, Integer::sum);
        }
        AtomicFiles.writeIfChanged(dir.resolve("edges.jsonl"), jsonl.toString());
        AtomicFiles.writeIfChanged(dir.resolve("graph.md"), graph(threads, edges, kinds));
        return kinds;
    }

    static String graph(List<IndexedThread> threads, List<RelationGraph.Edge> edges, Map<String, Integer> kinds) {
        Map<String, IndexedThread> byUuid = new HashMap<>();
        for (IndexedThread t : threads) {
            byUuid.putIfAbsent(t.uuid(), t);
        }
        StringBuilder md = new StringBuilder("# Thread relations\n\n");
        md.append(threads.size()).append(" threads, ").append(edges.size()).append(" edges: ");
        List<String> counts = new ArrayList<>();
        kinds.forEach((k, n) -> counts.add("`" + k + "` " + n));
        md.append(String.join(", ", counts)).append(".\n");
        for (String kind : kinds.keySet()) {
            md.append("\n## ").append(kind).append("\n\n");
            boolean any = false;
            for (RelationGraph.Edge e : edges) {
                if (!e.kind().equals(kind)) {
                    continue;
                }
                any = true;
                md.append("- ").append(link(byUuid.get(e.srcUuid()), e.srcUuid())).append(" → ")
                        .append(link(byUuid.get(e.dstUuid()), e.dstUuid()));
                if (!e.evidence().isEmpty()) {
                    md.append(" — ").append(e.evidence().replace("\n", " "));
                }
                md.append('\n');
            }
            if (!any) {
                md.append("(none)\n");
            }
        }
        return md.toString();
    }

    private static String link(IndexedThread t, String id) {
        if (t == null) {
            return "`" + id + "`";
        }
        String title = t.title().replace("[", "\\[").replace("]", "\\]");
        return "[" + title + "](../" + t.path().replace(" ", "%20") + "/conversation.md)";
    }
}
