package io.github.pplxexport.cli;

/** A usage or configuration problem: one line for the user, exit code 2. */
public class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }
}
