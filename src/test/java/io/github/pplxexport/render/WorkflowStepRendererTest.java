package io.github.pplxexport.render;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.testkit.RawThreads;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.github.pplxexport.testkit.RawThreads.T0;
import static io.github.pplxexport.testkit.RawThreads.anchorStep;
import static io.github.pplxexport.testkit.RawThreads.arr;
import static io.github.pplxexport.testkit.RawThreads.backgroundEntry;
import static io.github.pplxexport.testkit.RawThreads.bgPayload;
import static io.github.pplxexport.testkit.RawThreads.entry;
import static io.github.pplxexport.testkit.RawThreads.finalJson;
import static io.github.pplxexport.testkit.RawThreads.iso;
import static io.github.pplxexport.testkit.RawThreads.obj;
import static io.github.pplxexport.testkit.RawThreads.payload;
import static io.github.pplxexport.testkit.RawThreads.step;
import static io.github.pplxexport.testkit.RawThreads.textItem;
import static io.github.pplxexport.testkit.RawThreads.wfStep;
import static io.github.pplxexport.testkit.RawThreads.workflowBlock;
import static io.github.pplxexport.testkit.RawThreads.workflowItem;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Workflow steps in a computer turn file (reference-behaviour.md §8.3, §8.4) and nested workflows (§8.5, §8.6). */
class WorkflowStepRendererTest {

    private static Map<String, Object> timed(Map<String, Object> step, double start, double end) {
        step.put("started_at", iso(start));
        step.put("completed_at", iso(end));
        return step;
    }

    /**
     * Step 3 holds only the answer item: its heading stays, with no body (the reference's goldens show such
     * heading-only steps, e.g. the last step before {@code ## Answer}); the sub-agent block ends with its own
     * blank line, so two blank lines follow it.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aTurnWithAGenericStepAndAnAnchoredSubAgent() {
        Map<String, Object> mono = textItem(null, "ls -l\n\n");
        ((Map<String, Object>) ((Map<?, ?>) mono.get("payload")).get("text_payload")).put("is_mono", true);
        Conversation c = RawThreads.thread()
                .turn("u1", "请调研", T0 - 600, null, workflowBlock("WORKFLOW_COMPLETED",
                        timed(wfStep("准备", "bash", mono), T0 - 600, T0 - 594),
                        timed(anchorStep("toolu_A", "调研店铺 A", "WORKFLOW_COMPLETED", "调研「豆子工坊」的\n", "价格"), T0 - 564, T0 - 444),
                        wfStep("", null, textItem("answer", "结论 \\(y\\)"))))
                .background(backgroundEntry("bg-A", "WORKFLOW_COMPLETED", null, null,
                                bgPayload("toolu_A", "调研店铺 A", "WORKFLOW_COMPLETED", T0 - 444)),
                        entry("bg-A", "", null,
                                step("SEARCH_WEB", obj("queries", arr("豆子工坊 价格"))),
                                finalJson(obj("answer", "均价 \\(x\\) 元",
                                        "web_results", arr(obj("name", "豆子工坊", "url", "https://shop-a.example.org/"))))))
                .conversation("computer");
        String want = """
                # Turn 1 — 2026-10-03 13:59 UTC

                ## Query

                请调研

                ## 工作过程（3 步骤 · WORKFLOW_COMPLETED）

                ### 步骤 1 · 准备（`bash`） — 2026-10-03 13:59:24 → 2026-10-03 13:59:30

                ```
                ls -l
                ```

                ### 步骤 2 · 🤖 子代理：调研店铺 A — 2026-10-03 14:00:00 → 2026-10-03 14:02:00

                **Prompt（任务指令）：**

                > 调研「豆子工坊」的
                > 价格

                **子代理工作过程：**

                **检索网页**

                - 豆子工坊 价格

                **子代理结论：**

                均价 \\(x\\) 元

                **子代理引文：**

                - [豆子工坊](https://shop-a.example.org/)


                ### 步骤 3

                ## Answer

                结论 $y$
                """;
        assertEquals(want, RawThreads.renderer().turnFiles(c).get("turn_0001.md"));
    }

    @Test
    void nestedWorkflowsRenderTwoLevelsThenTheRecursionLimit() {
        Map<String, Object> level3 = payload("wf-3", "第三层", "WORKFLOW_COMPLETED", wfStep("最深", null, textItem(null, "不会出现")));
        Map<String, Object> level2 = payload("wf-2", "第二层", "WORKFLOW_COMPLETED",
                wfStep("内层", "tool_b", textItem(null, "二层正文"), workflowItem(level3)));
        Map<String, Object> cycle = payload("wf-1", "回到第一层", "WORKFLOW_COMPLETED", wfStep("x", null, textItem(null, "y")));
        Map<String, Object> empty = payload("wf-e", "空工作流", "WORKFLOW_COMPLETED");
        Map<String, Object> level1 = payload("wf-1", "第一层", "WORKFLOW_CANCELED",
                wfStep("外层", "tool_a", textItem(null, "一层正文"), workflowItem(level2), workflowItem(cycle), workflowItem(empty)),
                wfStep("无内容的步骤", "noop"));
        Conversation c = RawThreads.thread()
                .turn("u1", "q", T0, null, workflowBlock("WORKFLOW_COMPLETED", wfStep("嵌套", null, workflowItem(level1))))
                .conversation("computer");
        String want = """
                ### 步骤 1 · 嵌套

                <details>
                <summary>🧩 嵌套工作流：第一层（2 步骤 · 无结论 · ⛔ 已取消）</summary>

                **外层**（`tool_a`）

                一层正文

                <details>
                <summary>🧩 嵌套工作流：第二层（1 步骤 · 无结论）</summary>

                **内层**（`tool_b`）

                二层正文

                （嵌套工作流：第三层，已达递归上限）

                </details>

                （嵌套工作流：回到第一层，已达递归上限）

                （WORKFLOW_ITEM_WORKFLOW）

                </details>

                ## Answer""";
        String turn = RawThreads.renderer().turnFiles(c).get("turn_0001.md");
        int from = turn.indexOf("### 步骤 1");
        assertEquals(want, turn.substring(from, turn.indexOf("## Answer") + "## Answer".length()));
    }
}
