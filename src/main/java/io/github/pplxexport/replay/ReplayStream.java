package io.github.pplxexport.replay;

import java.io.IOException;
import java.io.OutputStream;

/** A response body written piece by piece while it is sent (the ask's event stream, {@link AskReplay}). */
@FunctionalInterface
public interface ReplayStream {
    /** Writes the body, flushing each piece; throws {@link Dropped} to cut the connection mid-answer. */
    void writeTo(OutputStream out) throws IOException;

    /** The connection is to be cut without the end of the answer (the {@code ask-drop} fault). */
    final class Dropped extends IOException {
        public Dropped(String message) {
            super(message);
        }
    }
}
