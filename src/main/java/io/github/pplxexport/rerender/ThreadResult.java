package io.github.pplxexport.rerender;

import java.nio.file.Path;

/** What happened to one thread dir in a re-render run. */
public record ThreadResult(Path dir, Outcome outcome, boolean threadJsonWritten) {
    public enum Outcome { RENDERED, UNCHANGED, LISTED, SKIPPED, FAILED }
}
