package io.github.pplxexport.cookies;

import io.github.pplxexport.api.Cookies;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a run's cookies come from (reference-cli-and-archive.md §5.5, issue 19), first that applies:
 * {@code --cookies-from BROWSER}, {@code --cookies FILE}, a fresh cache ({@code <out>/index/.cookies.json}, 12 h),
 * then the first of Firefox, Chrome, Chromium, Edge and Safari whose store holds a session for the API host. Nothing found:
 * no cookies (the session check then says "not logged in").
 *
 * @param cookies   the cookies (values hidden from every toString)
 * @param kind      where they came from
 * @param source    how the auth line names it ({@code firefox:<profile>}, {@code file:<path>}, {@code cache:<path> …})
 */
public record CookieSource(Cookies cookies, Kind kind, String source) {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.auth");

    /** Where cookies came from; only a browser's are cached (a cookie file is already a file of the user's). */
    public enum Kind { BROWSER, FILE, CACHE, NONE }

    /** What the command line says about cookies. */
    public record Request(Browser browser, String profile, Path file, Path out, String host) {
    }

    public boolean cacheable() {
        return kind == Kind.BROWSER;
    }

    @Override
    public String toString() {
        return "CookieSource[" + kind + " " + source + ", " + cookies.all().size() + " cookies, values hidden]";
    }

    /** No cookies at all (a run that sends no request, or none was found). */
    public static CookieSource none() {
        return new CookieSource(Cookies.of(List.of(), "(none)"), Kind.NONE, "(none)");
    }

    /**
     * Resolves the cookies of a run. A named browser or file that cannot be read is an exception whose message is
     * one line; a browser found by the auto-detection that cannot be read is skipped (at debug level).
     */
    public static CookieSource resolve(Request r, Desktop desktop, Clock clock) throws CookieStoreException, IOException {
        if (r.browser() != null) {
            Cookies c = BrowserCookies.read(r.browser(), r.profile(), r.host(), desktop, clock)
                    .orElseThrow(() -> new CookieStoreException("no " + r.browser().label() + " profile found (looked in "
                            + r.browser().roots(desktop) + "); name one with --browser-profile NAME|PATH, or "
                            + CookieStoreException.INSTEAD));
            if (!hasSession(c, r.host())) {
                LOG.warn("[auth] {} holds no {} cookie for {}: log in to perplexity.ai in that browser first",
                        c.source(), Cookies.SESSION_COOKIE, r.host());
            }
            return new CookieSource(c, Kind.BROWSER, c.source());
        }
        if (r.file() != null) {
            Cookies c = Cookies.read(r.file());
            c.sessionWarning().ifPresent(w -> LOG.warn("[auth] {}", w));
            return new CookieSource(c, Kind.FILE, c.source());
        }
        if (r.out() != null) {
            Optional<Cookies> cached = CookieCache.readFresh(r.out(), clock);
            if (cached.isPresent()) {
                return new CookieSource(cached.get(), Kind.CACHE, cached.get().source());
            }
        }
        List<String> skipped = new ArrayList<>();
        for (Browser b : Browser.AUTO_DETECT) {
            try {
                Optional<Cookies> c = BrowserCookies.read(b, null, r.host(), desktop, clock);
                if (c.isPresent() && hasSession(c.get(), r.host())) {
                    LOG.info("[auth] cookies found in {} ({})", b.label(), c.get().source());
                    return new CookieSource(c.get(), Kind.BROWSER, c.get().source());
                }
                if (c.isPresent()) {
                    skipped.add(b.label() + ": no session for " + r.host());
                }
            } catch (CookieStoreException e) {
                skipped.add(b.label() + ": " + e.getMessage());
            }
        }
        LOG.warn("[auth] no cookies: neither --cookies-from BROWSER nor --cookies FILE, no fresh cache, and no browser"
                + " logged in to {} was found{}", r.host(), skipped.isEmpty() ? "" : " (" + String.join("; ", skipped) + ")");
        return none();
    }

    /** A login for {@code host}: its session cookie or a per-account session token. */
    static boolean hasSession(Cookies c, String host) {
        return c.all().stream().anyMatch(k -> k.matchesHost(host)
                && (k.name().equals(Cookies.SESSION_COOKIE) || k.name().startsWith(Cookies.ACCOUNT_TOKEN_PREFIX)));
    }
}
