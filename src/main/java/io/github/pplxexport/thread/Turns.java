package io.github.pplxexport.thread;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Main entries → turns (reference-behaviour.md §2.4 step 2, §2.6). */
public final class Turns {
    private Turns() {
    }

    /**
     * All turns of a plain response, stable-sorted by created_us (non-integers read as 0), numbered 1..N.
     *
     * @throws ThreadInputException when the response holds no renderable entries list
     */
    public static List<Turn> of(RawResponse plain) {
        if (plain.problem() != null) {
            throw new ThreadInputException(plain.problem());
        }
        List<Entry> sorted = new ArrayList<>(plain.entries());
        sorted.sort(Comparator.comparingLong(e -> e.createdUs() == null ? 0L : e.createdUs()));
        List<Turn> turns = new ArrayList<>(sorted.size());
        for (Entry e : sorted) {
            turns.add(new Turn(turns.size() + 1, e));
        }
        return turns;
    }
}
