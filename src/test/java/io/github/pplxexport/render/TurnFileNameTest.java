package io.github.pplxexport.render;

import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Turn file names are {@code turn_%04d.md} with ASCII digits, whatever the default locale. */
class TurnFileNameTest {
    @Test
    void fourDigitsOrMore() {
        assertEquals("turn_0001.md", ThreadRenderer.turnFileName(1));
        assertEquals("turn_0042.md", ThreadRenderer.turnFileName(42));
        assertEquals("turn_0999.md", ThreadRenderer.turnFileName(999));
        assertEquals("turn_1000.md", ThreadRenderer.turnFileName(1000));
        assertEquals("turn_12345.md", ThreadRenderer.turnFileName(12345));
    }

    @Test
    void asciiDigitsUnderAnyLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("ar-EG-u-nu-arab"));
            assertEquals("turn_0007.md", ThreadRenderer.turnFileName(7));
        } finally {
            Locale.setDefault(saved);
        }
    }
}
