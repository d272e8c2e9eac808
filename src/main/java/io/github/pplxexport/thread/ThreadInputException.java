package io.github.pplxexport.thread;

/**
 * Input that cannot be rendered faithfully (malformed JSON, a step list that is not a list, an entries
 * field of the wrong type). The message is one line naming the cause; callers add the thread dir.
 */
public class ThreadInputException extends RuntimeException {
    public ThreadInputException(String message) {
        super(message);
    }

    public ThreadInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
