package io.github.pplxexport.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CookiesTest {

    private static final String SECRET = "s3cr3t-token-value";

    private static final String NETSCAPE = String.join("\n",
            "# Netscape HTTP Cookie File",
            "# This is a generated file!  Do not edit.",
            "",
            "#HttpOnly_.perplexity.ai\tTRUE\t/\tTRUE\t0\t__Secure-next-auth.session-token\t" + SECRET,
            ".perplexity.ai\tTRUE\t/\tFALSE\t1999999999\tpplx.visitor-id\tV-visitor",
            "www.perplexity.ai\tFALSE\t/\tTRUE\t1999999999\tcf_clearance\tV-cf",
            "perplexity.ai\tFALSE\t/\tFALSE\t1999999999\tapex-only\tV-apex",
            ".example.com\tTRUE\t/\tFALSE\t1999999999\tother\tV-other",
            ".evilperplexity.ai\tTRUE\t/\tFALSE\t1999999999\tevil\tV-evil",
            "broken line without tabs",
            "");

    @Test
    void netscapeHeaderForTheApiHost() {
        Cookies c = Cookies.parse(NETSCAPE, "file:cookies.txt");
        assertEquals(6, c.all().size());
        assertEquals(Optional.of("__Secure-next-auth.session-token=" + SECRET + "; pplx.visitor-id=V-visitor; cf_clearance=V-cf"),
                c.headerFor("www.perplexity.ai"));
        assertEquals(Optional.of("__Secure-next-auth.session-token=" + SECRET + "; pplx.visitor-id=V-visitor; apex-only=V-apex"),
                c.headerFor("perplexity.ai"));
        assertEquals(Optional.of("WWW.Perplexity.AI.").map(h -> c.headerFor(h).orElseThrow()),
                c.headerFor("www.perplexity.ai"), "host case and trailing dot do not matter");
    }

    @Test
    void perplexityCookiesNeverGoToOtherHosts() {
        Cookies c = Cookies.parse(NETSCAPE, "t");
        assertEquals(Optional.empty(), c.headerFor("d2z0o16i8xm8ak.cloudfront.net"));
        assertEquals(Optional.of("other=V-other"), c.headerFor("cdn.example.com"));
        assertEquals(Optional.of("evil=V-evil"), c.headerFor("evilperplexity.ai"), "no match without a dot boundary");
        assertEquals(Optional.empty(), c.headerFor(""));
        assertEquals(Optional.empty(), c.headerFor(null));
    }

    @Test
    void httpOnlyPrefixIsRestoredNotTreatedAsAComment() {
        Cookies.Cookie session = Cookies.parse(NETSCAPE, "t").all().get(0);
        assertEquals("__Secure-next-auth.session-token", session.name());
        assertEquals(".perplexity.ai", session.domain());
        assertTrue(session.httpOnly());
        assertTrue(session.secure());
        assertFalse(session.hostOnly());
    }

    @Test
    void jsonListExport() {
        String json = "[{\"name\": \"__Secure-next-auth.session-token\", \"value\": \"" + SECRET + "\","
                + " \"domain\": \".perplexity.ai\", \"path\": \"/\", \"secure\": true, \"httpOnly\": true},"
                + " {\"name\": \"host\", \"value\": \"h\", \"domain\": \"www.perplexity.ai\", \"hostOnly\": true},"
                + " {\"name\": \"ga\", \"value\": \"g\", \"domain\": \".google.com\"},"
                + " {\"name\": \"nodomain\", \"value\": \"n\"},"
                + " {\"name\": \"numeric\", \"value\": 5}, \"junk\", {\"value\": \"no name\"}]";
        Cookies c = Cookies.parse(json, "t");
        assertEquals(4, c.all().size());
        assertEquals(Optional.of("__Secure-next-auth.session-token=" + SECRET + "; host=h; nodomain=n"),
                c.headerFor("www.perplexity.ai"));
        assertEquals(Optional.of("__Secure-next-auth.session-token=" + SECRET + "; nodomain=n"),
                c.headerFor("perplexity.ai"), "hostOnly www cookie stays on www");
    }

    @Test
    void jsonObjectWithCookiesListAndBom(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("state.json");
        Files.writeString(f, "\uFEFF  {\"origins\": [], \"cookies\": [{\"name\": \"a\", \"value\": \"1\","
                + " \"domain\": \".perplexity.ai\"}]}");
        Cookies c = Cookies.parse(f);
        assertEquals(Optional.of("a=1"), c.headerFor("www.perplexity.ai"));
        assertEquals("file:" + f, c.source());
    }

    @Test
    void sameNameOnSeveralDomainsSendsTheMostSpecificOnce() {
        String txt = ".perplexity.ai\tTRUE\t/\tTRUE\t0\ttok\tapex\n"
                + "www.perplexity.ai\tFALSE\t/\tTRUE\t0\ttok\twww\n"
                + ".perplexity.ai\tTRUE\t/\tTRUE\t0\tz\t1\n";
        Cookies c = Cookies.parse(txt, "t");
        assertEquals(Optional.of("tok=www; z=1"), c.headerFor("www.perplexity.ai"));
        assertEquals(Optional.of("tok=apex; z=1"), c.headerFor("perplexity.ai"));
    }

    @Test
    void unsafeOrTopLevelCookiesAreNotSent() {
        String txt = ".ai\tTRUE\t/\tTRUE\t0\ttld\tx\n"
                + ".perplexity.ai\tTRUE\t/\tTRUE\t0\tinject\tx\r\n"
                + ".perplexity.ai\tTRUE\t/\tTRUE\t0\tsemi\ta;b=c\n"
                + ".perplexity.ai\tTRUE\t/\tTRUE\t0\ttab\tvalue\twith tab\n"
                + ".perplexity.ai\tTRUE\t/\tTRUE\t0\tok\tfine\n";
        Cookies c = Cookies.parse(txt, "t");
        assertEquals(Optional.of("inject=x; ok=fine"), c.headerFor("www.perplexity.ai"));
    }

    @Test
    void textsNeverRevealValues() {
        Cookies c = Cookies.parse(NETSCAPE, "file:x");
        assertFalse(c.toString().contains(SECRET), c.toString());
        assertTrue(c.toString().contains("__Secure-next-auth.session-token"));
        for (Cookies.Cookie one : c.all()) {
            assertFalse(one.toString().contains(one.value()), one.toString());
        }
        Cookies.FormatException e = assertThrows(Cookies.FormatException.class,
                () -> Cookies.parse("[{\"name\": \"a\", \"value\": \"" + SECRET + "\" oops", "file:x"));
        assertFalse(e.getMessage().contains(SECRET), e.getMessage());
        assertTrue(e.getMessage().contains("line 1"), e.getMessage());
    }

    @Test
    void jsonOfTheWrongShapeIsRejected() {
        assertThrows(Cookies.FormatException.class, () -> Cookies.parse("{\"name\": \"a\"}", "t"));
        assertEquals(List.of(), Cookies.parse("[]", "t").all());
        assertTrue(Cookies.parse("# only comments\n", "t").isEmpty());
    }

    @Test
    void readNamesTheFileWhenItCannotBeUsed(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("missing.txt");
        assertEquals("cookie file not found: " + missing,
                assertThrows(java.io.IOException.class, () -> Cookies.read(missing)).getMessage());
        assertEquals("cannot read cookie file " + dir + ": it is a folder",
                assertThrows(java.io.IOException.class, () -> Cookies.read(dir)).getMessage());
        Path latin1 = Files.write(dir.resolve("latin1.txt"), new byte[]{'#', ' ', (byte) 0xe9, '\n'});
        assertEquals("cannot read cookie file " + latin1 + ": not UTF-8 text",
                assertThrows(java.io.IOException.class, () -> Cookies.read(latin1)).getMessage());
    }

    @Test
    void warnsWhenNoCookieCanLogIn() {
        assertEquals(Optional.of("0 cookies read from file:c.txt: expected a Netscape cookies.txt (tab-separated lines)"
                        + " or a JSON cookie export holding __Secure-next-auth.session-token"),
                Cookies.parse("# Netscape HTTP Cookie File\n", "file:c.txt").sessionWarning());
        assertEquals(Optional.of("1 cookie(s) read from file:c.txt, but no __Secure-next-auth.session-token:"
                        + " export the cookies of perplexity.ai while logged in"),
                Cookies.parse(".perplexity.ai\tTRUE\t/\tTRUE\t0\tpplx.visitor-id\tv\n", "file:c.txt").sessionWarning());
        assertEquals(Optional.empty(), Cookies.parse(NETSCAPE, "file:c.txt").sessionWarning());
    }
}
