package io.github.pplxexport.render;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.testkit.RawThreads;
import org.junit.jupiter.api.Test;

import static io.github.pplxexport.testkit.RawThreads.T0;
import static io.github.pplxexport.testkit.RawThreads.anchorStep;
import static io.github.pplxexport.testkit.RawThreads.backgroundEntry;
import static io.github.pplxexport.testkit.RawThreads.bgPayload;
import static io.github.pplxexport.testkit.RawThreads.entry;
import static io.github.pplxexport.testkit.RawThreads.finalJson;
import static io.github.pplxexport.testkit.RawThreads.obj;
import static io.github.pplxexport.testkit.RawThreads.textItem;
import static io.github.pplxexport.testkit.RawThreads.wfStep;
import static io.github.pplxexport.testkit.RawThreads.workflowBlock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The answer a turn shows (reference-behaviour.md §8.8 {@code _turn_answer}, §8.2, §8.3). */
class TurnAnswerTest {

    /** Four computer turns, one per rule of the fallback chain. */
    private static RawThreads.ThreadBuilder fallbackChain() {
        return RawThreads.thread()
                // 1. the plain answer wins over the workflow block's answer
                .turn("u1", "plain", T0, null,
                        workflowBlock("WORKFLOW_COMPLETED", wfStep("", null, textItem("answer", "Block loses."))),
                        finalJson(obj("answer", "Plain answer wins.")))
                // 2. no plain answer: the last non-blank TEXT answer item of the block (math-normalised when shown)
                .turn("u2", "block", T0 + 60, null,
                        workflowBlock("WORKFLOW_COMPLETED",
                                wfStep("", null, textItem("answer", "first block answer")),
                                wfStep("", null, textItem("thought", "thinking"), textItem("answer", "Block answer \\(x\\)."),
                                        textItem("answer", "   "))),
                        finalJson(obj("workflow_snapshots", obj())))
                // 3. neither: the first sub-agent step whose sub-agent has an answer
                .turn("u3", "subagent", T0 + 120, null,
                        workflowBlock("WORKFLOW_COMPLETED",
                                anchorStep("toolu_silent", "No answer", "WORKFLOW_COMPLETED", "do A"),
                                anchorStep("toolu_talks", "Has answer", "WORKFLOW_COMPLETED", "do B"),
                                anchorStep("toolu_later", "Later answer", "WORKFLOW_COMPLETED", "do C")))
                .background(backgroundEntry("bg-silent", "WORKFLOW_COMPLETED", null, null,
                                bgPayload("toolu_silent", "No answer", "WORKFLOW_COMPLETED", T0 + 100)),
                        entry("bg-silent", "", null, finalJson(obj("answer", ""))))
                .background(backgroundEntry("bg-talks", "WORKFLOW_COMPLETED", null, null,
                                bgPayload("toolu_talks", "Has answer", "WORKFLOW_COMPLETED", T0 + 101)),
                        entry("bg-talks", "", null, finalJson(obj("answer", "Sub-agent B answer."))))
                .background(backgroundEntry("bg-later", "WORKFLOW_COMPLETED", null, null,
                                bgPayload("toolu_later", "Later answer", "WORKFLOW_COMPLETED", T0 + 102)),
                        entry("bg-later", "", null, finalJson(obj("answer", "Sub-agent C answer."))))
                // 4. nothing at all
                .turn("u4", "nothing", T0 + 180, null,
                        workflowBlock("WORKFLOW_COMPLETED", wfStep("Step", "bash", textItem(null, "ran"))),
                        finalJson(obj("workflow_snapshots", obj())));
    }

    @Test
    void computerTurnsFallBackFromPlainToBlockToSubAgentToNothing() {
        Conversation c = fallbackChain().conversation("computer");
        String want = """
                # 测试线程

                > 模式: computer | 作者: tester | 轮次: 4 | 引文: 0

                ## Turn 1 — 2026-10-03 14:09 UTC

                ### Query
                plain

                ### Answer
                Plain answer wins.

                ## Turn 2 — 2026-10-03 14:10 UTC

                ### Query
                block

                ### Answer
                Block answer $x$.

                ## Turn 3 — 2026-10-03 14:11 UTC

                ### Query
                subagent

                ### Answer
                Sub-agent B answer.

                ## Turn 4 — 2026-10-03 14:12 UTC

                ### Query
                nothing

                ### Answer
                (无)
                """;
        assertEquals(want, RawThreads.renderer().conversation(c));
    }

    @Test
    void theTurnFileShowsTheSameFallbackAnswer() {
        Conversation c = fallbackChain().conversation("computer");
        var files = RawThreads.renderer().turnFiles(c);
        assertTrue(files.get("turn_0002.md").endsWith("\n## Answer\n\nBlock answer $x$.\n"), files.get("turn_0002.md"));
        assertTrue(files.get("turn_0003.md").endsWith("\n## Answer\n\nSub-agent B answer.\n"), files.get("turn_0003.md"));
        assertTrue(files.get("turn_0004.md").endsWith("\n## Answer\n\n(无)\n"), files.get("turn_0004.md"));
    }

    @Test
    void otherModesShowOnlyThePlainAnswer() {
        Conversation c = RawThreads.thread()
                .turn("u1", "q", T0, null,
                        workflowBlock("WORKFLOW_COMPLETED", wfStep("", null, textItem("answer", "Only in blocks."))),
                        finalJson(obj("workflow_snapshots", obj())))
                .conversation("search");
        String conv = RawThreads.renderer().conversation(c);
        assertTrue(conv.endsWith("### Answer\n(无)\n"), conv);
    }
}
