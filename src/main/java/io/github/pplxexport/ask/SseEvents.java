package io.github.pplxexport.ask;

import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.util.Iterator;
import java.util.Scanner;
import java.util.regex.Pattern;

/**
 * The events of an answer stream as they arrive: the text between two blank lines (ask-stream.md §2: the first
 * {@code \r?\n\r?\n}; a bare-CR stream is never cut; a remainder without the closing blank line is a last event).
 * {@link #hasNext()} never reads: Camel's streaming split asks it before it processes the event in hand, and a read
 * there would hold each event back until the next one came (and, after the final message, wait for bytes the
 * platform need never send). It is false once the stream was finished (the final message) or read to its end;
 * {@link #next()} reads, and gives "" when there is nothing more (no event).
 */
final class SseEvents implements Iterator<String>, Closeable {
    static final Pattern BLANK_LINE = Pattern.compile("\r?\n\r?\n");

    private final WatchedStream stream;
    private final Scanner scanner;
    private boolean exhausted;

    SseEvents(WatchedStream stream, Reader text) {
        this.stream = stream;
        this.scanner = new Scanner(text).useDelimiter(BLANK_LINE);
    }

    @Override
    public boolean hasNext() {
        return !exhausted && !stream.finished();
    }

    @Override
    public String next() {
        if (!stream.finished() && scanner.hasNext()) {
            return scanner.next();
        }
        exhausted = true;
        return "";
    }

    @Override
    public void close() throws IOException {
        scanner.close();
    }
}
