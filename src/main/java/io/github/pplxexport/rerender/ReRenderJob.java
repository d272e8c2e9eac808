package io.github.pplxexport.rerender;

import java.nio.file.Path;

/** One thread dir of a re-render run, with the run's request: the body each parallel worker gets. */
public record ReRenderJob(Path dir, ReRenderRequest request) {
}
