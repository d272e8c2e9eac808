package io.github.pplxexport.relations;

import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.cli.PplxExportCli;
import io.github.pplxexport.search.IndexCatchUp;
import io.github.pplxexport.search.RelatedThread;
import io.github.pplxexport.search.SearchIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The relations command's files and the thread page's related threads, over the sample plus a made-up rerun. */
class RelationsTest {
    static final String SOFTMAX = "11d645e5-36f6-41d8-ae4b-f26a7b60b287";
    static final String RERUN = "aaaaaaaa-0000-4000-8000-000000000001";

    @TempDir
    Path tmp;

    @Test
    void edgesOfEveryKindInBothFilesAndOnTheThreadPage() throws Exception {
        Path out = tmp.resolve("archive");
        FileTrees.copy(Path.of("archive-sample"), out);
        // a later thread asking softmax's first question again, whose answer names the softmax thread
        Path softmax;
        try (var s = Files.find(out, 3, (p, a) -> p.getFileName().toString().endsWith("_11d645e5"))) {
            softmax = s.findFirst().orElseThrow();
        }
        String question = Files.readString(softmax.resolve("conversation.md")).split("### Query\n")[1].split("\n")[0];
        Path rerun = Files.createDirectories(out.resolve("alice/deep-research/2026-06-01_rerun_aaaaaaaa"));
        Files.writeString(rerun.resolve("thread.json"), "{\"web_uuid\": \"" + RERUN + "\", \"title\": \"Rerun\", \"mode\": \"deep-research\","
                + " \"lastUpdated\": \"2026-06-01T00:00:00Z\", \"metadata\": {\"created_at\": \"2026-06-01T00:00:00\"}}", StandardCharsets.UTF_8);
        Files.writeString(rerun.resolve("conversation.md"), "# Rerun\n\n## Turn 1 — x\n\n### Query\n  " + question.toUpperCase()
                + "  \n\n### Answer\nSee https://www.perplexity.ai/search/" + SOFTMAX + " for the first try.\n", StandardCharsets.UTF_8);

        assertEquals(0, PplxExportCli.execute("relations", "--out", out.toString()));
        List<String> edges = Files.readAllLines(out.resolve("relations/edges.jsonl"));
        String all = String.join("\n", edges);
        assertTrue(edges.contains("{\"src_uuid\": \"" + RERUN + "\", \"dst_uuid\": \"" + SOFTMAX + "\", \"kind\": \"references\", \"evidence\": \"names "
                + SOFTMAX + "\"}"), all);
        assertTrue(edges.stream().anyMatch(e -> e.startsWith("{\"src_uuid\": \"" + RERUN + "\", \"dst_uuid\": \"" + SOFTMAX + "\", \"kind\": \"same_prompt\"")), all);
        assertTrue(edges.stream().anyMatch(e -> e.contains("\"dst_uuid\": \"space:web-platform-notes-k3v9qa\", \"kind\": \"same_space\"")), all);
        assertTrue(edges.stream().anyMatch(e -> e.contains("\"dst_uuid\": \"toolu_") && e.contains("\"kind\": \"subagent_of\"")), all);
        String graph = Files.readString(out.resolve("relations/graph.md"));
        assertTrue(graph.contains("## same_prompt") && graph.contains("[Rerun](../alice/deep-research/2026-06-01_rerun_aaaaaaaa/conversation.md)"), graph);

        try (SearchIndex index = SearchIndex.open(out)) {
            new IndexCatchUp(index, 1, () -> false).run(false, Duration.ofSeconds(5));
            List<RelatedThread> related = index.related(out.relativize(softmax).toString(), 5);
            assertTrue(related.stream().anyMatch(r -> r.kind() == RelatedThread.Kind.SAME_PROMPT && r.thread().uuid().equals(RERUN)), related.toString());
            assertTrue(related.stream().anyMatch(r -> r.kind() == RelatedThread.Kind.REFERENCES && r.incoming() && r.thread().uuid().equals(RERUN)));
        }
    }
}
