package io.github.pplxexport.mcp;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * The client's {@code notifications/cancelled} for the tool calls in flight, by JSON-RPC request id (the SDK hands
 * cancellations to nobody, so the session passes them here): a cancelled ask stops waiting, the thread goes on.
 */
public final class Cancellations {
    private final Map<String, AtomicBoolean> flags = new ConcurrentHashMap<>();

    /** The cancellation flag of a call (a call without an id can only time out). */
    BooleanSupplier flag(Object requestId) {
        if (requestId == null) {
            return () -> false;
        }
        AtomicBoolean f = flags.computeIfAbsent(String.valueOf(requestId), k -> new AtomicBoolean());
        return f::get;
    }

    /** The client cancelled this request. */
    public void cancel(Object requestId) {
        if (requestId != null) {
            AtomicBoolean f = flags.get(String.valueOf(requestId)); // a call already over has none
            if (f != null) {
                f.set(true);
            }
        }
    }

    /** The call is over: its flag goes. */
    void done(Object requestId) {
        if (requestId != null) {
            flags.remove(String.valueOf(requestId));
        }
    }
}
