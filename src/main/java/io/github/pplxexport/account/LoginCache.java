package io.github.pplxexport.account;

import io.github.pplxexport.api.ApiCookie;
import io.github.pplxexport.cookies.CookieCache;
import io.github.pplxexport.cookies.CookieSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;

/**
 * Bean {@code cookieCache}, the last step of a successful session check: the cookies of a browser (as switched)
 * are kept in {@code <out>/index/.cookies.json} for 12 hours, so the next run needs no flag and no keyring.
 * Cookies of a file or of the cache itself are not written again (the file is already the user's; the cache must
 * expire).
 */
public final class LoginCache {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.auth");

    private final Path out;
    /** {@link CookieSource#cacheable()}: the cookies came from a browser. */
    private final boolean cacheable;
    private final ApiCookie cookie;
    private final AccountSwitch accounts;
    private final Clock clock;

    public LoginCache(Path out, boolean cacheable, ApiCookie cookie, AccountSwitch accounts, Clock clock) {
        this.out = out;
        this.cacheable = cacheable;
        this.cookie = cookie;
        this.accounts = accounts;
        this.clock = clock;
    }

    public void save() {
        if (!cacheable) {
            return;
        }
        try {
            CookieCache.write(out, cookie.cookies(), cookie.source(), AccountSwitch.email(accounts.session()), clock);
            LOG.debug("[auth] cookies cached in {} for {} h", CookieCache.file(out), CookieCache.FRESH_FOR.toHours());
        } catch (IOException e) {
            // the run goes on; the next one reads the browser again
            LOG.warn("[auth] cannot write the cookie cache {}: {}", CookieCache.file(out), e.getMessage());
        }
    }
}
