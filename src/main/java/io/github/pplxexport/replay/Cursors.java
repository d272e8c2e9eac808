package io.github.pplxexport.replay;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.OptionalInt;

/**
 * Opaque paging cursors: padded Base64 of {@code <scope>:<offset>}, like the reference's stand-in
 * ({@code dGhyOjQ=}); the {@code =} padding only reaches us intact when the client percent-encodes
 * the cursor. The scope ties a cursor to one listing or one thread form, so a cursor replayed
 * against another thread is rejected instead of silently paging the wrong data.
 */
final class Cursors {
    private Cursors() {
    }

    static String encode(String scope, int offset) {
        return Base64.getEncoder().encodeToString((scope + ":" + offset).getBytes(StandardCharsets.UTF_8));
    }

    /** The offset, or empty when the cursor is not one of ours for this scope. */
    static OptionalInt decode(String scope, String cursor) {
        if (cursor == null) {
            return OptionalInt.empty();
        }
        try {
            String text = new String(Base64.getDecoder().decode(cursor.strip()), StandardCharsets.UTF_8);
            String prefix = scope + ":";
            if (!text.startsWith(prefix)) {
                return OptionalInt.empty();
            }
            int offset = Integer.parseInt(text.substring(prefix.length()));
            return offset < 0 ? OptionalInt.empty() : OptionalInt.of(offset);
        } catch (IllegalArgumentException e) {
            return OptionalInt.empty();
        }
    }
}
