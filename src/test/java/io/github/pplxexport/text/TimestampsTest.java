package io.github.pplxexport.text;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimestampsTest {

    @Test
    void trailingZerosOfTheFractionDoNotMatter() {
        assertTrue(Timestamps.sameTs("2035-12-26T02:12:19.18033Z", "2035-12-26T02:12:19.180330Z"));
        assertEquals("2035-12-26T02:12:19.18033Z", Timestamps.normTs("2035-12-26T02:12:19.180330Z"));
    }

    @Test
    void allZeroFractionBecomesDotZeroAndDiffersFromNoFraction() {
        assertEquals("2035-12-26T00:00:00.0Z", Timestamps.normTs("2035-12-26T00:00:00.000000Z"));
        assertTrue(Timestamps.sameTs("2035-12-26T00:00:00.000000Z", "2035-12-26T00:00:00.0Z"));
        assertFalse(Timestamps.sameTs("2035-12-26T00:00:00.000000Z", "2035-12-26T00:00:00Z"));
    }

    @Test
    void differentFractionsStayDifferent() {
        assertFalse(Timestamps.sameTs("2035-12-26T00:00:00.100Z", "2035-12-26T00:00:00.900Z"));
        assertFalse(Timestamps.sameTs("2035-12-26T00:00:00.1Z", "2035-12-26T00:00:00.01Z"));
    }

    @Test
    void onlyTheFractionIsTouched() {
        // zeros elsewhere (date, minutes, offset) are kept
        assertEquals("2030-10-10T10:00:00.5+00:00", Timestamps.normTs("2030-10-10T10:00:00.500+00:00"));
        assertEquals("2030-10-10T10:00:00Z", Timestamps.normTs("2030-10-10T10:00:00Z"));
        assertEquals("", Timestamps.normTs(null));
        assertEquals("", Timestamps.normTs(""));
        assertTrue(Timestamps.sameTs(null, ""));
    }

    @Test
    void utcStampsHaveSecondsPrecision() {
        Clock clock = Clock.fixed(Instant.parse("2036-01-21T12:45:36.987Z"), ZoneOffset.ofHours(9));
        assertEquals("2036-01-21T12:45:36Z", Timestamps.nowUtc(clock));
        assertEquals("2036-01-21", Timestamps.todayUtc(clock));
        assertEquals("1970-01-01T00:00:00Z", Timestamps.utcStamp(Instant.EPOCH));
    }

    @Test
    void todayIsTheUtcDateNotTheLocalOne() {
        Clock lateEvening = Clock.fixed(Instant.parse("2036-01-21T23:30:00Z"), ZoneOffset.ofHours(9));
        assertEquals("2036-01-21", Timestamps.todayUtc(lateEvening));
    }
}
