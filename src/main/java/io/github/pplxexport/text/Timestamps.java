package io.github.pplxexport.text;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Timestamp rules shared by the index, the planner and the state file.
 *
 * <ul>
 *   <li>{@link #normTs}: the reference's {@code norm_ts} (reference-behaviour.md §2.2,
 *       reference-cli-and-archive.md §4.3). The platform sometimes drops trailing zeros of the
 *       fractional seconds, so {@code .18033Z} and {@code .180330Z} must compare equal; an all-zero
 *       fraction becomes {@code .0}, so it stays different from "no fraction" (over-exporting is the
 *       safe direction); different fractions ({@code .100Z} / {@code .900Z}) stay different.</li>
 *   <li>{@link #utcStamp}: machine stamps such as {@code exported_at}, {@code YYYY-MM-DDTHH:MM:SSZ}
 *       (seconds precision, reference-behaviour.md Appendix B).</li>
 * </ul>
 */
public final class Timestamps {

    /** Seconds field followed by a fraction: only this fraction is normalised, nothing else. */
    private static final Pattern FRACTION = Pattern.compile(":\\d{2}\\.(\\d+)");

    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneOffset.UTC);

    private Timestamps() {
    }

    /**
     * {@code norm_ts}: strips trailing zeros of the fractional seconds only; an all-zero fraction
     * becomes {@code 0}. A value without a fraction is returned unchanged; null reads as "".
     */
    public static String normTs(String ts) {
        if (ts == null) {
            return "";
        }
        Matcher m = FRACTION.matcher(ts);
        if (!m.find()) {
            return ts;
        }
        String digits = m.group(1);
        int end = digits.length();
        while (end > 0 && digits.charAt(end - 1) == '0') {
            end--;
        }
        String fraction = end == 0 ? "0" : digits.substring(0, end);
        return ts.substring(0, m.start(1)) + fraction + ts.substring(m.end(1));
    }

    /** The planner's "lastUpdated unchanged" test: equal after {@link #normTs}. */
    public static boolean sameTs(String a, String b) {
        // the same text is the same stamp: a plan compares every row of the index, most of them unchanged
        return (a != null && a.equals(b)) || normTs(a).equals(normTs(b));
    }

    /** {@code YYYY-MM-DDTHH:MM:SSZ} in UTC, fraction dropped. */
    public static String utcStamp(Instant instant) {
        return STAMP.format(instant);
    }

    /** {@link #utcStamp} of the clock's current instant. */
    public static String nowUtc(Clock clock) {
        return utcStamp(clock.instant());
    }

    /** Today's UTC date, {@code YYYY-MM-DD}. */
    public static String todayUtc(Clock clock) {
        return DATE.format(clock.instant());
    }
}
