package io.github.pplxexport.rerender;

import java.nio.file.Path;

/**
 * One offline re-render run: the archive root, {@code --limit} (0 = all), {@code --dry-run} and
 * {@code --thread-json} (reference-cli-and-archive.md §2.7).
 */
public record ReRenderRequest(Path out, int limit, boolean dryRun, boolean threadJson) {
}
