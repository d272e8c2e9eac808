package io.github.pplxexport.export;

import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.library.DeletedThreads;
import io.github.pplxexport.testkit.Archives;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A candidate another account exported is planned with that account (asked as it); --limit keeps the first N. */
class SyncDeletedPlanTest {
    @TempDir
    Path out;

    private void thread(String uuid, String via) throws Exception {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("web_uuid", uuid);
        t.put("export_via", via);
        Archives.writeThread(out, via + "/search/2026-01-01_t_" + uuid.substring(0, 8), PyJson.pretty(t), Map.of(), null);
    }

    @Test
    void anotherAccountsCandidateIsPlannedAsThatAccountAndTheLimitKeepsTheFirst() throws Exception {
        String a1 = "a1000000-0000-4000-8000-000000000001";
        String b1 = "b1000000-0000-4000-8000-000000000002";
        String a2 = "a2000000-0000-4000-8000-000000000003";
        String a3 = "a3000000-0000-4000-8000-000000000004";
        thread(a1, "alice");
        thread(b1, "bob");
        thread(a2, "alice");
        Files.createDirectories(out.resolve("index"));
        Files.writeString(out.resolve("index/library_alice.json"),
                "{\"threads\": [{\"entryUUID\": \"c0000000-0000-4000-8000-00000000000c\"}]}", StandardCharsets.UTF_8);
        Map<String, Object> state = new LinkedHashMap<>();
        for (String u : List.of(a1, b1, a2, a3)) {
            state.put(u, Map.of("status", "ok", "title", "t", "lastUpdated", "2026-01-01T00:00:00Z"));
        }
        Files.writeString(out.resolve("index/batch_state.json"), PyJson.pretty(state), StandardCharsets.UTF_8);

        SyncDeletedPlan plan = SyncDeletedPlan.read(out, "alice", 3);
        assertEquals(List.of(a1, b1, a2), plan.check().stream().map(DeletionCandidate::uuid).toList());
        assertEquals(List.of("alice", "bob", "alice"), plan.check().stream().map(DeletionCandidate::exportVia).toList());
        Map<String, String> skipped = new LinkedHashMap<>();
        plan.skipped().forEach(s -> skipped.put(s.uuid(), s.reason()));
        assertEquals(List.of(a3), List.copyOf(skipped.keySet()));
        assertEquals("beyond --limit 3", skipped.get(a3));
        assertTrue(plan.lines().get(0).contains("4 deletion candidate(s), 3 to check as alice"), plan.lines().toString());
        assertTrue(plan.lines().stream().anyMatch(l -> l.startsWith("  " + b1) && l.contains("exported via bob")),
                plan.lines().toString());

        SyncDeletedPlan unknownAccount = SyncDeletedPlan.read(out, null, 0);
        assertEquals(4, unknownAccount.check().size(), "a dry run without an account skips nobody for it");
        assertEquals("", unknownAccount.check().get(3).exportVia(), "no thread dir: not known");
        DeletedThreads.Plan found = unknownAccount.found();
        assertEquals(4, found.okThreads());
    }
}
