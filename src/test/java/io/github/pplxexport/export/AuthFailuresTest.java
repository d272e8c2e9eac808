package io.github.pplxexport.export;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AuthFailuresTest {

    @Test
    void theThird401Or403InARowSavesThenStopsAndAnythingElseStartsTheCountAgain() {
        AuthFailures auth = new AuthFailures();
        AtomicInteger saves = new AtomicInteger();
        auth.failed(401, "a", saves::incrementAndGet);
        auth.failed(403, "b", saves::incrementAndGet);
        auth.answered();
        auth.failed(401, "c", saves::incrementAndGet);
        auth.failed(403, "d", saves::incrementAndGet);
        auth.failed(500, "e", saves::incrementAndGet);
        auth.failed(null, "f", saves::incrementAndGet);
        auth.failed(401, "g", saves::incrementAndGet);
        auth.failed(401, "h", saves::incrementAndGet);
        assertEquals(0, saves.get(), "two in a row never stop the run");
        RunAbortedException e = assertThrows(RunAbortedException.class, () -> auth.failed(403, "HTTP 403", saves::incrementAndGet));
        assertEquals(1, saves.get(), "what is done is saved before the stop");
        assertTrue(e.getMessage().contains("3 auth failures in a row (HTTP 403)"), e.getMessage());
    }
}
