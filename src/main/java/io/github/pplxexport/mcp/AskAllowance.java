package io.github.pplxexport.mcp;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How many asks an agent may still send today: the subscription has limits, so the asks of {@code mcp} are counted
 * per UTC day in {@code <archive>/index/mcp_asks.json} ({@code {"day": "2026-12-04", "asks": 3}}), which every server
 * on the archive shares; over {@code --max-asks-per-day} an ask is refused, saying when the count resets.
 */
public final class AskAllowance {
    public static final String FILE = "index/mcp_asks.json";

    private final Path file;
    private final int max;
    private final Clock clock;

    public AskAllowance(Path archive, int max, Clock clock) {
        this.file = archive.resolve(FILE);
        this.max = max;
        this.clock = clock;
    }

    /** Counts one ask of today, or refuses it (a {@link ToolException}) when today's are used up. */
    public synchronized int take() throws IOException {
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        int used = used(today);
        if (used >= max) {
            Duration left = Duration.between(clock.instant(), today.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant());
            throw new ToolException("Today's " + max + " asks are used up (--max-asks-per-day " + max + "); the count resets at"
                    + " 00:00 UTC, in " + left.toHours() + " h " + left.toMinutesPart() + " min.");
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("day", today.toString());
        m.put("asks", used + 1);
        Files.createDirectories(file.getParent());
        AtomicFiles.write(file, PyJson.compact(m) + "\n");
        return max - used - 1;
    }

    /** The asks counted for {@code day} (0 for another day, a missing or unreadable file). */
    int used(LocalDate day) {
        try {
            if (!Files.isRegularFile(file)) {
                return 0;
            }
            Map<String, Object> m = Json.readObject(file);
            return day.toString().equals(J.str(m, "day")) ? (int) J.toLong(J.get(m, "asks"), 0) : 0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
