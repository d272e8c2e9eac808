package io.github.pplxexport.rerender;

import io.github.pplxexport.cli.PplxExportCli;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.testkit.Archives;
import io.github.pplxexport.testkit.RawThreads;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static io.github.pplxexport.testkit.RawThreads.T0;
import static io.github.pplxexport.testkit.RawThreads.arr;
import static io.github.pplxexport.testkit.RawThreads.backgroundEntry;
import static io.github.pplxexport.testkit.RawThreads.bgPayload;
import static io.github.pplxexport.testkit.RawThreads.entry;
import static io.github.pplxexport.testkit.RawThreads.finalJson;
import static io.github.pplxexport.testkit.RawThreads.iso;
import static io.github.pplxexport.testkit.RawThreads.obj;
import static io.github.pplxexport.testkit.RawThreads.response;
import static io.github.pplxexport.testkit.RawThreads.textItem;
import static io.github.pplxexport.testkit.RawThreads.us;
import static io.github.pplxexport.testkit.RawThreads.wfStep;
import static io.github.pplxexport.testkit.RawThreads.workflowBlock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code re-render --thread-json} through the real CLI and Camel routes (reference-behaviour.md §6.1, §3.3,
 * §4.1–§4.4, §5.3): registries set in place after the existing keys, removed when empty, written only when
 * the text changes; a second run writes nothing. One archive, two runs; each test checks one scenario.
 */
class ReRenderThreadJsonTest {
    private static final Instant BEFORE_RUN_1 = Instant.parse("2020-01-01T00:00:00Z");
    private static final Instant BEFORE_RUN_2 = Instant.parse("2021-01-01T00:00:00Z");

    @TempDir
    static Path archive;

    static Path interrupted;
    static Path healthy;
    static Path stale;
    static Path variants;
    static Map<String, Archives.FileState> beforeRun1;
    static Map<String, Archives.FileState> afterRun1;
    static Map<String, Archives.FileState> afterRun2;
    static int exit1;
    static int exit2;

    // ------------------------------------------------------------------ thread.json texts, written by hand

    static final String INTERRUPTED_JSON = """
            {
             "web_uuid": "d688737e-0000-4000-8000-000000000001",
             "title": "竞品价格监控：三家咖啡豆网店",
             "mode": "computer",
             "author": "bob",
             "url": "https://www.perplexity.ai/computer/tasks/d688737e-0000-4000-8000-000000000001",
             "space": null,
             "n_turns": 1,
             "metadata": {
              "title": "竞品价格监控：三家咖啡豆网店",
              "locked_reason": "spending_limit_exceeded"
             },
             "exported_at": "2026-11-02T08:30:00Z"
            }""";

    static final String INTERRUPTED_JSON_AFTER = """
            {
             "web_uuid": "d688737e-0000-4000-8000-000000000001",
             "title": "竞品价格监控：三家咖啡豆网店",
             "mode": "computer",
             "author": "bob",
             "url": "https://www.perplexity.ai/computer/tasks/d688737e-0000-4000-8000-000000000001",
             "space": null,
             "n_turns": 1,
             "metadata": {
              "title": "竞品价格监控：三家咖啡豆网店",
              "locked_reason": "spending_limit_exceeded"
             },
             "exported_at": "2026-11-02T08:30:00Z",
             "interruptions": [
              {
               "location": "turn_0001",
               "kind": "canceled",
               "headline": "停止：价格监控",
               "status": "WORKFLOW_CANCELED"
              },
              {
               "location": "background_unassigned",
               "kind": "limit_interrupted",
               "headline": "重新调研\\"山谷\\"烘焙",
               "status": "WORKFLOW_AWAITING_NEXT_STEPS"
              }
             ]
            }""";

    static final String HEALTHY_JSON = """
            {
             "web_uuid": "b2a69fad-0000-4000-8000-000000000002",
             "psc_uuid": null,
             "url": "https://www.perplexity.ai/search/b2a69fad-0000-4000-8000-000000000002",
             "title": "How do HTTP ETags work?",
             "mode": "search",
             "author": "alice",
             "n_turns": 1,
             "exported_at": "2026-11-02T08:30:00Z"
            }""";

    static final String STALE_JSON = """
            {
             "web_uuid": "8220bd65-0000-4000-8000-000000000003",
             "title": "整理书单",
             "mode": "computer",
             "interruptions": [
              {
               "location": "turn_0001",
               "kind": "awaiting",
               "headline": "旧的中断记录",
               "status": "WORKFLOW_AWAITING_NEXT_STEPS"
              }
             ],
             "author": "alice",
             "exported_at": "2026-11-02T08:30:00Z"
            }""";

    static final String STALE_JSON_AFTER = """
            {
             "web_uuid": "8220bd65-0000-4000-8000-000000000003",
             "title": "整理书单",
             "mode": "computer",
             "author": "alice",
             "exported_at": "2026-11-02T08:30:00Z"
            }""";

    static final String VARIANT_UUID = "f51cae28-0000-4000-8000-000000000004";
    static final String VARIANT_ENTRY = "7b0c5cd7-e553-4091-afaf-c471cba24e5c";
    static final String VARIANT_SIBLING = "e1811fb2-9029-4875-b5c5-df3a41767530";

    static final String VARIANT_JSON = """
            {
             "web_uuid": "f51cae28-0000-4000-8000-000000000004",
             "title": "西湖徒步路线",
             "mode": "search",
             "author": "alice",
             "exported_at": "2026-11-02T08:30:00Z"
            }""";

    static final String VARIANT_JSON_AFTER = """
            {
             "web_uuid": "f51cae28-0000-4000-8000-000000000004",
             "title": "西湖徒步路线",
             "mode": "search",
             "author": "alice",
             "exported_at": "2026-11-02T08:30:00Z",
             "answer_variants": [
              {
               "entry_uuid": "7b0c5cd7-e553-4091-afaf-c471cba24e5c",
               "sibling_uuid": "e1811fb2-9029-4875-b5c5-df3a41767530",
               "selection_status": "SELECTED",
               "experiment_role": "answer_rewrite_v2",
               "experiment_override": {
                "arm": "B"
               },
               "selected_at": "2026-02-03T10:00:00Z",
               "decision_time_ms": 1234,
               "entry_updated": "2026-02-03T10:05:00.123456"
              }
             ]
            }""";

    // ------------------------------------------------------------------ the archive and the two runs

    @BeforeAll
    static void runReRenderTwice() throws Exception {
        RawThreads.ThreadBuilder computer = RawThreads.thread()
                .turn("u1", "停止：价格监控", T0, null,
                        workflowBlock("WORKFLOW_CANCELED", wfStep("抓取", "bash", textItem(null, "x"))))
                .background(backgroundEntry("bg1", "WORKFLOW_AWAITING_NEXT_STEPS", "spending_limit_exceeded",
                        iso(T0 + 435.4), bgPayload("toolu_a", "重新调研\"山谷\"烘焙", "WORKFLOW_AWAITING_NEXT_STEPS", null)));
        interrupted = Archives.writeThread(archive, "bob/computer/2026-10-03_interrupted_d688737e",
                INTERRUPTED_JSON, computer.rawEntries(), computer.rawBlocks());

        healthy = Archives.writeThread(archive, "alice/search/2026-02-03_healthy_b2a69fad", HEALTHY_JSON,
                response(obj(), arr(entry("h1", "How do HTTP ETags work?", us(T0), finalJson(obj("answer", "They validate caches.")))), arr()),
                null);

        RawThreads.ThreadBuilder done = RawThreads.thread()
                .turn("s1", "整理书单", T0, null, workflowBlock("WORKFLOW_COMPLETED", wfStep("清洗", "bash", textItem(null, "ok"))));
        stale = Archives.writeThread(archive, "alice/computer/2026-07-09_stale_8220bd65", STALE_JSON,
                done.rawEntries(), done.rawBlocks());

        Map<String, Object> control = entry("v1", "西湖周边徒步", us(T0), finalJson(obj("answer", "路线一")));
        control.put("side_by_side_metadata", obj("sibling_uuid", "11111111-2222-4333-8444-555555555555",
                "selection_status", "SELECTION_STATUS_UNSPECIFIED", "experiment_role", "[control] default_answer"));
        Map<String, Object> hit = entry(VARIANT_ENTRY, "再推荐一条", us(T0 + 60), finalJson(obj("answer", "路线二")));
        hit.put("updated_datetime", "2026-02-03T10:05:00.123456");
        hit.put("side_by_side_metadata", obj("sibling_uuid", VARIANT_SIBLING, "selection_status", "SELECTED",
                "experiment_role", "answer_rewrite_v2", "experiment_override", obj("arm", "B"),
                "execution_log", obj(), "selected_at", "2026-02-03T10:00:00Z", "decision_time_ms", 1234L));
        variants = Archives.writeThread(archive, "alice/search/2026-02-04_variant_f51cae28", VARIANT_JSON,
                response(obj(), arr(control, hit), arr()), null);

        Archives.touchAll(archive, BEFORE_RUN_1);
        beforeRun1 = Archives.snapshot(archive);
        exit1 = PplxExportCli.execute("re-render", "--out", archive.toString(), "--thread-json");
        afterRun1 = Archives.snapshot(archive);

        Archives.touchAll(archive, BEFORE_RUN_2);
        Map<String, Archives.FileState> touched = Archives.snapshot(archive);
        exit2 = PplxExportCli.execute("re-render", "--out", archive.toString(), "--thread-json");
        afterRun2 = Archives.snapshot(archive);
        assertEquals(touched.keySet(), afterRun1.keySet());
    }

    private static String rel(Path dir, String file) {
        return archive.relativize(dir.resolve(file)).toString();
    }

    private static String textAfterRun1(Path dir, String file) {
        return new String(afterRun1.get(rel(dir, file)).bytes(), StandardCharsets.UTF_8);
    }

    // ------------------------------------------------------------------ the tests

    @Test
    void bothRunsSucceed() {
        assertEquals(0, exit1);
        assertEquals(0, exit2);
        assertTrue(Files.exists(interrupted.resolve("conversation.md")));
        assertTrue(Files.exists(healthy.resolve("turns").resolve("turn_0001.md")));
    }

    @Test
    void interruptionsAreAddedAfterTheExistingKeysWithOneSpaceIndentAndRawNonAscii() {
        assertEquals(INTERRUPTED_JSON_AFTER, textAfterRun1(interrupted, "thread.json"));
    }

    @Test
    void aHealthyThreadJsonKeepsItsBytesAndItsMtime() {
        String key = rel(healthy, "thread.json");
        assertEquals(beforeRun1.get(key), afterRun1.get(key));
        assertEquals(FileTime.from(BEFORE_RUN_1), afterRun1.get(key).mtime());
        assertEquals(HEALTHY_JSON, textAfterRun1(healthy, "thread.json"));
    }

    @Test
    void aStaleInterruptionsKeyIsRemovedAndTheOtherKeysKeepTheirOrder() {
        assertEquals(STALE_JSON_AFTER, textAfterRun1(stale, "thread.json"));
    }

    @Test
    void answerVariantsAreAddedAndLoggedOnceInTheCentralRegistry() {
        assertEquals(VARIANT_JSON_AFTER, textAfterRun1(variants, "thread.json"));
        String log = "index/answer_variants_log.jsonl";
        assertTrue(afterRun1.containsKey(log), afterRun1.keySet()::toString);
        String text = new String(afterRun1.get(log).bytes(), StandardCharsets.UTF_8);
        assertTrue(text.endsWith("\n"), text);
        List<String> lines = text.lines().toList();
        assertEquals(1, lines.size(), text);
        String detectedAt = J.str(Json.parse(lines.get(0)), "detected_at");
        assertTrue(detectedAt.matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z"), detectedAt);
        assertEquals("{\"detected_at\": \"" + detectedAt + "\", \"source\": \"offline\", \"web_uuid\": \"" + VARIANT_UUID
                + "\", \"uuid8\": \"f51cae28\", \"title\": \"西湖徒步路线\", \"entry_uuid\": \"" + VARIANT_ENTRY
                + "\", \"sibling_uuid\": \"" + VARIANT_SIBLING + "\", \"selection_status\": \"SELECTED\", "
                + "\"experiment_role\": \"answer_rewrite_v2\"}", lines.get(0));
    }

    @Test
    void theSecondRunWritesNothingAtAll() {
        for (Map.Entry<String, Archives.FileState> e : afterRun2.entrySet()) {
            assertEquals(FileTime.from(BEFORE_RUN_2), e.getValue().mtime(), e.getKey() + " was written again");
            assertTrue(Arrays.equals(afterRun1.get(e.getKey()).bytes(), e.getValue().bytes()), e.getKey());
        }
        assertEquals(afterRun1.keySet(), afterRun2.keySet());
    }

    @Test
    void theSecondRunAppendsNoVariantLine() {
        String log = new String(afterRun2.get("index/answer_variants_log.jsonl").bytes(), StandardCharsets.UTF_8);
        assertEquals(1, log.lines().count(), log);
    }
}
