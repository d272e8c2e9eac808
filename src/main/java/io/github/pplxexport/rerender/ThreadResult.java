package io.github.pplxexport.rerender;

import java.nio.file.Path;

/**
 * What happened to one thread dir in a re-render run. {@code keptPrevious}: the new Markdown held less than the
 * archived one, which was kept under versions/ before it was replaced.
 */
public record ThreadResult(Path dir, Outcome outcome, boolean threadJsonWritten, boolean keptPrevious) {
    public enum Outcome { RENDERED, UNCHANGED, LISTED, SKIPPED, FAILED }

    public ThreadResult(Path dir, Outcome outcome, boolean threadJsonWritten) {
        this(dir, outcome, threadJsonWritten, false);
    }
}
