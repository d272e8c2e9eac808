package io.github.pplxexport.cookies;

import io.github.pplxexport.api.Cookies;
import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.text.Timestamps;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code <out>/index/.cookies.json} (reference-cli-and-archive.md §3.10, §5.5): the cookies a browser gave, kept
 * after a successful session check so that the next runs within 12 hours need neither a flag nor the browser's
 * keyring. {@code {fetched_at, source, account_email, cookies}}, written 0600 and atomically; a stale or corrupt
 * file counts as none. The file holds secrets: nothing here logs a value.
 */
public final class CookieCache {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.auth");
    public static final String FILE_NAME = ".cookies.json";
    public static final Duration FRESH_FOR = Duration.ofHours(12);

    private CookieCache() {
    }

    public static Path file(Path out) {
        return out.resolve("index").resolve(FILE_NAME);
    }

    /** The cached cookies when the file is there, parses and is younger than 12 hours. */
    public static Optional<Cookies> readFresh(Path out, Clock clock) {
        Path f = file(out);
        if (!Files.isRegularFile(f)) {
            return Optional.empty();
        }
        try {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            Map<String, Object> doc = J.asMap(Json.parse(text));
            Instant fetched = Instant.parse(J.str(doc, "fetched_at"));
            Duration age = Duration.between(fetched, clock.instant());
            if (age.isNegative() || age.compareTo(FRESH_FOR) > 0) {
                LOG.debug("[auth] cookie cache {} is {} h old: not used", f, age.toHours());
                return Optional.empty();
            }
            Cookies parsed = Cookies.parse(text, "cache:" + f + " (" + J.str(doc, "source") + ", " + age.toMinutes() + " min old)");
            return parsed.isEmpty() ? Optional.empty() : Optional.of(parsed);
        } catch (IOException | JsonException | DateTimeParseException | Cookies.FormatException e) {
            LOG.debug("[auth] cookie cache {} cannot be read ({}): not used", f, e.getClass().getSimpleName());
            return Optional.empty();
        }
    }

    /** Writes the cache: the cookies (with the session as switched), where they came from and whose they are. */
    public static void write(Path out, Cookies cookies, String source, String email, Clock clock) throws IOException {
        List<Object> list = new ArrayList<>();
        for (Cookies.Cookie c : cookies.all()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", c.name());
            m.put("value", c.value());
            m.put("domain", c.domain());
            m.put("hostOnly", c.hostOnly());
            m.put("path", c.path());
            m.put("secure", c.secure());
            m.put("httpOnly", c.httpOnly());
            list.add(m);
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("fetched_at", Timestamps.nowUtc(clock));
        doc.put("source", source);
        doc.put("account_email", email);
        doc.put("cookies", list);
        AtomicFiles.writePrivate(file(out), PyJson.pretty(doc));
    }
}
