package io.github.pplxexport.cookies;

import io.github.pplxexport.api.Cookies;
import io.github.pplxexport.testkit.BrowserStores;
import io.github.pplxexport.testkit.BrowserStores.C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each kind of cookie store, built for real in a temp HOME (sqlite databases, values encrypted with a known key,
 * fake keyring programs on a test PATH) and read back: only the API host's cookies, decrypted to the values that
 * went in; the one-line errors of a locked keyring, a missing profile and Windows; the resolution order with the
 * cache.
 */
class BrowserCookiesTest {
    static final String HOST = "www.perplexity.ai";
    static final Clock NOW = Clock.fixed(Instant.parse("2026-06-01T12:00:00Z"), ZoneOffset.UTC);
    static final List<C> LOGIN = List.of(
            new C(".perplexity.ai", Cookies.SESSION_COOKIE, "sess-Alpha-7f3a"),
            new C("www.perplexity.ai", "__Secure-pplx.session.uid-b", "tok-Bravo-99c1"),
            new C(".perplexity.ai", "__Secure-pplx.session.uid-b", "tok-Bravo-OLDER"),
            new C(".example.com", "other", "not-for-perplexity"),
            new C("evilperplexity.ai", "lure", "not-a-subdomain"));

    @TempDir
    Path home;

    private Desktop linux() {
        return new Desktop(home, Desktop.Os.LINUX, Map.of("PATH", home.resolve("bin").toString()));
    }

    private static Map<String, String> values(Cookies c) {
        Map<String, String> m = new java.util.TreeMap<>();
        c.all().forEach(k -> m.merge(k.name() + "@" + k.domain(), k.value(), (a, b) -> a + "," + b));
        return m;
    }

    private static final Map<String, String> EXPECTED = Map.of(
            Cookies.SESSION_COOKIE + "@.perplexity.ai", "sess-Alpha-7f3a",
            "__Secure-pplx.session.uid-b@www.perplexity.ai", "tok-Bravo-99c1",
            "__Secure-pplx.session.uid-b@.perplexity.ai", "tok-Bravo-OLDER");

    @Test
    void firefoxDefaultNamedAndPathProfiles() throws Exception {
        Path root = home.resolve(".mozilla/firefox");
        Path profile = BrowserStores.firefox(root, "ab12.default-release", LOGIN);
        Cookies c = BrowserCookies.read(Browser.FIREFOX, null, HOST, linux(), NOW).orElseThrow();
        assertEquals(EXPECTED, values(c));
        assertEquals("firefox:" + profile, c.source());
        assertEquals(EXPECTED, values(BrowserCookies.read(Browser.FIREFOX, "default-release", HOST, linux(), NOW).orElseThrow()));
        assertEquals(EXPECTED, values(BrowserCookies.read(Browser.FIREFOX, profile.toString(), HOST, linux(), NOW).orElseThrow()));
        CookieStoreException e = assertThrows(CookieStoreException.class,
                () -> BrowserCookies.read(Browser.FIREFOX, "work", HOST, linux(), NOW));
        assertTrue(e.getMessage().startsWith("Firefox has no profile named 'work' in "), e.getMessage());
        assertEquals(Optional.empty(), BrowserCookies.read(Browser.CHROME, null, HOST, linux(), NOW), "no Chrome here");
    }

    @Test
    void chromiumV10WithThePeanutsKeyAndV11WithTheKeyringsOnSnapAndFlatpakPaths() throws Exception {
        BrowserStores.chromium(home.resolve(".config/google-chrome"), "Default", 23, "v10", "peanuts", 1, LOGIN);
        assertEquals(EXPECTED, values(BrowserCookies.read(Browser.CHROME, null, HOST, linux(), NOW).orElseThrow()));

        // v11 under the keyring's password, a version-24 database (the host's SHA-256 before each value), snap path
        BrowserStores.chromium(home.resolve("snap/chromium/common/chromium"), "Profile 1", 24, "v11", "k3yr1ng-pw", 1, LOGIN);
        BrowserStores.program(home.resolve("bin"), "secret-tool", "lookup application chromium", "k3yr1ng-pw");
        Cookies snap = BrowserCookies.read(Browser.CHROMIUM, "Profile 1", HOST, linux(), NOW).orElseThrow();
        assertEquals(EXPECTED, values(snap));
        assertTrue(snap.source().startsWith("chromium:" + home.resolve("snap/chromium/common/chromium/Profile 1")), snap.source());

        BrowserStores.chromium(home.resolve(".var/app/com.brave.Browser/config/BraveSoftware/Brave-Browser"), "Default",
                24, "v10", "peanuts", 1, LOGIN);
        assertEquals(EXPECTED, values(BrowserCookies.read(Browser.BRAVE, null, HOST, linux(), NOW).orElseThrow()), "flatpak");
    }

    @Test
    void aLockedKeyringAWrongKeyAndWindowsAreOneLineSayingWhatToDo() throws Exception {
        BrowserStores.chromium(home.resolve(".config/microsoft-edge"), "Default", 24, "v11", "right-pw", 1, LOGIN);
        CookieStoreException missing = assertThrows(CookieStoreException.class,
                () -> BrowserCookies.read(Browser.EDGE, null, HOST, linux(), NOW));
        assertTrue(missing.getMessage().contains("secret-tool is not installed") && missing.getMessage().endsWith("--cookies FILE"),
                missing.getMessage());

        BrowserStores.program(home.resolve("bin"), "secret-tool", "", null);     // locked: exit 1, nothing printed
        CookieStoreException locked = assertThrows(CookieStoreException.class,
                () -> BrowserCookies.read(Browser.EDGE, null, HOST, linux(), NOW));
        assertEquals("cannot read the Edge key from the desktop keyring (secret-tool lookup application microsoft-edge,"
                + " then chromium):"
                + " the keyring is locked or holds no such key (unlock it and try again), or export the cookies of"
                + " perplexity.ai to a file and use --cookies FILE", locked.getMessage());

        BrowserStores.program(home.resolve("bin"), "secret-tool", "lookup application microsoft-edge", "wrong-pw");
        CookieStoreException wrong = assertThrows(CookieStoreException.class,
                () -> BrowserCookies.read(Browser.EDGE, null, HOST, linux(), NOW));
        assertTrue(wrong.getMessage().startsWith("cannot decrypt the Edge cookie ") && wrong.getMessage().contains("(v11)"),
                wrong.getMessage());

        // a build of Chromium that keeps the key under Chromium's own name (what Chromium's code does for every
        // build but Google's): found on the second name
        BrowserStores.program(home.resolve("bin"), "secret-tool", "lookup application chromium", "right-pw");
        assertEquals(EXPECTED, values(BrowserCookies.read(Browser.EDGE, null, HOST, linux(), NOW).orElseThrow()));
        for (CookieStoreException e : List.of(missing, locked, wrong)) {
            assertFalse(e.getMessage().contains("sess-Alpha") || e.getMessage().contains("right-pw")
                    || e.getMessage().contains("wrong-pw"), "no secret in: " + e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
        }

        Desktop windows = new Desktop(home, Desktop.Os.WINDOWS, Map.of("APPDATA", home.resolve("AppData/Roaming").toString()));
        CookieStoreException dpapi = assertThrows(CookieStoreException.class,
                () -> BrowserCookies.read(Browser.CHROME, null, HOST, windows, NOW));
        assertEquals("Chrome encrypts its cookies on Windows with DPAPI, which pplx-export cannot read: export the"
                + " cookies of perplexity.ai to a file and use --cookies FILE", dpapi.getMessage());
        BrowserStores.firefox(home.resolve("AppData/Roaming/Mozilla/Firefox"), "w1.default", LOGIN);
        assertEquals(EXPECTED, values(BrowserCookies.read(Browser.FIREFOX, null, HOST, windows, NOW).orElseThrow()),
                "Firefox on Windows keeps its values in clear");
    }

    @Test
    void macOsTakesTheKeyFromTheLoginKeychain() throws Exception {
        Desktop mac = new Desktop(home, Desktop.Os.MAC, Map.of("PATH", home.resolve("bin").toString()));
        BrowserStores.chromium(home.resolve("Library/Application Support/Google/Chrome"), "Default", 24, "v10",
                "keychain-pw", 1003, LOGIN);
        BrowserStores.program(home.resolve("bin"), "security",
                "find-generic-password -w -s Chrome Safe Storage -a Chrome", "keychain-pw");
        assertEquals(EXPECTED, values(BrowserCookies.read(Browser.CHROME, null, HOST, mac, NOW).orElseThrow()));
    }

    @Test
    void resolutionOrderNamedBrowserThenFileThenFreshCacheThenTheFirstBrowserLoggedIn() throws Exception {
        Path out = Files.createDirectories(home.resolve("archive"));
        // Firefox holds cookies, but no login for the host: the auto-detection goes on to Chromium
        BrowserStores.firefox(home.resolve(".mozilla/firefox"), "ff.default", List.of(new C(".example.com", "x", "y")));
        BrowserStores.chromium(home.resolve(".config/chromium"), "Default", 23, "v10", "peanuts", 1, LOGIN);
        CookieSource.Request auto = new CookieSource.Request(null, null, null, out, HOST);
        CookieSource first = CookieSource.resolve(auto, linux(), NOW);
        assertEquals(CookieSource.Kind.BROWSER, first.kind());
        assertTrue(first.source().startsWith("chromium:"), first.source());
        assertTrue(first.cacheable());

        CookieCache.write(out, first.cookies(), first.source(), "alice@example.com", NOW);
        Path cache = CookieCache.file(out);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cache)));
        CookieSource cached = CookieSource.resolve(auto, linux(), Clock.offset(NOW, Duration.ofHours(11)));
        assertEquals(CookieSource.Kind.CACHE, cached.kind());
        assertEquals(EXPECTED, values(cached.cookies()));
        assertFalse(cached.cacheable(), "the cache is not written again: it expires");
        assertEquals(CookieSource.Kind.BROWSER, CookieSource.resolve(auto, linux(), Clock.offset(NOW, Duration.ofHours(13))).kind(),
                "13 hours old: stale, the browser is read again");

        Files.writeString(cache, "{\"fetched_at\": \"2026-06-01T12:00:00Z\", \"cookies\": [");
        assertEquals(CookieSource.Kind.BROWSER, CookieSource.resolve(auto, linux(), NOW).kind(), "a corrupt cache is none");

        Path file = home.resolve("cookies.txt");
        Files.writeString(file, "www.perplexity.ai\tFALSE\t/\tTRUE\t0\t" + Cookies.SESSION_COOKIE + "\tfrom-file\n");
        CookieSource named = CookieSource.resolve(new CookieSource.Request(null, null, file, out, HOST), linux(), NOW);
        assertEquals(CookieSource.Kind.FILE, named.kind());
        assertEquals(CookieSource.Kind.BROWSER, CookieSource.resolve(new CookieSource.Request(Browser.FIREFOX, null, file,
                out, HOST), linux(), NOW).kind(), "--cookies-from first");

        CookieStoreException none = assertThrows(CookieStoreException.class, () -> CookieSource.resolve(
                new CookieSource.Request(Browser.EDGE, null, null, out, HOST), linux(), NOW));
        assertTrue(none.getMessage().startsWith("no Edge profile found"), none.getMessage());
        CookieSource nothing = CookieSource.resolve(auto, new Desktop(home.resolve("empty"), Desktop.Os.LINUX, Map.of()), NOW);
        assertEquals(CookieSource.Kind.NONE, nothing.kind(), "no browser, no usable cache: no cookies");
        assertTrue(nothing.cookies().isEmpty());
    }

    @Test
    void operaKeepsItsProfileInTheUserDataFolderAndVivaldiItsKeyUnderChrome() throws Exception {
        // Opera: Cookies directly in ~/.config/opera, v11 under the keyring's "chromium" key (no "opera" one)
        BrowserStores.chromium(home.resolve(".config"), "opera", 24, "v11", "op3ra-pw", 1, LOGIN);
        BrowserStores.program(home.resolve("bin"), "secret-tool", "lookup application chromium", "op3ra-pw");
        Cookies opera = BrowserCookies.read(Browser.OPERA, null, HOST, linux(), NOW).orElseThrow();
        assertEquals(EXPECTED, values(opera));
        assertEquals("opera:" + home.resolve(".config/opera"), opera.source());

        // Vivaldi (flatpak): Default profile, v11 under "chrome", asked after "vivaldi"
        BrowserStores.chromium(home.resolve(".var/app/com.vivaldi.Vivaldi/config/vivaldi"), "Default", 23, "v11",
                "v1v-pw", 1, LOGIN);
        BrowserStores.program(home.resolve("bin"), "secret-tool", "lookup application chrome", "v1v-pw");
        assertEquals(EXPECTED, values(BrowserCookies.read(Browser.VIVALDI, null, HOST, linux(), NOW).orElseThrow()));
        assertEquals(Browser.VIVALDI, Browser.of("Vivaldi"));

        // macOS: each from the Keychain under its own name
        Path mac = Files.createDirectories(home.resolve("mac"));
        Desktop macDesktop = new Desktop(mac, Desktop.Os.MAC, Map.of("PATH", home.resolve("bin").toString()));
        BrowserStores.chromium(mac.resolve("Library/Application Support"), "com.operasoftware.Opera", 24, "v10",
                "op-keychain", 1003, LOGIN);
        BrowserStores.chromium(mac.resolve("Library/Application Support/Vivaldi"), "Profile 2", 24, "v10",
                "viv-keychain", 1003, LOGIN);
        BrowserStores.program(home.resolve("bin"), "security",
                "find-generic-password -w -s Opera Safe Storage -a Opera", "op-keychain");
        assertEquals(EXPECTED, values(BrowserCookies.read(Browser.OPERA, null, HOST, macDesktop, NOW).orElseThrow()));
        BrowserStores.program(home.resolve("bin"), "security",
                "find-generic-password -w -s Vivaldi Safe Storage -a Vivaldi", "viv-keychain");
        assertEquals(EXPECTED, values(BrowserCookies.read(Browser.VIVALDI, "Profile 2", HOST, macDesktop, NOW).orElseThrow()));
    }

    @Test
    void safariBinaryCookiesAcrossPagesUnexpiredForTheHostOnly() throws Exception {
        Desktop mac = new Desktop(home, Desktop.Os.MAC, Map.of());
        long future = NOW.instant().getEpochSecond() + 86_400;
        List<BrowserStores.SafariCookie> first = new java.util.ArrayList<>();
        for (C k : LOGIN.subList(0, 2)) {
            first.add(new BrowserStores.SafariCookie(k, 5, future));
        }
        first.add(new BrowserStores.SafariCookie(new C(".perplexity.ai", "expired", "gone"), 1, NOW.instant().getEpochSecond() - 1));
        List<BrowserStores.SafariCookie> second = new java.util.ArrayList<>();
        for (C k : LOGIN.subList(2, LOGIN.size())) {
            second.add(new BrowserStores.SafariCookie(k, 0, future));
        }
        Path store = BrowserStores.safari(home.resolve("Library/Containers/com.apple.Safari/Data/Library/Cookies/"
                + "Cookies.binarycookies"), List.of(first, second));
        Cookies c = BrowserCookies.read(Browser.SAFARI, null, HOST, mac, NOW).orElseThrow();
        assertEquals(EXPECTED, values(c));
        assertEquals("safari:" + store, c.source());
        Cookies.Cookie session = c.all().get(0);
        assertTrue(session.secure() && session.httpOnly() && !session.hostOnly(), session.toString());
        Cookies.Cookie www = c.all().get(1);
        assertTrue(www.hostOnly() && "/".equals(www.path()), www.toString());
        assertFalse(c.all().get(2).secure(), "flags 0");

        // the auto-detection finds it on macOS, when no other browser is logged in
        CookieSource auto = CookieSource.resolve(new CookieSource.Request(null, null, null, null, HOST), mac, NOW);
        assertTrue(auto.source().startsWith("safari:"), auto.source());
        assertEquals(Optional.empty(), BrowserCookies.read(Browser.SAFARI, null, HOST, linux(), NOW), "no Safari on Linux");

        // the older place, given as a path; a name is not a Safari profile; a broken file is one line
        Path old = Files.copy(store, Files.createDirectories(home.resolve("elsewhere")).resolve("Cookies.binarycookies"));
        assertEquals(EXPECTED, values(BrowserCookies.read(Browser.SAFARI, old.toString(), HOST, mac, NOW).orElseThrow()));
        assertTrue(assertThrows(CookieStoreException.class, () -> BrowserCookies.read(Browser.SAFARI, "Work", HOST, mac, NOW))
                .getMessage().startsWith("Safari has no named profiles"));
        byte[] bytes = Files.readAllBytes(store);
        Files.write(store, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        CookieStoreException cut = assertThrows(CookieStoreException.class,
                () -> BrowserCookies.read(Browser.SAFARI, null, HOST, mac, NOW));
        assertTrue(cut.getMessage().startsWith("cannot read the Safari cookie store " + store + ": not a Cookies.binarycookies"
                + " file (a page past the end)"), cut.getMessage());
        Files.writeString(store, "bplist00");
        assertTrue(assertThrows(CookieStoreException.class, () -> BrowserCookies.read(Browser.SAFARI, null, HOST, mac, NOW))
                .getMessage().contains("(no 'cook' magic)"));
    }
}
