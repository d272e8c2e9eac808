package io.github.pplxexport.subagent;

import io.github.pplxexport.archive.ArchivedThreadLoader;
import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.testkit.Archives;
import io.github.pplxexport.testkit.RawThreads;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.github.pplxexport.testkit.RawThreads.T0;
import static io.github.pplxexport.testkit.RawThreads.anchorStep;
import static io.github.pplxexport.testkit.RawThreads.backgroundEntry;
import static io.github.pplxexport.testkit.RawThreads.bgPayload;
import static io.github.pplxexport.testkit.RawThreads.iso;
import static io.github.pplxexport.testkit.RawThreads.textItem;
import static io.github.pplxexport.testkit.RawThreads.wfStep;
import static io.github.pplxexport.testkit.RawThreads.workflowBlock;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The {@code thread.json.interruptions} registry (reference-behaviour.md §3.3 and the spec README decision):
 * exactly the annotated cases (limit_interrupted, awaiting, canceled) at every location, the appendix
 * included; completed and unknown statuses are never registered.
 */
class InterruptionsTest {
    private static final String LIMIT = "spending_limit_exceeded";
    private static final String AWAIT = "WORKFLOW_AWAITING_NEXT_STEPS";
    private static final String CANCEL = "WORKFLOW_CANCELED";
    private static final String DONE = "WORKFLOW_COMPLETED";
    private static final String UNKNOWN = "WORKFLOW_PAUSED";

    /** 1 astral character + 6 × 17 CJK characters: well over 80 characters, and over 80 UTF-16 units sooner. */
    static final String LONG_QUERY = "😀" + "帮我同时调研三家咖啡豆网店的价格和配送".repeat(6);

    /**
     * Turns: 1 limit-interrupted user turn with six anchored sub-agents; 2 a stub turn (not locked);
     * 3 awaiting; 4 canceled; 5 a locked stub turn; 6 unknown status; 7 completed. Background: the six
     * anchored runs, four stub payloads and six appendix payloads.
     */
    static Conversation thread() {
        return RawThreads.thread()
                .turn("u1", LONG_QUERY, T0 - 600, LIMIT, workflowBlock(AWAIT,
                        anchorStep("toolu_s1", "子代理：限额", DONE, "p"),
                        anchorStep("toolu_s2", "子代理：待续", DONE, "p"),
                        anchorStep("toolu_s3", "子代理：取消（锚点仍说完成）", DONE, "p"),
                        anchorStep("toolu_s4", "子代理：完成", CANCEL, "p"),
                        anchorStep("toolu_s5", "子代理：未知", DONE, "p"),
                        anchorStep("toolu_s6", "子代理：没有后台", CANCEL, "p")))
                .stubTurn("u2", T0, null)
                .turn("u3", "第三轮：待续", T0 + 60, null, workflowBlock(AWAIT, wfStep("s", "bash", textItem(null, "x"))))
                .turn("u4", "第四轮：取消", T0 + 120, LIMIT, workflowBlock(CANCEL, wfStep("s", "bash", textItem(null, "x"))))
                .stubTurn("u5", T0 + 300, LIMIT)
                .turn("u6", "第六轮：未知", T0 + 360, null, workflowBlock(UNKNOWN, wfStep("s", "bash", textItem(null, "x"))))
                .turn("u7", "第七轮：完成", T0 + 420, LIMIT, workflowBlock(DONE, wfStep("s", "bash", textItem(null, "x"))))
                // anchored runs (their completion times would fit stub 2; anchored payloads never go there)
                .background(backgroundEntry("bs1", AWAIT, LIMIT, null, bgPayload("toolu_s1", "子代理：限额", AWAIT, T0 + 1)))
                .background(backgroundEntry("bs2", AWAIT, null, null, bgPayload("toolu_s2", "子代理：待续", AWAIT, T0 + 1)))
                .background(backgroundEntry("bs3", CANCEL, null, null, bgPayload("toolu_s3", "子代理：取消（锚点仍说完成）", CANCEL, T0 + 1)))
                .background(backgroundEntry("bs4", DONE, null, null, bgPayload("toolu_s4", "子代理：完成", DONE, T0 + 1)))
                .background(backgroundEntry("bs5", UNKNOWN, LIMIT, null, bgPayload("toolu_s5", "子代理：未知", UNKNOWN, T0 + 1)))
                // stub 2 (turn not locked; the locked background entry does not matter)
                .background(backgroundEntry("bc1", AWAIT, LIMIT, iso(T0 + 2.6), bgPayload("toolu_c1", "存根：待续", AWAIT, null)))
                .background(backgroundEntry("bc2", CANCEL, null, null, bgPayload("toolu_c2", "存根：取消", CANCEL, T0 + 5)))
                .background(backgroundEntry("bc3", DONE, null, null, bgPayload("toolu_c3", "存根：完成", DONE, T0 + 8.8)))
                // stub 5 (turn locked)
                .background(backgroundEntry("bc5", AWAIT, null, iso(T0 + 301), bgPayload("toolu_c5", "存根：限额", AWAIT, null)))
                // appendix
                .background(backgroundEntry("ba1", DONE, null, null, bgPayload("toolu_a1", "后台：完成", DONE, T0 + 121.9)))
                .background(backgroundEntry("ba2", AWAIT, LIMIT, iso(T0 + 435.4), bgPayload("toolu_a2", "后台：限额", AWAIT, null)))
                .background(backgroundEntry("ba3", AWAIT, null, null, bgPayload("toolu_a3", "后台：待续", AWAIT, T0 + 1000)))
                .background(backgroundEntry("ba4", CANCEL, null, null, bgPayload("toolu_a4", "后台：取消", CANCEL, null)))
                .background(backgroundEntry("ba5", UNKNOWN, LIMIT, null, bgPayload("toolu_a5", "后台：未知", UNKNOWN, T0 + 2000)))
                .background(backgroundEntry("ba6", CANCEL, null, null, bgPayload("", "后台：空 id", CANCEL, T0 + 3000)))
                .conversation("computer");
    }

    private static Map<String, Object> rec(String location, String kind, String headline, String status) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("location", location);
        m.put("kind", kind);
        m.put("headline", headline);
        m.put("status", status);
        return m;
    }

    /** The expected registry, written out by hand. */
    static List<Map<String, Object>> expected() {
        String first80 = LONG_QUERY.codePoints().limit(80)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        return List.of(
                rec("turn_0001", "limit_interrupted", first80, AWAIT),
                rec("turn_0001/subagent", "limit_interrupted", "子代理：限额", AWAIT),
                rec("turn_0001/subagent", "awaiting", "子代理：待续", AWAIT),
                rec("turn_0001/subagent", "canceled", "子代理：取消（锚点仍说完成）", CANCEL),
                rec("turn_0002/subagent_stub", "awaiting", "存根：待续", AWAIT),
                rec("turn_0002/subagent_stub", "canceled", "存根：取消", CANCEL),
                rec("turn_0003", "awaiting", "第三轮：待续", AWAIT),
                rec("turn_0004", "canceled", "第四轮：取消", CANCEL),
                rec("turn_0005/subagent_stub", "limit_interrupted", "存根：限额", AWAIT),
                rec("background_unassigned", "limit_interrupted", "后台：限额", AWAIT),
                rec("background_unassigned", "awaiting", "后台：待续", AWAIT),
                rec("background_unassigned", "canceled", "后台：取消", CANCEL));
    }

    @Test
    void oneRecordPerAnnotatedCaseAtEveryLocationInOrder() {
        Conversation c = thread();
        List<Map<String, Object>> got = Interruptions.of(c.turns(), c.subAgents(), c.appendix());
        assertEquals(expected(), got);
        for (Map<String, Object> r : got) {
            assertEquals(List.of("location", "kind", "headline", "status"), new ArrayList<>(r.keySet()));
        }
    }

    @Test
    void theTurnHeadlineIsTheFirst80CharactersOfTheQuery() {
        Conversation c = thread();
        String headline = (String) Interruptions.of(c.turns(), c.subAgents(), c.appendix()).get(0).get("headline");
        assertEquals(80, headline.codePointCount(0, headline.length()));
        assertEquals(81, headline.length()); // the emoji is two UTF-16 units
        assertEquals(LONG_QUERY.substring(0, 81), headline);
    }

    /** The table in archive-sample/README.md ("Expected thread.json.interruptions"), and none elsewhere. */
    @Test
    void theSampleArchiveMatchesItsReadme() throws Exception {
        Path sample = Path.of("archive-sample");
        Assumptions.assumeTrue(Files.isDirectory(sample), "archive-sample not present");
        List<Map<String, Object>> want = List.of(
                rec("turn_0001/subagent", "canceled", "调研店铺 B（山谷烘焙）", CANCEL),
                rec("turn_0002/subagent_stub", "awaiting", "补充调研第三家：北岸咖啡", AWAIT),
                rec("turn_0003", "limit_interrupted", "继续，把三家的结果整理成一张 Excel 表格。", AWAIT),
                rec("background_unassigned", "limit_interrupted", "重新调研山谷烘焙", AWAIT),
                rec("background_unassigned", "canceled", "抓取山谷烘焙的历史价格", CANCEL));
        int threads = 0;
        for (Path raw : Archives.files(sample)) {
            if (!raw.getFileName().toString().equals("raw_entries.json")) {
                continue;
            }
            threads++;
            Path dir = raw.getParent();
            Conversation c = new ArchivedThreadLoader().load(dir);
            List<Map<String, Object>> got = Interruptions.of(c.turns(), c.subAgents(), c.appendix());
            assertEquals(dir.getFileName().toString().endsWith("_d688737e") ? want : List.of(), got, dir.toString());
        }
        assertEquals(9, threads);
    }

    @Test
    void aHealthyThreadHasNoRecords() {
        Conversation c = RawThreads.thread()
                .turn("u1", "q", T0, null, workflowBlock(DONE, anchorStep("toolu_ok", "ok", DONE, "p")))
                .turn("u2", "q2", T0 + 60, null, workflowBlock("", wfStep("s", "bash", textItem(null, "x"))))
                .stubTurn("u3", T0 + 120, LIMIT)
                .background(backgroundEntry("b1", DONE, null, null, bgPayload("toolu_ok", "ok", DONE, T0 + 121)))
                .background(backgroundEntry("b2", DONE, LIMIT, null, bgPayload("toolu_stub", "stub", "COMPLETED", T0 + 122)))
                .background(backgroundEntry("b3", UNKNOWN, LIMIT, null, bgPayload("toolu_far", "far", UNKNOWN, T0 + 9000)))
                .conversation("computer");
        assertEquals(List.of(), Interruptions.of(c.turns(), c.subAgents(), c.appendix()));
    }
}
