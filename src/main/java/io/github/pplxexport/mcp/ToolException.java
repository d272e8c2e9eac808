package io.github.pplxexport.mcp;

/**
 * A tool call that cannot be done as asked (a bad argument, an unknown thread, a refused mode, the daily cap, an
 * upstream failure): its message is the one sentence the agent reads in a tool result with {@code isError: true}.
 */
public final class ToolException extends RuntimeException {
    public ToolException(String message) {
        super(message);
    }
}
