package io.github.pplxexport.replay;

import java.util.Locale;

/**
 * The faults of the ask endpoint ({@code --faults}, with the others of {@link FaultPlan}); each applies to every
 * ask the server answers:
 * <pre>
 * ask-status:STATUS   the final message carries this status instead of COMPLETED (e.g. FAILED)
 * ask-drop@N          the connection is cut after the N-th event (the thread is still completed on the server)
 * ask-stall:MS        MS milliseconds without a byte after the first event
 * fresh-404:K         the first K fetches of a new (asked) thread answer 404, as the platform briefly does
 * </pre>
 */
record AskFaults(String finalStatus, int dropAfter, long stallMillis, int fresh404) {
    static final AskFaults NONE = new AskFaults("COMPLETED", 0, 0, 0);

    /** Whether a rule (lower case, no blanks) is one of these: {@link FaultPlan} leaves it to us. */
    static boolean isRule(String lowerCaseRule) {
        return lowerCaseRule.startsWith("ask-status:") || lowerCaseRule.startsWith("ask-drop@")
                || lowerCaseRule.startsWith("ask-stall:") || lowerCaseRule.startsWith("fresh-404:");
    }

    /** The ask rules of a fault spec (the others are ignored). */
    static AskFaults parse(String spec) {
        AskFaults f = NONE;
        if (spec == null) {
            return f;
        }
        for (String raw : spec.split(",")) {
            String rule = raw.replaceAll("\\s+", "");
            if (isRule(rule.toLowerCase(Locale.ROOT))) {
                f = f.with(rule);
            }
        }
        return f;
    }

    /** These faults and one more rule, one of {@link #isRule}'s (no blanks); a later rule of a kind wins. */
    AskFaults with(String rule) {
        String lower = rule.toLowerCase(Locale.ROOT);
        String arg = rule.substring(rule.indexOf(lower.startsWith("ask-drop@") ? '@' : ':') + 1);
        try {
            if (lower.startsWith("ask-status:")) {
                if (arg.isEmpty()) {
                    throw new IllegalArgumentException("missing status");
                }
                return new AskFaults(arg, dropAfter, stallMillis, fresh404);
            } else if (lower.startsWith("ask-drop@")) {
                return new AskFaults(finalStatus, positive(arg, "event count"), stallMillis, fresh404);
            } else if (lower.startsWith("ask-stall:")) {
                return new AskFaults(finalStatus, dropAfter, positive(arg, "stall"), fresh404);
            } else {
                return new AskFaults(finalStatus, dropAfter, stallMillis, positive(arg, "fetch count"));
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad fault rule '" + rule + "': " + e.getMessage(), e);
        }
    }

    private static int positive(String s, String what) {
        try {
            int n = Integer.parseInt(s);
            if (n < 1) {
                throw new IllegalArgumentException(what + " must be at least 1");
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " '" + s + "' is not a number");
        }
    }
}
