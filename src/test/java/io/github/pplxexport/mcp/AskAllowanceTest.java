package io.github.pplxexport.mcp;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The agents' daily allowance of asks: counted in the archive's index, refused over the limit, reset at 00:00 UTC. */
class AskAllowanceTest {
    @TempDir
    Path archive;

    @Test
    void countsTheDaysAsksRefusesTheNextAndStartsAgainTheNextDay() throws Exception {
        Clock evening = Clock.fixed(Instant.parse("2026-12-04T21:30:00Z"), ZoneOffset.UTC);
        AskAllowance allowance = new AskAllowance(archive, 2, evening);
        assertEquals(1, allowance.take());
        // another server on the same archive shares the count
        assertEquals(0, new AskAllowance(archive, 2, evening).take());
        ToolException over = assertThrows(ToolException.class, allowance::take);
        assertEquals("Today's 2 asks are used up (--max-asks-per-day 2); the count resets at 00:00 UTC, in 2 h 30 min.",
                over.getMessage());
        assertTrue(Files.readString(archive.resolve(AskAllowance.FILE)).contains("\"day\": \"2026-12-04\""));
        Clock morning = Clock.fixed(Instant.parse("2026-12-05T00:00:01Z"), ZoneOffset.UTC);
        assertEquals(1, new AskAllowance(archive, 2, morning).take(), "a new day, a new count");
    }

    @Test
    void aLimitOfZeroRefusesEveryAsk() {
        AskAllowance none = new AskAllowance(archive, 0, Clock.systemUTC());
        assertThrows(ToolException.class, none::take);
    }
}
