package io.github.pplxexport.subagent;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lenient ISO-8601 parsing to epoch seconds, as the waterfall needs (reference-behaviour.md §3.1): a
 * {@code Z} suffix, {@code +00:00} / {@code +0000} offsets and any number of fraction digits are accepted;
 * a time without an offset is taken as UTC. Unparseable input gives null.
 */
public final class IsoTime {
    private static final Pattern ISO = Pattern.compile(
            "(\\d{4}-\\d{2}-\\d{2})[T ](\\d{2}:\\d{2}(?::\\d{2})?)(?:\\.(\\d+))?\\s*(Z|[+-]\\d{2}(?::?\\d{2})?)?");
    private static final DateTimeFormatter LOCAL = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd HH:mm")
            .optionalStart().appendPattern(":ss").optionalEnd()
            .parseDefaulting(ChronoField.SECOND_OF_MINUTE, 0)
            .toFormatter();

    private IsoTime() {
    }

    /** Epoch seconds with the fraction, or null. */
    public static Double epochSeconds(String iso) {
        if (iso == null) {
            return null;
        }
        Matcher m = ISO.matcher(iso.strip());
        if (!m.matches()) {
            return null;
        }
        try {
            LocalDateTime t = LocalDateTime.parse(m.group(1) + " " + m.group(2), LOCAL);
            long seconds = t.toEpochSecond(ZoneOffset.UTC);
            double fraction = m.group(3) == null ? 0 : Double.parseDouble("0." + m.group(3));
            String off = m.group(4);
            if (off != null && !off.equals("Z")) {
                String digits = off.substring(1).replace(":", "");
                int h = Integer.parseInt(digits.substring(0, 2));
                int min = digits.length() >= 4 ? Integer.parseInt(digits.substring(2, 4)) : 0;
                int sign = off.charAt(0) == '-' ? -1 : 1;
                seconds -= sign * (h * 3600L + min * 60L);
            }
            return seconds + fraction;
        } catch (RuntimeException e) {
            return null;
        }
    }
}
