package io.github.pplxexport.export;

/** Stops a whole run (auth fail-fast, Cloudflare challenge): the state is saved, exit code 3. */
public class RunAbortedException extends RuntimeException {
    public RunAbortedException(String message, Throwable cause) {
        super(message, cause);
    }
}
