package io.github.pplxexport.ask;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The model catalog of {@code models/config/v2} (ask-stream.md §6; reference-cli-and-archive.md §7.2): one file,
 * {@code <archive>/index/models_cache.json}, written only by {@link #refresh} ({@code models --refresh}, {@code init}'s
 * seeding, the demo) and read only by {@link #load} ({@code ask}): which model each mode asks with and council's
 * default members, falling back to the pinned constants when there is no catalog. Its date is inside it
 * ({@code last_refreshed}); the reference keeps the catalog beside its config and stamps {@code [models]} in the TOML,
 * we keep no second copy of that date in the user's config.
 */
public final class ModelCatalog {
    public static final String FILE = "models_cache.json";
    /** Council's members when neither --models nor the catalog name them (the reference's older default). */
    static final List<String> PINNED_COUNCIL = List.of("gpt55_thinking", "claude48opusthinking", "gemini31pro_high");
    static final Duration STALE = Duration.ofDays(7);

    private final Map<String, Object> cache;

    private ModelCatalog(Map<String, Object> cache) {
        this.cache = cache;
    }

    public static Path file(Path archiveRoot) {
        return archiveRoot.resolve("index").resolve(FILE);
    }

    /** The cached catalog, or an empty one (pinned models) when there is none or it cannot be read. */
    public static ModelCatalog load(Path archiveRoot) {
        Path f = file(archiveRoot);
        if (!Files.isRegularFile(f)) {
            return new ModelCatalog(Map.of());
        }
        try {
            return new ModelCatalog(Json.readObject(f));
        } catch (IOException | RuntimeException e) {
            return new ModelCatalog(Map.of());
        }
    }

    /**
     * Keeps a {@code models/config/v2} answer as the catalog of {@code archiveRoot} (fsync + atomic rename); returns
     * the file.
     */
    public static Path refresh(Path archiveRoot, Map<String, Object> config, Instant now) throws IOException {
        Path f = file(archiveRoot);
        AtomicFiles.write(f, PyJson.pretty(fromConfig(config, now)));
        return f;
    }

    /**
     * The catalog of a {@code models/config/v2} answer, as cached: {@code default_models} by our mode names,
     * the council list, the models, and when it was fetched.
     */
    static Map<String, Object> fromConfig(Map<String, Object> config, Instant now) {
        Map<String, Object> defaults = new LinkedHashMap<>();
        J.map(config, "default_models").forEach((k, v) -> {
            String mode = switch (k.toLowerCase(java.util.Locale.ROOT)) {
                case "search", "pro" -> "search";
                case "research", "deep research", "deep-research" -> "deep-research";
                case "agentic_research" -> "council";
                case "study", "studio" -> "study";
                default -> null;
            };
            if (mode != null && v instanceof String s && !s.isEmpty()) {
                defaults.putIfAbsent(mode, s);
            }
        });
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("last_refreshed", now.truncatedTo(ChronoUnit.SECONDS).toString());
        c.put("default_models", defaults);
        c.put("council_models", J.list(config, "agentic_research_compare_models"));
        c.put("models", J.map(config, "models"));
        return c;
    }

    /** {@code model_preference} of a new ask: search's single --models id, else the catalog's, else pinned. */
    public String modelFor(AskMode mode, List<String> models) {
        if (mode == AskMode.SEARCH && !models.isEmpty()) {
            return models.get(0);
        }
        String cached = J.str(J.map(cache, "default_models"), mode.id());
        return cached.isEmpty() ? mode.pinnedModel() : cached;
    }

    /** Council's {@code compare_model_preferences}: --models, else the catalog's list, else pinned; at most 3. */
    public List<String> compareFor(AskMode mode, List<String> models) {
        if (mode != AskMode.COUNCIL) {
            return List.of();
        }
        List<String> list = new ArrayList<>();
        if (!models.isEmpty()) {
            list.addAll(models);
        } else {
            J.list(cache, "council_models").forEach(m -> list.add(String.valueOf(m)));
            if (list.isEmpty()) {
                list.addAll(PINNED_COUNCIL);
            }
        }
        return List.copyOf(list.subList(0, Math.min(3, list.size())));
    }

    /** Why the models of an ask may be out of date: no catalog, or one older than 7 days; empty when fresh. */
    public Optional<String> staleness(Instant now) {
        String stamp = J.str(cache, "last_refreshed");
        if (stamp.isEmpty()) {
            return Optional.of("no model catalog yet (run `models --refresh`): asking with the pinned models");
        }
        try {
            Instant at = Instant.parse(stamp);
            if (Duration.between(at, now).compareTo(STALE) > 0) {
                return Optional.of("the model catalog is from " + stamp + ", older than 7 days: run `models --refresh`");
            }
        } catch (DateTimeParseException e) {
            return Optional.of("the model catalog has no readable date: run `models --refresh`");
        }
        return Optional.empty();
    }

    /**
     * What {@code models} prints (ask-stream.md §6): the defaults, the council list, the search models (id, label,
     * provider), then those of the special modes.
     */
    public static List<String> describe(Map<String, Object> config) {
        List<String> lines = new ArrayList<>();
        lines.add("[models] default models: " + PyJson.compact(J.map(config, "default_models")));
        lines.add("[models] council (agentic_research_compare_models): " + PyJson.compact(J.list(config, "agentic_research_compare_models")));
        Map<String, Object> models = J.map(config, "models");
        for (String group : List.of("search", "research", "study", "agentic_research", "studio")) {
            List<String> rows = new ArrayList<>();
            models.forEach((id, m) -> {
                if (group.equals(J.str(m, "mode"))) {
                    rows.add("  " + id + "  " + J.str(m, "label") + "  (" + J.str(m, "provider") + ")");
                }
            });
            if (!rows.isEmpty()) {
                lines.add("[models] mode " + group + ":");
                lines.addAll(rows);
            }
        }
        return lines;
    }
}
