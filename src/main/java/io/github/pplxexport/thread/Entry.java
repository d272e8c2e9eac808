package io.github.pplxexport.thread;

import io.github.pplxexport.variant.AnswerVariant;

import java.util.List;
import java.util.Map;

/**
 * One entry of a thread response, main or background, plain or schematized (reference-behaviour.md §1.2,
 * §1.3, §2.6), with what the archive needs from it already worked out: the steps, the answer
 * ({@code extract_answer}, §8.8), the turn's citations (§8.9), the report info, the mode signals, the
 * answer-variant hit and the workflow blocks.
 *
 * @param createdUs     microseconds since the epoch, or null when missing or not an integer
 * @param lockedReason  {@code locked_reason} when it is a string, else ""
 * @param reportInfo    {title, file_name, url} (raw values) of the last RESEARCH_ANSWER step, or null
 * @param displayModel  {@code display_model} when it is a string, else ""
 * @param hasDisplayModel {@code display_model} is set at all (truthy, any type)
 * @param searchMode    {@code search_mode} when it is a string, else ""
 * @param variant       the answer-rewrite hit of this entry, or null
 * @param updated       {@code entry_updated_datetime}, else {@code updated_datetime}, as text
 * @param workflowBlocks the {@code blocks[].workflow_block} objects, in order (schematized entries only)
 * @param problem       why {@code text} gives no step list (then there are no steps), else null
 */
public record Entry(String uuid, String contextUuid, String query, String author, Long createdUs, Long updatedUs,
                    String trigger, String lockedReason, List<Step> steps, String answer, List<Citation> citations,
                    Map<String, Object> reportInfo, String displayModel, boolean hasDisplayModel, String searchMode,
                    AnswerVariant variant, String updated, List<Workflow> workflowBlocks, String problem) {

    /** Steps across this entry's workflow blocks. */
    public int workflowStepCount() {
        int n = 0;
        for (Workflow wb : workflowBlocks) {
            n += wb.steps().size();
        }
        return n;
    }
}
