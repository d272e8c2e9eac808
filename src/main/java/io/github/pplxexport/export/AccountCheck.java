package io.github.pplxexport.export;

import io.github.pplxexport.config.UserConfig;
import io.github.pplxexport.json.J;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;

/**
 * Reads the session answer ({@code GET /api/auth/session}, reference-behaviour.md Appendix A, the check-session
 * route): logs whose cookie is in use, refuses to export as the wrong account when the config names the
 * account's email, and in degraded mode (no config) names the account after the session's user.
 */
public final class AccountCheck {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.auth");

    private final UserConfig config;
    private final String cookieSource;

    public AccountCheck(UserConfig config, String cookieSource) {
        this.config = config;
        this.cookieSource = cookieSource;
    }

    /** The account to export as; aborts (exit 3) when the cookie belongs to another account than the config's. */
    public String verify(Map<String, Object> session, String account) {
        Map<String, Object> user = J.map(session, "user");
        String email = J.str(user, "email");
        Labels m = Labels.messages();
        LOG.info(m.format(Label.AUTH_SESSION, cookieSource, email.isEmpty() ? m.get(Label.AUTH_NOT_LOGGED_IN) : email));
        String expected = config.account(account).map(UserConfig.Account::email).orElse("");
        if (!expected.isEmpty() && !expected.equalsIgnoreCase(email)) {
            throw new RunAbortedException("the cookie belongs to " + (email.isEmpty() ? "no logged-in account" : email)
                    + ", not to account '" + account + "' (" + expected + "): log in as " + expected
                    + " and export its cookies", null);
        }
        if (config.degraded() && UserConfig.DEGRADED_ACCOUNT.equals(account) && !J.str(user, "username").isEmpty()) {
            LOG.info("[auth] account '{}' (the session's user)", J.str(user, "username"));
            return J.str(user, "username");
        }
        return account;
    }
}
