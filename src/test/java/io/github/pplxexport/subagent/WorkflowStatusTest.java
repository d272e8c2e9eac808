package io.github.pplxexport.subagent;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.render.WorkflowItemRenderer;
import io.github.pplxexport.testkit.RawThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
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
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Status classification and its annotations (reference-behaviour.md §3.2): the class of every status, and
 * the exact heading literal at each place that shows one (turn work process, anchored sub-agent, stub
 * payload, appendix item), each with its own source of status and locked_reason.
 */
class WorkflowStatusTest {
    private static final String LIMIT = "spending_limit_exceeded";
    private static final String AWAIT = "WORKFLOW_AWAITING_NEXT_STEPS";

    @ParameterizedTest(name = "[{0}] + [{1}] → {2}")
    @CsvSource(delimiter = '|', nullValues = "null", value = {
            "''                            | null                    | completed         | ",
            "null                          | null                    | completed         | ",
            "COMPLETED                     | null                    | completed         | ",
            "WORKFLOW_COMPLETED            | spending_limit_exceeded | completed         | ",
            "workflow_completed            | null                    | completed         | ",
            "WORKFLOW_AWAITING_NEXT_STEPS  | spending_limit_exceeded | limit_interrupted | ⏸ 限额中断（内容截至中断点）",
            "workflow_awaiting_next_steps  | spending_limit_exceeded | limit_interrupted | ⏸ 限额中断（内容截至中断点）",
            "WORKFLOW_AWAITING_NEXT_STEPS  | null                    | awaiting          | ⏸ 中断待续",
            "WORKFLOW_AWAITING_NEXT_STEPS  | ''                      | awaiting          | ⏸ 中断待续",
            "WORKFLOW_AWAITING_NEXT_STEPS  | some_other_reason       | awaiting          | ⏸ 中断待续",
            "WORKFLOW_CANCELED             | null                    | canceled          | ⛔ 已取消",
            "WORKFLOW_CANCELED             | spending_limit_exceeded | canceled          | ⛔ 已取消",
            "Workflow_Canceled             | null                    | canceled          | ⛔ 已取消",
            "CANCELED                      | null                    | other             | ",
            "WORKFLOW_PAUSED               | spending_limit_exceeded | other             | ",
            "RUNNING                       | null                    | other             | "})
    void classification(String status, String lockedReason, String kind, String tag) {
        WorkflowStatus s = WorkflowStatus.classify(status, lockedReason);
        assertEquals(kind, s.kind());
        Label label = WorkflowItemRenderer.tagOf(s);
        String shown = label == null ? null : Labels.DEFAULT.get(label);
        assertEquals(tag, shown);
        assertEquals(tag != null, s.isInterruption());
    }

    private static List<String> lines(String md, String prefix) {
        List<String> out = new ArrayList<>();
        for (String l : md.split("\n", -1)) {
            if (l.startsWith(prefix)) {
                out.add(l);
            }
        }
        return out;
    }

    private static boolean hasAnyTag(String md) {
        for (Label l : List.of(Label.TAG_LIMIT_INTERRUPTED, Label.TAG_AWAITING, Label.TAG_CANCELED)) {
            if (md.contains(Labels.DEFAULT.get(l))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void turnHeadingsShowTheBlockStatusAndTheTagOfTheTurnStatusWithTheEntryLockedReason() {
        String[][] cases = {
                {"", null, "## 工作过程（1 步骤 · ）"},
                {"COMPLETED", LIMIT, "## 工作过程（1 步骤 · COMPLETED）"},
                {"WORKFLOW_COMPLETED", null, "## 工作过程（1 步骤 · WORKFLOW_COMPLETED）"},
                {AWAIT, LIMIT, "## 工作过程（1 步骤 · WORKFLOW_AWAITING_NEXT_STEPS · ⏸ 限额中断（内容截至中断点））"},
                {AWAIT, null, "## 工作过程（1 步骤 · WORKFLOW_AWAITING_NEXT_STEPS · ⏸ 中断待续）"},
                {"WORKFLOW_CANCELED", null, "## 工作过程（1 步骤 · WORKFLOW_CANCELED · ⛔ 已取消）"},
                {"workflow_canceled", null, "## 工作过程（1 步骤 · workflow_canceled · ⛔ 已取消）"},
                {"WORKFLOW_SOMETHING_NEW", LIMIT, "## 工作过程（1 步骤 · WORKFLOW_SOMETHING_NEW）"}};
        RawThreads.ThreadBuilder b = RawThreads.thread();
        for (int i = 0; i < cases.length; i++) {
            b.turn("u" + i, "q" + i, T0 + 60 * i, cases[i][1],
                    workflowBlock(cases[i][0], wfStep("Step", "bash", textItem(null, "ran"))));
        }
        Map<String, String> files = RawThreads.renderer().turnFiles(b.conversation("computer"));
        for (int i = 0; i < cases.length; i++) {
            String md = files.get(String.format("turn_%04d.md", i + 1));
            assertEquals(List.of(cases[i][2]), lines(md, "## 工作过程"), md);
            if (!cases[i][2].contains("⏸") && !cases[i][2].contains("⛔")) {
                assertFalse(hasAnyTag(md), md);
            }
        }
    }

    @Test
    void subAgentHeadingsTakeStatusAndLockedReasonFromTheBackgroundSide() {
        Conversation c = RawThreads.thread()
                .turn("u1", "并行调研", T0, LIMIT, workflowBlock("WORKFLOW_COMPLETED",
                        anchorStep("toolu_1", "完成的子代理", "WORKFLOW_COMPLETED", "p1"),
                        anchorStep("toolu_2", "限额子代理", AWAIT, "p2"),
                        anchorStep("toolu_3", "待续子代理", AWAIT, "p3"),
                        anchorStep("toolu_4", "取消的子代理", "WORKFLOW_COMPLETED", "p4"),
                        anchorStep("toolu_5", "未知状态子代理", "WORKFLOW_COMPLETED", "p5"),
                        anchorStep("toolu_6", "锚点取消后台完成", "WORKFLOW_CANCELED", "p6")))
                .background(backgroundEntry("bg1", "WORKFLOW_COMPLETED", null, null, bgPayload("toolu_1", "完成的子代理", "WORKFLOW_COMPLETED", null)))
                .background(backgroundEntry("bg2", AWAIT, LIMIT, null, bgPayload("toolu_2", "限额子代理", AWAIT, null)))
                // the turn's entry is locked, the background entry is not: awaiting, not limit
                .background(backgroundEntry("bg3", AWAIT, null, null, bgPayload("toolu_3", "待续子代理", AWAIT, null)))
                // the anchor still says COMPLETED, the background run was canceled
                .background(backgroundEntry("bg4", "WORKFLOW_CANCELED", null, null, bgPayload("toolu_4", "取消的子代理", "WORKFLOW_CANCELED", null)))
                .background(backgroundEntry("bg5", "WORKFLOW_PAUSED", LIMIT, null, bgPayload("toolu_5", "未知状态子代理", "WORKFLOW_PAUSED", null)))
                .background(backgroundEntry("bg6", "WORKFLOW_COMPLETED", null, null, bgPayload("toolu_6", "锚点取消后台完成", "WORKFLOW_COMPLETED", null)))
                .conversation("computer");
        String md = RawThreads.renderer().turnFiles(c).get("turn_0001.md");
        assertEquals(List.of(
                "### 步骤 1 · 🤖 子代理：完成的子代理",
                "### 步骤 2 · 🤖 子代理：限额子代理 · ⏸ 限额中断（内容截至中断点）",
                "### 步骤 3 · 🤖 子代理：待续子代理 · ⏸ 中断待续",
                "### 步骤 4 · 🤖 子代理：取消的子代理 · ⛔ 已取消",
                "### 步骤 5 · 🤖 子代理：未知状态子代理",
                "### 步骤 6 · 🤖 子代理：锚点取消后台完成"), lines(md, "### 步骤"), md);
        assertEquals(List.of("## 工作过程（6 步骤 · WORKFLOW_COMPLETED）"), lines(md, "## 工作过程"));
    }

    @Test
    void stubPayloadSummariesTakeThePayloadStatusAndTheStubTurnsLockedReason() {
        Conversation c = RawThreads.thread()
                .turn("u1", "q", T0 - 600, null, workflowBlock("WORKFLOW_COMPLETED", wfStep("s", "bash", textItem(null, "x"))))
                .stubTurn("u-locked", T0, LIMIT)
                .stubTurn("u-free", T0 + 100, null)
                .background(backgroundEntry("b1", AWAIT, null, null, bgPayload("toolu_1", "存根待续", AWAIT, T0 + 1)))
                .background(backgroundEntry("b2", "WORKFLOW_CANCELED", null, null, bgPayload("toolu_2", "存根取消", "WORKFLOW_CANCELED", T0 + 2)))
                .background(backgroundEntry("b3", "WORKFLOW_COMPLETED", null, null, bgPayload("toolu_3", "存根完成", "WORKFLOW_COMPLETED", T0 + 3)))
                .background(backgroundEntry("b4", "WORKFLOW_PAUSED", null, null, bgPayload("toolu_4", "存根未知", "WORKFLOW_PAUSED", T0 + 4)))
                // the background entry is locked, the stub turn is not: awaiting, not limit
                .background(backgroundEntry("b5", AWAIT, LIMIT, null, bgPayload("toolu_5", "后台锁定", AWAIT, T0 + 101)))
                .conversation("computer");
        Map<String, String> files = RawThreads.renderer().turnFiles(c);
        assertEquals(List.of(
                "<summary>🤖 子代理：存根待续（0 步骤 · 无结论 · ⏸ 限额中断（内容截至中断点））</summary>",
                "<summary>🤖 子代理：存根取消（0 步骤 · 无结论 · ⛔ 已取消）</summary>",
                "<summary>🤖 子代理：存根完成（0 步骤 · 无结论）</summary>",
                "<summary>🤖 子代理：存根未知（0 步骤 · 无结论）</summary>"), lines(files.get("turn_0002.md"), "<summary>"));
        assertEquals(List.of("<summary>🤖 子代理：后台锁定（0 步骤 · 无结论 · ⏸ 中断待续）</summary>"),
                lines(files.get("turn_0003.md"), "<summary>"));
    }

    @Test
    void appendixItemsTakeThePayloadStatusAndTheBackgroundEntrysLockedReason() {
        Map<String, Object> timed = bgPayload("toolu_D", "已完成", "COMPLETED", T0 + 121.9);
        timed.put("started_at", iso(T0));
        Conversation c = RawThreads.thread()
                .turn("u1", "q", T0 - 600, LIMIT, workflowBlock("WORKFLOW_COMPLETED", wfStep("s", "bash", textItem(null, "x"))))
                .background(backgroundEntry("bD", "COMPLETED", null, null, timed))
                .background(backgroundEntry("bE", AWAIT, LIMIT, iso(T0 + 435.4), bgPayload("toolu_E", "限额中断", AWAIT, null)))
                .background(backgroundEntry("bF", AWAIT, null, null, bgPayload("toolu_F", "中断待续", AWAIT, null)))
                .background(backgroundEntry("bG", "WORKFLOW_CANCELED", null, null, bgPayload("toolu_G", "已取消", "WORKFLOW_CANCELED", null)))
                .background(backgroundEntry("bH", "WORKFLOW_PAUSED", LIMIT, null, bgPayload("toolu_H", "未知状态", "WORKFLOW_PAUSED", null)))
                .background(backgroundEntry("bI", "", null, null, bgPayload("toolu_I", "没有状态", "", null)))
                .conversation("computer");
        String md = RawThreads.renderer().conversation(c);
        assertEquals(List.of(
                "> 状态：`COMPLETED` · 时间：2026-10-03 14:09:24 → 2026-10-03 14:11:25",
                "> 状态：`WORKFLOW_AWAITING_NEXT_STEPS` · ⏸ 限额中断（内容截至中断点） · locked_reason: `spending_limit_exceeded` · 时间：? → 2026-10-03 14:16:39",
                "> 状态：`WORKFLOW_AWAITING_NEXT_STEPS` · ⏸ 中断待续",
                "> 状态：`WORKFLOW_CANCELED` · ⛔ 已取消",
                "> 状态：`WORKFLOW_PAUSED` · locked_reason: `spending_limit_exceeded`",
                "> 状态：`未知`"), lines(md, "> 状态："), md);
        assertEquals(List.of(
                "<summary>🤖 后台任务：已完成（0 步骤 · 无结论）</summary>",
                "<summary>🤖 后台任务：限额中断（0 步骤 · 无结论 · ⏸ 限额中断（内容截至中断点））</summary>",
                "<summary>🤖 后台任务：中断待续（0 步骤 · 无结论 · ⏸ 中断待续）</summary>",
                "<summary>🤖 后台任务：已取消（0 步骤 · 无结论 · ⛔ 已取消）</summary>",
                "<summary>🤖 后台任务：未知状态（0 步骤 · 无结论）</summary>",
                "<summary>🤖 后台任务：没有状态（0 步骤 · 无结论）</summary>"), lines(md, "<summary>"), md);
    }
}
