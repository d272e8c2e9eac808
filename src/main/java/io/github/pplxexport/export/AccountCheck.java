package io.github.pplxexport.export;

import io.github.pplxexport.api.ApiException;
import io.github.pplxexport.api.PerplexityApi;
import io.github.pplxexport.config.UserConfig;
import io.github.pplxexport.json.J;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.Optional;

/**
 * The startup session probe ({@code GET /api/auth/session}, reference-behaviour.md Appendix A): logs whose
 * cookie is in use and refuses to export as the wrong account when the config names the account's email.
 */
public final class AccountCheck {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.auth");

    private final PerplexityApi api;
    private final UserConfig config;
    private final String cookieSource;

    public AccountCheck(PerplexityApi api, UserConfig config, String cookieSource) {
        this.api = api;
        this.config = config;
        this.cookieSource = cookieSource;
    }

    /** The session user ({@code {email, username, …}}); aborts on a mismatch with the configured email. */
    public Map<String, Object> verify(String account) {
        Map<String, Object> user = J.map(api.session(), "user");
        String email = J.str(user, "email");
        LOG.info("[auth] cookie 来源 {}，当前账户: {}", cookieSource, email.isEmpty() ? "(未登录)" : email);
        Optional<UserConfig.Account> registered = config.account(account);
        String expected = registered.map(UserConfig.Account::email).orElse("");
        if (!expected.isEmpty() && !expected.equalsIgnoreCase(email)) {
            throw new RunAbortedException("the cookie belongs to " + (email.isEmpty() ? "no logged-in account" : email)
                    + ", not to account '" + account + "' (" + expected + "): log in as " + expected
                    + " and export its cookies", new ApiException.Auth("account mismatch", 200));
        }
        return user;
    }
}
