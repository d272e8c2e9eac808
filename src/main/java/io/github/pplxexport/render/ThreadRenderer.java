package io.github.pplxexport.render;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.subagent.AppendixItem;
import io.github.pplxexport.subagent.WorkflowStatus;
import io.github.pplxexport.text.PyStrings;
import io.github.pplxexport.thread.Turn;
import io.github.pplxexport.thread.Workflow;
import io.github.pplxexport.thread.WorkflowStep;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * conversation.md and turns/turn_NNNN.md of one conversation (reference-behaviour.md §8.2–§8.7), joined
 * with {@code \n} exactly as the reference writes them. Pure: a conversation in, file texts out.
 */
public final class ThreadRenderer {
    private static final DateTimeFormatter TURN_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);
    /** Python's datetime covers years 1..9999; anything else is an invalid time and renders empty. */
    private static final long MIN_US = -62135596800_000_000L;
    private static final long MAX_US = 253402300799_000_000L;

    private final Labels labels;
    private final WorkflowItemRenderer items;
    private final PlainStepRenderer plainSteps;
    private final WorkflowStepRenderer workflowSteps;

    public ThreadRenderer(Labels labels) {
        this.labels = labels;
        this.items = new WorkflowItemRenderer(labels);
        this.plainSteps = new PlainStepRenderer(labels, items);
        this.workflowSteps = new WorkflowStepRenderer(labels, items, plainSteps);
    }

    /** Everything a thread dir's Markdown holds. */
    public RenderedThread render(Conversation c) {
        return new RenderedThread(c, conversation(c), turnFiles(c));
    }

    /** Turn files by name ({@code turn_0001.md} …), in turn order. */
    public Map<String, String> turnFiles(Conversation c) {
        Map<String, String> files = new LinkedHashMap<>();
        for (Turn t : c.turns()) {
            files.put(turnFileName(t.index()), turn(c, t));
        }
        return files;
    }

    public static String turnFileName(int index) {
        return Turn.name(index) + ".md";
    }

    public String conversation(Conversation c) {
        boolean wf = c.isWorkflowMode();
        List<String> lines = new ArrayList<>();
        lines.add(labels.format(Label.CONV_TITLE, c.title()));
        lines.add("");
        lines.add(labels.format(Label.CONV_HEADER, c.mode(), c.author(), c.turns().size(), c.citations().size()));
        lines.add("");
        for (Turn t : c.turns()) {
            lines.add(labels.format(Label.CONV_TURN, t.index(), turnTime(t.createdUs())));
            lines.add("");
            lines.add(labels.get(Label.CONV_QUERY));
            lines.add(t.query().isEmpty() ? labels.get(Label.EMPTY_QUERY) : t.query());
            lines.add("");
            lines.add(labels.get(Label.CONV_ANSWER));
            lines.add(answerText(TurnAnswer.of(t, wf, c.subAgents())));
            lines.add("");
        }
        if (!c.appendix().isEmpty()) {
            appendix(lines, c.appendix());
        }
        return Markdown.lines(lines);
    }

    private void appendix(List<String> lines, List<AppendixItem> appendix) {
        lines.add(labels.get(Label.APPENDIX_TITLE));
        lines.add("");
        lines.add(labels.get(Label.APPENDIX_NOTE_1));
        lines.add(labels.get(Label.APPENDIX_NOTE_2));
        lines.add("");
        for (AppendixItem item : appendix) {
            Workflow wp = item.payload();
            String status = wp.status();
            WorkflowStatus cls = WorkflowStatus.classify(status, item.lockedReason());
            String start = wp.startedAt();
            String end = wp.completedAt();
            if (end.isEmpty()) {
                end = item.updated();
            }
            String time = start.isEmpty() && end.isEmpty() ? "" : labels.format(Label.APPENDIX_TIME,
                    start.isEmpty() ? labels.get(Label.APPENDIX_UNKNOWN_TIME) : Markdown.time(start),
                    end.isEmpty() ? labels.get(Label.APPENDIX_UNKNOWN_TIME) : Markdown.time(end));
            lines.add(labels.format(Label.APPENDIX_STATUS,
                    status.isEmpty() ? labels.get(Label.APPENDIX_UNKNOWN_STATUS) : status,
                    items.tag(cls),
                    item.lockedReason().isEmpty() ? "" : labels.format(Label.APPENDIX_LOCKED_REASON, item.lockedReason()),
                    time));
            lines.add("");
            lines.add(items.details(wp, labels.get(Label.LABEL_BACKGROUND), item.lockedReason()));
            lines.add("");
        }
    }

    public String turn(Conversation c, Turn t) {
        boolean wf = c.isWorkflowMode();
        List<String> lines = new ArrayList<>();
        lines.add(labels.format(Label.TURN_TITLE, t.index(), turnTime(t.createdUs())));
        lines.add("");
        lines.add(labels.get(Label.TURN_QUERY));
        lines.add("");
        lines.add(t.query().isEmpty() ? labels.get(Label.EMPTY_QUERY) : t.query());
        lines.add("");
        if (wf) {
            workProcessWorkflow(lines, c, t);
        } else {
            workProcessPlain(lines, t);
        }
        lines.add(labels.get(Label.TURN_ANSWER));
        lines.add("");
        lines.add(answerText(TurnAnswer.of(t, wf, c.subAgents())));
        lines.add("");
        if (!t.citations().isEmpty()) {
            lines.add(labels.get(Label.TURN_CITATIONS));
            lines.add("");
            Markdown.linkLines(lines, t.citations());
            lines.add("");
        }
        return Markdown.lines(lines);
    }

    /** Search, deep-research, study: plain step blocks separated by a single newline. */
    private void workProcessPlain(List<String> lines, Turn t) {
        List<String> blocks = plainSteps.blocks(t.steps());
        if (blocks.isEmpty()) {
            return;
        }
        lines.add(labels.get(Label.WORK_PROCESS));
        lines.add("");
        lines.add(Markdown.lines(blocks));
        lines.add("");
    }

    /** Computer, council: the workflow block's steps (or plain steps), then any stub payloads. */
    private void workProcessWorkflow(List<String> lines, Conversation c, Turn t) {
        if (t.workflow() != null) {
            List<WorkflowStep> steps = t.workflow().steps();
            WorkflowStatus cls = WorkflowStatus.classify(t.workflowStatus(), t.lockedReason());
            lines.add(labels.format(Label.WORK_PROCESS_BLOCK, steps.size(), t.workflowStatus(), items.tag(cls)));
            lines.add("");
            int i = 0;
            for (WorkflowStep step : steps) {
                i++;
                String block = workflowSteps.render(step, i, c.subAgents());
                if (!PyStrings.isBlank(block)) {
                    lines.add(block);
                    lines.add("");
                }
            }
        } else {
            List<String> blocks = plainSteps.blocks(t.steps());
            if (!blocks.isEmpty()) {
                lines.add(labels.get(Label.WORK_PROCESS));
                lines.add("");
                for (String b : blocks) {
                    lines.add(b);
                    lines.add("");
                }
            }
        }
        if (!t.stubPayloads().isEmpty()) {
            lines.add(labels.format(Label.STUB_SECTION, t.stubPayloads().size()));
            lines.add("");
            lines.add(labels.get(Label.STUB_NOTE));
            lines.add("");
            for (Workflow wp : t.stubPayloads()) {
                lines.add(items.details(wp, labels.get(Label.LABEL_SUBAGENT), t.lockedReason()));
                lines.add("");
            }
        }
    }

    private String answerText(String answer) {
        return answer.isEmpty() ? labels.get(Label.EMPTY_ANSWER) : Markdown.answer(answer);
    }

    /** {@code YYYY-MM-DD HH:MM UTC} from created_us; "" when missing or out of range. */
    static String turnTime(Long createdUs) {
        if (createdUs == null || createdUs < MIN_US || createdUs > MAX_US) {
            return "";
        }
        return TURN_TIME.format(Instant.ofEpochSecond(Math.floorDiv(createdUs, 1_000_000L)));
    }
}
