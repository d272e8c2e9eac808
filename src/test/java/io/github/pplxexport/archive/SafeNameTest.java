package io.github.pplxexport.archive;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SafeNameTest {

    private static String safe(String raw) {
        return SafeName.of(raw, "unknown");
    }

    @Test
    void ordinaryNamesAreKeptByteForByte() {
        for (String name : List.of("Alice Example", "张三", "O'Brien", "J.R.R.", "_alice", "Émile Zoë 🌸",
                "report.final.pdf", "a - b (2)", "CONSOLE", "nullish", "com10")) {
            assertEquals(name, safe(name));
            assertTrue(SafeName.isSafe(name), name);
        }
    }

    @Test
    void theReferenceRuleForSeparatorsAndForbiddenCharacters() {
        assertEquals("a_b", safe("a/b"));
        assertEquals("x_y", safe("x\\y"));
        assertEquals("A_B_C", safe("A<>B:*?\"|C"));
        assertEquals("_", safe(" : "));
        assertEquals("unknown", safe("\u3000"));
        assertEquals("unknown", safe(null));
        assertEquals("unknown", safe(""));
    }

    @Test
    void hostileNamesBecomeVisibleSingleNames() {
        assertEquals("evil", safe("../../evil"));
        assertEquals("etc_passwd", safe("/etc/passwd"));
        assertEquals("server_share", safe("\\\\server\\share"));
        assertEquals("hidden", safe(".hidden"));
        assertEquals("x_.._y", safe(" ./ .x/../y"));
        assertEquals("unknown", safe("..."));
        assertEquals("unknown", safe(" . / .. "));
        assertEquals("a_b_c", safe("a\tb\r\nc"));
        assertEquals("nul_x", safe("nul\0x"));
        assertEquals("_", safe("\0"));
        assertEquals("invoice_fdp.exe", safe("invoice\u202efdp.exe"), "no right-to-left override");
        assertEquals("bell_", safe("bell\u0007"));
        assertEquals("_.hidden", safe("\u0007.hidden"), "a control character in front is replaced, so no dot leads");
    }

    @Test
    void windowsDeviceNamesGetAPrefix() {
        assertEquals("_CON", safe("CON"));
        assertEquals("_con", safe(" con "));
        assertEquals("_nul.txt", safe("nul.txt"));
        assertEquals("_aux.tar.gz", safe("aux.tar.gz"));
        assertEquals("_Com1", safe("Com1"));
        assertEquals("_LPT9.md", safe("LPT9.md"));
        assertEquals("_PRN", safe("PRN"));
        assertEquals("_conin$", safe("conin$"));
        assertEquals("_com¹", safe("com¹"));
    }

    @Test
    void longNamesAreCutInBytesOnACharacterBoundaryKeepingTheExtension() {
        assertEquals("a".repeat(200), safe("a".repeat(300)));
        assertEquals("名".repeat(66), safe("名".repeat(100)), "3-byte characters: 66 fit in 200 bytes");
        assertEquals("😀".repeat(50), safe("😀".repeat(60)), "surrogate pairs stay whole");
        assertEquals("x".repeat(196) + ".pdf", safe("x".repeat(250) + ".pdf"));
        assertEquals("word", safe("word" + " ".repeat(196) + "tail"), "no trailing space after the cut");
        assertEquals(200, safe("y".repeat(190) + "." + "z".repeat(40)).getBytes(StandardCharsets.UTF_8).length,
                "a long 'extension' is no extension");
    }

    /** Whatever the input, the name is one visible path segment that stays put. */
    @Test
    void anyInputGivesOneVisibleSafeSegment() {
        String[] parts = {".", "..", "/", "\\", " ", "\t", "\0", "\n", "\u202e", "\u3000", ":", "*", "a", "名", "😀",
                "CON", "nul", ".txt", "_", "-"};
        Random random = new Random(42);
        for (int i = 0; i < 5000; i++) {
            StringBuilder raw = new StringBuilder();
            for (int n = random.nextInt(12); n > 0; n--) {
                raw.append(parts[random.nextInt(parts.length)]);
            }
            if (random.nextInt(20) == 0) {
                raw.append("b".repeat(random.nextInt(300)));
            }
            String name = safe(raw.toString());
            String shown = "'" + raw + "' -> '" + name + "'";
            assertFalse(name.isEmpty(), shown);
            assertFalse(name.startsWith("."), shown);
            assertFalse(Character.isWhitespace(name.charAt(0)) || Character.isWhitespace(name.charAt(name.length() - 1)), shown);
            assertTrue(name.chars().noneMatch(c -> c == '/' || c == '\\' || c == ':' || c < 0x20 || c == 0x202e), shown);
            assertTrue(name.getBytes(StandardCharsets.UTF_8).length <= SafeName.MAX_BYTES, shown);
            assertFalse(name.matches("(?i)(con|nul)(\\..*)?"), shown);
            Path p = Path.of("/archive").resolve(name).normalize();
            assertEquals(Path.of("/archive", name), p, shown);
            assertEquals(name, safe(name), "idempotent: " + shown);
            assertTrue(SafeName.isSafe(name), shown);
        }
    }
}
