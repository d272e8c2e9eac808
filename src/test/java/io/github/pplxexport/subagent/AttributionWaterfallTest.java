package io.github.pplxexport.subagent;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.json.J;
import io.github.pplxexport.testkit.RawThreads;
import io.github.pplxexport.thread.Workflow;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.github.pplxexport.testkit.RawThreads.T0;
import static io.github.pplxexport.testkit.RawThreads.anchorStep;
import static io.github.pplxexport.testkit.RawThreads.backgroundEntry;
import static io.github.pplxexport.testkit.RawThreads.bgPayload;
import static io.github.pplxexport.testkit.RawThreads.iso;
import static io.github.pplxexport.testkit.RawThreads.payload;
import static io.github.pplxexport.testkit.RawThreads.queriesItem;
import static io.github.pplxexport.testkit.RawThreads.sourcesItem;
import static io.github.pplxexport.testkit.RawThreads.textItem;
import static io.github.pplxexport.testkit.RawThreads.wfStep;
import static io.github.pplxexport.testkit.RawThreads.workflowBlock;
import static io.github.pplxexport.testkit.RawThreads.workflowItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The attribution waterfall (reference-behaviour.md §3.1): anchor → stub window (|Δt| ≤ 10.0 s, greedy by
 * smallest gap) → appendix; every top-level background payload renders in exactly one place.
 */
class AttributionWaterfallTest {

    /** A user turn launching the sub-agent {@code toolu_A} at T0 − 600 s. */
    private static RawThreads.ThreadBuilder withAnchoredTurn() {
        return RawThreads.thread().turn("u-user", "请并行调研", T0 - 600, null,
                workflowBlock("WORKFLOW_COMPLETED", anchorStep("toolu_A", "甲：锚定子代理", "WORKFLOW_COMPLETED", "调研 A")));
    }

    private static List<String> headlines(List<Workflow> payloads) {
        List<String> out = new ArrayList<>();
        payloads.forEach(p -> out.add(p.headline()));
        return out;
    }

    private static List<String> appendixHeadlines(Conversation c) {
        List<String> out = new ArrayList<>();
        c.appendix().forEach(a -> out.add(a.payload().headline()));
        return out;
    }

    private static List<String> stubHeadlines(Conversation c, int turnIndex) {
        return headlines(c.turns().get(turnIndex - 1).stubPayloads());
    }

    @Test
    void anAnchoredPayloadIsNeverRenderedInAStubOrTheAppendix() {
        Conversation c = withAnchoredTurn()
                .stubTurn("u-stub", T0, null)
                .background(backgroundEntry("bg-A", "WORKFLOW_COMPLETED", null, iso(T0 + 1),
                        bgPayload("toolu_A", "甲：锚定子代理", "WORKFLOW_COMPLETED", T0 + 1)))
                .conversation("computer");
        assertEquals(List.of(), stubHeadlines(c, 2));
        assertEquals(List.of(), appendixHeadlines(c));
        String turn1 = RawThreads.renderer().turnFiles(c).get("turn_0001.md");
        assertTrue(turn1.contains("\n### 步骤 1 · 🤖 子代理：甲：锚定子代理\n"), turn1);
        String all = String.join("\n", RawThreads.allMarkdown(c));
        assertEquals(1, count(all, "甲：锚定子代理"), all);
    }

    @Test
    void aPayloadAnchoredOnlyInsideANestedWorkflowIsAnchoredToo() {
        Map<String, Object> inner = payload("toolu_N", "乙：嵌套锚定", "WORKFLOW_COMPLETED",
                wfStep("写入", null, textItem(null, "nested body")));
        Map<String, Object> outer = payload("wf-outer", "外层嵌套", "WORKFLOW_COMPLETED", wfStep("委派", null, workflowItem(inner)));
        Conversation c = RawThreads.thread()
                .turn("u-user", "q", T0 - 600, null, workflowBlock("WORKFLOW_COMPLETED", wfStep("嵌套", "nest", workflowItem(outer))))
                .stubTurn("u-stub", T0, null)
                .background(backgroundEntry("bg-N", "WORKFLOW_COMPLETED", null, null,
                        bgPayload("toolu_N", "乙：嵌套锚定", "WORKFLOW_COMPLETED", T0 + 3)))
                .conversation("computer");
        assertEquals(List.of(), stubHeadlines(c, 2));
        assertEquals(List.of(), appendixHeadlines(c));
    }

    @Test
    void theStubWindowIsTenSecondsInclusiveOnBothSides() {
        Conversation c = withAnchoredTurn()
                .stubTurn("u-stub", T0, null)
                .background(backgroundEntry("bg-1", "WORKFLOW_COMPLETED", null, null,
                        bgPayload("toolu_before", "提前 9 秒", "WORKFLOW_COMPLETED", T0 - 9)))
                .background(backgroundEntry("bg-2", "WORKFLOW_COMPLETED", null, null,
                        bgPayload("toolu_exact", "恰好 10.0 秒", "WORKFLOW_COMPLETED", T0 + 10.0)))
                .background(backgroundEntry("bg-3", "WORKFLOW_COMPLETED", null, null,
                        bgPayload("toolu_late", "晚 10.5 秒", "WORKFLOW_COMPLETED", T0 + 10.5)))
                .background(backgroundEntry("bg-4", "WORKFLOW_COMPLETED", null, null,
                        bgPayload("toolu_early", "早 10.5 秒", "WORKFLOW_COMPLETED", T0 - 10.5)))
                .conversation("computer");
        assertEquals(List.of("提前 9 秒", "恰好 10.0 秒"), stubHeadlines(c, 2));
        assertEquals(List.of("晚 10.5 秒", "早 10.5 秒"), appendixHeadlines(c));
    }

    @Test
    void aStubTurnAbsorbingTwoPayloadsRendersThemAsSubAgentDetails() {
        Conversation c = withAnchoredTurn()
                .stubTurn("u-stub", T0, null)
                .background(backgroundEntry("bg-C1", "WORKFLOW_COMPLETED", null, null,
                        bgPayload("toolu_C1", "丙一：北岸咖啡", "WORKFLOW_COMPLETED", T0 + 2,
                                wfStep("检索店铺", "search_web", queriesItem("北岸咖啡 价格"),
                                        sourcesItem("北岸咖啡", "https://north.example.org/"),
                                        textItem("answer", "均价 \\(x\\) 元")))))
                .background(backgroundEntry("bg-C2", "WORKFLOW_AWAITING_NEXT_STEPS", null, iso(T0 + 8.8),
                        bgPayload("toolu_C2", "丙二：会员折扣", "WORKFLOW_AWAITING_NEXT_STEPS", null)))
                .conversation("computer");
        String want = """
                # Turn 2 — 2026-10-03 14:09 UTC

                ## Query

                (空)

                ## 子代理工作（2 个）

                > 本轮为 subagent_result 通知（自身无工作过程）；以下为按时间关联到的后台子代理记录。

                <details>
                <summary>🤖 子代理：丙一：北岸咖啡（1 步骤 · 有结论 · 引文 1）</summary>

                **检索店铺**（`search_web`）

                **检索：**
                - 北岸咖啡 价格

                **结论：**

                均价 $x$ 元

                **引文：**

                - [北岸咖啡](https://north.example.org/)

                </details>

                <details>
                <summary>🤖 子代理：丙二：会员折扣（0 步骤 · 无结论 · ⏸ 中断待续）</summary>

                （无工作步骤记录）

                </details>

                ## Answer

                (无)
                """;
        assertEquals(want, RawThreads.renderer().turnFiles(c).get("turn_0002.md"));
        assertTrue(RawThreads.renderer().conversation(c).endsWith("## Turn 2 — 2026-10-03 14:09 UTC\n\n### Query\n(空)\n\n### Answer\n(无)\n"));
    }

    @Test
    void competingStubsAreServedGreedilyBySmallestGapAndTiesGoToTheEarlierStub() {
        Conversation c = withAnchoredTurn()
                .stubTurn("u-stub-1", T0, null)
                .stubTurn("u-stub-2", T0 + 6, null)
                // 4 s after stub 1, 2 s before stub 2: stub 2 is closer
                .background(backgroundEntry("bg-X", "WORKFLOW_COMPLETED", null, null,
                        bgPayload("toolu_X", "X：离二号更近", "WORKFLOW_COMPLETED", T0 + 4)))
                // exactly between the stubs: the tie keeps stub order
                .background(backgroundEntry("bg-Y", "WORKFLOW_COMPLETED", null, null,
                        bgPayload("toolu_Y", "Y：正中间", "WORKFLOW_COMPLETED", T0 + 3)))
                // close to stub 1 only
                .background(backgroundEntry("bg-Z", "WORKFLOW_COMPLETED", null, null,
                        bgPayload("toolu_Z", "Z：只近一号", "WORKFLOW_COMPLETED", T0 - 1)))
                .conversation("computer");
        // (the order inside a stub is not what this test is about)
        assertEquals(Set.of("Z：只近一号", "Y：正中间"), Set.copyOf(stubHeadlines(c, 2)));
        assertEquals(List.of("X：离二号更近"), stubHeadlines(c, 3));
        assertEquals(List.of(), appendixHeadlines(c));
    }

    @Test
    void withoutCompletedAtTheBackgroundEntryUpdateTimesAreUsed() {
        Map<String, Object> onlyUpdated = backgroundEntry("bg-U", "WORKFLOW_CANCELED", null, null,
                bgPayload("toolu_U", "只有 updated_datetime", "WORKFLOW_CANCELED", null));
        onlyUpdated.put("updated_datetime", iso(T0 - 4));
        Map<String, Object> bothButFar = backgroundEntry("bg-F", "WORKFLOW_COMPLETED", null, iso(T0 + 300),
                bgPayload("toolu_F", "completed_at 优先", "WORKFLOW_COMPLETED", T0 + 1));
        Conversation c = withAnchoredTurn()
                .stubTurn("u-stub", T0, null)
                .background(backgroundEntry("bg-E", "WORKFLOW_AWAITING_NEXT_STEPS", null, iso(T0 + 2.6),
                        bgPayload("toolu_E", "entry_updated_datetime", "WORKFLOW_AWAITING_NEXT_STEPS", null)))
                .background(onlyUpdated)
                .background(bothButFar)
                .conversation("computer");
        assertEquals(Set.of("completed_at 优先", "entry_updated_datetime", "只有 updated_datetime"),
                Set.copyOf(stubHeadlines(c, 2)));
        assertEquals(3, stubHeadlines(c, 2).size());
        assertEquals(List.of(), appendixHeadlines(c));
    }

    @Test
    void completionTimesAreReadAsIsoWithAZSuffixOrAnOffset() {
        Map<String, Object> z = bgPayload("toolu_Z", "Z 后缀", "WORKFLOW_COMPLETED", null);
        z.put("completed_at", "2026-10-03T14:09:30Z");                 // T0 + 6 s
        Map<String, Object> offset = bgPayload("toolu_O", "+02:00 偏移", "WORKFLOW_COMPLETED", null);
        offset.put("completed_at", "2026-10-03T16:09:31.250+02:00");   // T0 + 7.25 s
        Map<String, Object> outside = bgPayload("toolu_L", "Z 后缀但太晚", "WORKFLOW_COMPLETED", null);
        outside.put("completed_at", "2026-10-03T14:09:34.5Z");          // T0 + 10.5 s
        Conversation c = withAnchoredTurn()
                .stubTurn("u-stub", T0, null)
                .background(backgroundEntry("bg-z", "WORKFLOW_COMPLETED", null, null, z))
                .background(backgroundEntry("bg-o", "WORKFLOW_COMPLETED", null, null, offset))
                .background(backgroundEntry("bg-l", "WORKFLOW_COMPLETED", null, null, outside))
                .conversation("computer");
        assertEquals(List.of("Z 后缀", "+02:00 偏移"), stubHeadlines(c, 2));
        assertEquals(List.of("Z 后缀但太晚"), appendixHeadlines(c));
    }

    @Test
    void aCandidateWithoutAnyParseableTimeNeverReachesAStub() {
        Map<String, Object> garbage = bgPayload("toolu_G", "时间无法解析", "WORKFLOW_CANCELED", null);
        garbage.put("completed_at", "not a time");
        Conversation c = withAnchoredTurn()
                .stubTurn("u-stub", T0, null)
                .background(backgroundEntry("bg-none", "WORKFLOW_CANCELED", null, null,
                        bgPayload("toolu_none", "没有任何时间", "WORKFLOW_CANCELED", null)))
                .background(backgroundEntry("bg-garbage", "WORKFLOW_CANCELED", null, null, garbage))
                .conversation("computer");
        assertEquals(List.of(), stubHeadlines(c, 2));
        assertEquals(List.of("没有任何时间", "时间无法解析"), appendixHeadlines(c));
        String conv = RawThreads.renderer().conversation(c);
        assertTrue(conv.contains("\n> 状态：`WORKFLOW_CANCELED` · ⛔ 已取消\n\n<details>\n<summary>🤖 后台任务：没有任何时间（0 步骤 · 无结论 · ⛔ 已取消）</summary>\n"), conv);
    }

    @Test
    void payloadsWithAnEmptyIdAreIgnoredAtEveryLevel() {
        Conversation c = withAnchoredTurn()
                .stubTurn("u-stub", T0, null)
                .background(backgroundEntry("bg-near", "WORKFLOW_CANCELED", null, null,
                        bgPayload("", "空 id：近", "WORKFLOW_CANCELED", T0 + 1)))
                .background(backgroundEntry("bg-far", "WORKFLOW_CANCELED", null, null,
                        bgPayload("", "空 id：远", "WORKFLOW_CANCELED", T0 + 500)))
                .conversation("computer");
        assertEquals(List.of(), stubHeadlines(c, 2));
        assertEquals(List.of(), appendixHeadlines(c));
        String all = String.join("\n", RawThreads.allMarkdown(c));
        assertFalse(all.contains("空 id"), all);
        assertEquals(List.of(), Interruptions.of(c.turns(), c.subAgents(), c.appendix()));
    }

    @Test
    void everyBackgroundPayloadIsRenderedExactlyOnceAcrossTheThread() {
        Map<String, Object> inner = payload("toolu_N", "乙：嵌套锚定", "WORKFLOW_COMPLETED",
                wfStep("写入", null, textItem(null, "nested body")));
        Map<String, Object> outer = payload("wf-outer", "外层嵌套", "WORKFLOW_COMPLETED", wfStep("委派", null, workflowItem(inner)));
        Conversation c = RawThreads.thread()
                .turn("u-user", "请并行调研", T0 - 600, null, workflowBlock("WORKFLOW_COMPLETED",
                        anchorStep("toolu_A", "甲：锚定子代理", "WORKFLOW_COMPLETED", "调研 A"),
                        wfStep("嵌套", "nest", workflowItem(outer))))
                .stubTurn("u-stub", T0, null)
                .turn("u-later", "继续", T0 + 900, null, workflowBlock("WORKFLOW_COMPLETED", wfStep("收尾", "bash", textItem(null, "ok"))))
                .stubTurn("u-stub-2", T0 + 1200, null)
                .background(backgroundEntry("bg-A", "WORKFLOW_COMPLETED", null, null,
                        bgPayload("toolu_A", "甲：锚定子代理", "WORKFLOW_COMPLETED", T0 + 1)))
                .background(backgroundEntry("bg-N", "WORKFLOW_COMPLETED", null, null,
                        bgPayload("toolu_N", "乙：嵌套锚定", "WORKFLOW_COMPLETED", T0 + 2)))
                .background(backgroundEntry("bg-C1", "WORKFLOW_COMPLETED", null, null,
                        bgPayload("toolu_C1", "丙一：窗口内", "WORKFLOW_COMPLETED", T0 + 3)))
                .background(backgroundEntry("bg-C2", "WORKFLOW_AWAITING_NEXT_STEPS", null, iso(T0 + 10),
                        bgPayload("toolu_C2", "丙二：按更新时间", "WORKFLOW_AWAITING_NEXT_STEPS", null)))
                .background(backgroundEntry("bg-C3", "WORKFLOW_COMPLETED", null, null,
                        bgPayload("toolu_C3", "丙三：第二个存根", "WORKFLOW_COMPLETED", T0 + 1195)))
                .background(backgroundEntry("bg-D", "WORKFLOW_COMPLETED", null, null,
                        bgPayload("toolu_D", "丁：窗口外", "WORKFLOW_COMPLETED", T0 + 10.5)))
                .background(backgroundEntry("bg-E", "WORKFLOW_CANCELED", null, null,
                        bgPayload("toolu_E", "戊：没有时间", "WORKFLOW_CANCELED", null)))
                .background(backgroundEntry("bg-F", "WORKFLOW_CANCELED", null, null,
                        bgPayload("", "己：空 id", "WORKFLOW_CANCELED", T0 + 1)))
                .conversation("computer");
        List<String> lines = new ArrayList<>();
        for (String md : RawThreads.allMarkdown(c)) {
            for (String line : md.split("\n", -1)) {
                if (line.startsWith("<summary>") || (line.startsWith("### 步骤 ") && line.contains("🤖 子代理："))) {
                    lines.add(line);
                }
            }
        }
        for (String h : List.of("甲：锚定子代理", "乙：嵌套锚定", "丙一：窗口内", "丙二：按更新时间", "丙三：第二个存根", "丁：窗口外", "戊：没有时间")) {
            long n = lines.stream().filter(l -> l.contains(h)).count();
            assertEquals(1, n, () -> h + " should be rendered exactly once: " + lines);
        }
        assertEquals(0, lines.stream().filter(l -> l.contains("己：空 id")).count(), lines::toString);
        assertEquals(List.of("丙一：窗口内", "丙二：按更新时间"), stubHeadlines(c, 2));
        assertEquals(List.of("丙三：第二个存根"), stubHeadlines(c, 4));
        assertEquals(List.of("丁：窗口外", "戊：没有时间"), appendixHeadlines(c));
    }

    private static int count(String haystack, String needle) {
        int n = 0;
        for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length())) {
            n++;
        }
        return n;
    }
}
