package io.github.pplxexport.cookies;

import io.github.pplxexport.api.Cookies;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * A browser's cookies for the API host, read from its own store (reference-cli-and-archive.md §5.5,
 * {@code --cookies-from}): Firefox's {@code cookies.sqlite}, the Chromium family's {@code Cookies}, Safari's
 * {@code Cookies.binarycookies}. Only the
 * cookies the API host gets are read (and decrypted); values never leave the returned {@link Cookies}.
 */
public final class BrowserCookies {
    private BrowserCookies() {
    }

    /**
     * The cookies of {@code browser} for {@code host}; empty when this desktop has no profile of it. A profile
     * that {@code profile} names but that is not there, a store that cannot be read and a key that cannot be had
     * are a {@link CookieStoreException} (one line).
     *
     * @param profile {@code --browser-profile} (a name or a path), or null for the default profile
     */
    public static Optional<Cookies> read(Browser browser, String profile, String host, Desktop desktop, Clock clock)
            throws CookieStoreException {
        Path db = switch (browser.store()) {
            case CHROMIUM -> ChromiumStore.database(browser, desktop, profile);
            case FIREFOX -> FirefoxStore.database(desktop, profile);
            case SAFARI -> SafariStore.database(desktop, profile);
        };
        if (db == null) {
            return Optional.empty();
        }
        long now = clock.instant().getEpochSecond();
        List<Cookies.Cookie> list = switch (browser.store()) {
            case CHROMIUM -> ChromiumStore.read(browser, desktop, db, host, now);
            case FIREFOX -> FirefoxStore.read(db, host, now);
            case SAFARI -> SafariStore.read(db, host, now);
        };
        Path profileDir = browser.store() == Browser.Store.SAFARI ? db
                : db.getParent().getFileName().toString().equals("Network") ? db.getParent().getParent() : db.getParent();
        return Optional.of(Cookies.of(list, browser.id() + ":" + profileDir));
    }
}
