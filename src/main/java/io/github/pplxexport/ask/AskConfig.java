package io.github.pplxexport.ask;

import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import io.github.pplxexport.config.ConfigException;
import io.github.pplxexport.json.J;
import io.github.pplxexport.space.SpaceUrl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tables of the user's TOML config that asking reads: {@code [bot_space]} (where a finished ask is moved,
 * reference-cli-and-archive.md §7.3 step 4) and the scheduled asks, one {@code [[asks]]} table each:
 * <pre>
 * [[asks]]
 * name   = "weekly-rust"          # route scheduled-ask-weekly-rust
 * cron   = "0 0 8 ? * MON"        # Quartz cron with seconds
 * prompt = "What changed in Rust this week?"
 * mode   = "search"               # search, deep-research, council or study
 * models = []                     # as --models
 * space  = "home"                 # as --space (a slug or URL)
 * </pre>
 */
public final class AskConfig {
    /** One {@code [[asks]]} table. */
    public record ScheduledAsk(String name, String cron, String prompt, AskMode mode, List<String> models, String space) {
    }

    private final String botSpace;
    private final Map<String, ScheduledAsk> asks;

    private AskConfig(String botSpace, Map<String, ScheduledAsk> asks) {
        this.botSpace = botSpace;
        this.asks = asks;
    }

    public static AskConfig none() {
        return new AskConfig("", Map.of());
    }

    /** Reads {@code file} (null or blank: no config, nothing configured). */
    public static AskConfig read(Path file) {
        if (file == null || !Files.isRegularFile(file)) {
            return none();
        }
        Map<String, Object> doc;
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> m = new TomlMapper().readValue(Files.readString(file, StandardCharsets.UTF_8), Map.class);
            doc = m;
        } catch (IOException e) {
            throw new ConfigException("cannot read config file " + file + ": " + e.getMessage().lines().findFirst().orElse(""), e);
        }
        String bot = J.str(J.map(doc, "bot_space"), "uuid");
        Map<String, ScheduledAsk> asks = new LinkedHashMap<>();
        Object table = doc.get("asks");
        if (table != null && !(table instanceof List<?>)) {
            throw new ConfigException("config file " + file + ": asks must be an array of tables ([[asks]])");
        }
        int i = 0;
        for (Object a : J.asList(table == null ? List.of() : table)) {
            i++;
            String where = "config file " + file + ": [[asks]] #" + i;
            String name = J.str(a, "name");
            if (!name.matches("[A-Za-z0-9][A-Za-z0-9_-]*")) {
                throw new ConfigException(where + ": name must be letters, digits, - or _ (got '" + name + "')");
            }
            if (asks.containsKey(name)) {
                throw new ConfigException(where + ": a second ask named '" + name + "'");
            }
            String cron = J.str(a, "cron");
            String prompt = J.str(a, "prompt");
            if (cron.isBlank() || prompt.isBlank()) {
                throw new ConfigException(where + " (" + name + "): cron and prompt are required");
            }
            List<String> models = new ArrayList<>();
            J.list(a, "models").forEach(m -> models.add(String.valueOf(m)));
            AskMode mode;
            try {
                mode = AskMode.of(J.str(a, "mode").isEmpty() ? "search" : J.str(a, "mode"));
                mode.checkModels(models);
            } catch (IllegalArgumentException e) {
                throw new ConfigException(where + " (" + name + "): " + e.getMessage());
            }
            String space = J.str(a, "space");
            try {
                SpaceUrl.slugOrHome(space);
            } catch (IllegalArgumentException e) {
                throw new ConfigException(where + " (" + name + "): space: " + e.getMessage());
            }
            asks.put(name, new ScheduledAsk(name, cron, prompt, mode, List.copyOf(models), space));
        }
        return new AskConfig(bot, asks);
    }

    /** {@code [bot_space].uuid}, when set. */
    public Optional<String> botSpace() {
        return botSpace.isBlank() ? Optional.empty() : Optional.of(botSpace);
    }

    public Map<String, ScheduledAsk> asks() {
        return asks;
    }
}
