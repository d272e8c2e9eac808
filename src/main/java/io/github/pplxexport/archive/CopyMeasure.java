package io.github.pplxexport.archive;

import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Lang;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How much a copy of a thread holds, read from its Markdown as the user reads it (the archived turn files, or the
 * ones about to replace them): the turns, each turn's answer characters and work-process lines, and the sources.
 * Measured from the Markdown so that the archived copy and the new one are measured alike whatever produced them
 * (an older parser, another payload shape); {@link #shrankFrom} says what the new copy lost.
 *
 * @param answerChars per turn, in turn order: the characters of its answer (0 for the empty-answer mark)
 * @param workLines   per turn: the non-blank lines of its work process (steps and their items)
 * @param sources     the thread's sources (thread.json's n_sources, or the new copy's citations)
 */
public record CopyMeasure(List<Integer> answerChars, List<Integer> workLines, int sources) {
    private static final String ANSWER = Label.TURN_ANSWER.text(Lang.EN);
    private static final Set<String> EMPTY = Set.of(Label.EMPTY_ANSWER.text(Lang.ZH), Label.EMPTY_ANSWER.text(Lang.EN));
    private static final Set<String> CITATIONS = Set.of(Label.TURN_CITATIONS.text(Lang.ZH), Label.TURN_CITATIONS.text(Lang.EN));
    private static final String QUERY = Label.TURN_QUERY.text(Lang.EN);

    public int turns() {
        return answerChars.size();
    }

    /** The measure of a thread's turn files (by name, in turn order) and its number of sources. */
    public static CopyMeasure of(Map<String, String> turnFiles, int sources) {
        List<Integer> answers = new ArrayList<>();
        List<Integer> work = new ArrayList<>();
        for (String md : turnFiles.values()) {
            answers.add(answerChars(md));
            work.add(workLines(md));
        }
        return new CopyMeasure(List.copyOf(answers), List.copyOf(work), sources);
    }

    /** The answer section of a turn file: after "## Answer", up to the turn's citations. */
    static int answerChars(String md) {
        String[] lines = md.split("\n", -1);
        int i = indexOf(lines, ANSWER, 0);
        if (i < 0) {
            return 0;
        }
        StringBuilder answer = new StringBuilder();
        for (int j = i + 1; j < lines.length && !CITATIONS.contains(lines[j]); j++) {
            answer.append(lines[j]).append('\n');
        }
        String text = answer.toString().strip();
        return EMPTY.contains(text) ? 0 : text.codePointCount(0, text.length());
    }

    /** The work-process section of a turn file: from the first heading after the query to "## Answer". */
    static int workLines(String md) {
        String[] lines = md.split("\n", -1);
        int query = indexOf(lines, QUERY, 0);
        int answer = indexOf(lines, ANSWER, 0);
        if (query < 0 || answer < 0) {
            return 0;
        }
        int n = 0;
        boolean inWork = false;
        for (int j = query + 1; j < answer; j++) {
            if (lines[j].startsWith("## ")) {
                inWork = true;
            } else if (inWork && !lines[j].isBlank()) {
                n++;
            }
        }
        return n;
    }

    private static int indexOf(String[] lines, String line, int from) {
        for (int i = from; i < lines.length; i++) {
            if (lines[i].equals(line)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * What this (new) copy has less of than {@code old}: a turn missing, an answer that had text now empty or
     * shorter by more than half, a work process that lost more than half its lines, sources gone. Empty when the
     * new copy holds at least as much (it may differ: an answer rewritten to a similar length is not less).
     */
    public List<String> shrankFrom(CopyMeasure old) {
        List<String> less = new ArrayList<>();
        if (turns() < old.turns()) {
            less.add(String.format(Locale.ROOT, "turns %d → %d", old.turns(), turns()));
        }
        for (int t = 0; t < Math.min(turns(), old.turns()); t++) {
            int was = old.answerChars.get(t);
            int now = answerChars.get(t);
            if (was > 0 && now * 2 < was) {
                less.add(String.format(Locale.ROOT, "turn %d answer %d → %d chars", t + 1, was, now));
            }
            int wasWork = old.workLines.get(t);
            int nowWork = workLines.get(t);
            if (wasWork > 0 && nowWork * 2 < wasWork) {
                less.add(String.format(Locale.ROOT, "turn %d work process %d → %d lines", t + 1, wasWork, nowWork));
            }
        }
        if (sources < old.sources) {
            less.add(String.format(Locale.ROOT, "sources %d → %d", old.sources, sources));
        }
        return less;
    }
}
