package io.github.pplxexport.library;

/** No library index to plan from (batch, status): the user runs {@code index} first, exit code 2. */
public class MissingIndexException extends IllegalStateException {
    public MissingIndexException(String message) {
        super(message);
    }
}
