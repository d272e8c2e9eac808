package io.github.pplxexport.ask;

import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;

import java.util.Optional;

/**
 * One event of the ask stream as the reference reads it (ask-stream.md §2): the lines are cut where Python's
 * {@code splitlines} cuts them, those that begin with exactly {@code data:} are kept, stripped and joined with
 * nothing between them, and the result is parsed as JSON. {@code event:}, {@code id:}, {@code retry:} and comment
 * lines are ignored; an event without data, or whose data is not JSON (e.g. {@code [DONE]}), is no event.
 */
public final class SseEvent {
    private SseEvent() {
    }

    /** The data of one event (the text between two blank lines), or empty. */
    public static Optional<Object> data(String event) {
        StringBuilder data = new StringBuilder();
        boolean any = false;
        int start = 0;
        int n = event.length();
        for (int i = 0; i <= n; i++) {
            if (i == n || isLineBreak(event.charAt(i))) {
                String line = event.substring(start, i);
                if (line.startsWith("data:")) {
                    data.append(line.substring("data:".length()).strip());
                    any = true;
                }
                // \r\n is one break
                if (i < n && event.charAt(i) == '\r' && i + 1 < n && event.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        if (!any) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(Json.parse(data.toString()));
        } catch (JsonException e) {
            return Optional.empty();
        }
    }

    /** Python's str.splitlines boundaries: \n \r \v \f \x1c \x1d \x1e \x85 \u2028 \u2029. */
    static boolean isLineBreak(char c) {
        return c == '\n' || c == '\r' || c == '\u000b' || c == '\u000c' || (c >= '\u001c' && c <= '\u001e')
                || c == '\u0085' || c == '\u2028' || c == '\u2029';
    }
}
