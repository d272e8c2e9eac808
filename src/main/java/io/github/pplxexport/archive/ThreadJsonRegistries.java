package io.github.pplxexport.archive;

import io.github.pplxexport.json.PyJson;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Updates the registries of thread.json in place ({@code re-render --thread-json}, reference-behaviour.md
 * §6.1): {@code interruptions} and {@code answer_variants} are set when non-empty and removed when empty;
 * every other key keeps its position, new keys go last; the file is written only when its text changes.
 */
public final class ThreadJsonRegistries {
    public static final String INTERRUPTIONS = "interruptions";
    public static final String ANSWER_VARIANTS = "answer_variants";

    private ThreadJsonRegistries() {
    }

    /** The outcome: whether the file was rewritten and whether the variants differ from the stored ones. */
    public record Update(boolean written, boolean variantsChanged) {
    }

    public static Update apply(Path threadJson, Map<String, Object> current, List<Map<String, Object>> interruptions,
                               List<Map<String, Object>> variants) throws IOException {
        Map<String, Object> updated = new LinkedHashMap<>(current);
        Object storedVariants = current.get(ANSWER_VARIANTS);
        set(updated, INTERRUPTIONS, interruptions);
        set(updated, ANSWER_VARIANTS, variants);
        boolean variantsChanged = !Objects.equals(storedVariants, variants.isEmpty() ? null : variants);
        String after = PyJson.pretty(updated);
        boolean written = AtomicFiles.writeIfChanged(threadJson, after);
        return new Update(written, variantsChanged);
    }

    private static void set(Map<String, Object> m, String key, List<Map<String, Object>> value) {
        if (value.isEmpty()) {
            m.remove(key);
        } else {
            m.put(key, value);
        }
    }
}
