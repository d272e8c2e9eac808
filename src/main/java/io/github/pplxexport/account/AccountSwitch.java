package io.github.pplxexport.account;

import io.github.pplxexport.api.ApiCookie;
import io.github.pplxexport.config.UserConfig;
import io.github.pplxexport.json.J;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Several accounts from one browser login (reference-cli-and-archive.md §5.4; bean {@code accountSwitch}, routes
 * {@code check-session} and {@code switch-account}): one login holds a session token per signed-in account
 * ({@code __Secure-pplx.session.<uid>}); putting one into the session cookie makes the requests that account's.
 * Which token is whose is learnt by asking the session of each (and remembered for the run), matched by the
 * account's {@code email} in the config. Tokens are secrets: only uids and e-mails are logged.
 */
public final class AccountSwitch {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.auth");

    private final ApiCookie cookie;
    private final UserConfig config;
    /** Token value to the e-mail its session answered ("" when refused). */
    private final Map<String, String> emailOfToken = new HashMap<>();
    /** Account to the token whose session is that account's. */
    private final Map<String, String> tokenOfAccount = new HashMap<>();
    private Map<String, Object> session = Map.of();

    public AccountSwitch(ApiCookie cookie, UserConfig config) {
        this.cookie = cookie;
        this.config = config;
    }

    /** One attempt to make the session an account's. */
    public static final class Switching {
        final String account;
        final String expected;
        final String before;
        final Map<String, Object> sessionBefore;
        final Deque<Map.Entry<String, String>> tokens = new ArrayDeque<>();
        Map.Entry<String, String> trying;
        boolean matched;

        Switching(String account, String expected, String before, Map<String, Object> sessionBefore) {
            this.account = account;
            this.expected = expected;
            this.before = before;
            this.sessionBefore = sessionBefore;
        }

        public boolean isHasNext() {
            return !matched && !tokens.isEmpty();
        }
    }

    /** The session answer of the token in use (check-session). */
    public void answered(Map<String, Object> answer) {
        session = answer == null ? Map.of() : answer;
        emailOfToken.put(cookie.session(), email(session));
    }

    /** The session answer of the token in use: the last one asked or switched to. */
    public Map<String, Object> session() {
        return session;
    }

    /**
     * The session is not {@code account}'s (its config e-mail is set and differs) and the login holds per-account
     * tokens to try.
     */
    public boolean otherAccount(String account) {
        String expected = expectedEmail(account);
        return !expected.isEmpty() && !expected.equalsIgnoreCase(email(session)) && !cookie.accountTokens().isEmpty();
    }

    /**
     * The token in use is {@code account}'s: the session check accepted it, or a run that starts as that account
     * trusts it (with {@code --skip-auth-check} nothing was asked).
     */
    public void inUseFor(String account) {
        tokenOfAccount.put(account, cookie.session());
    }

    /**
     * Starts making the session {@code account}'s: nothing to ask when its token is known (it is put in use at
     * once); else the tokens whose owner is not known yet are queued.
     */
    public Switching start(String account) {
        Switching s = new Switching(account, expectedEmail(account), cookie.session(), session);
        String known = tokenOfAccount.get(account);
        if (known != null) {
            if (!known.equals(cookie.session())) {
                cookie.useSession(known);
                LOG.info("[auth] switched to account '{}'", account);
            }
            s.matched = true;
            return s;
        }
        if (s.expected.isEmpty()) {
            LOG.warn("[auth] account '{}' has no email in the config: its session token cannot be told from the others",
                    account);
            return s;
        }
        Map<String, String> seen = new LinkedHashMap<>();
        cookie.accountTokens().forEach((uid, token) -> {
            String owner = emailOfToken.get(token);
            if (owner == null) {
                seen.putIfAbsent(token, uid);
            } else if (owner.equalsIgnoreCase(s.expected)) {
                s.tokens.clear();
                s.tokens.add(Map.entry(uid, token));
            }
        });
        if (s.tokens.isEmpty()) {
            seen.forEach((token, uid) -> s.tokens.add(Map.entry(uid, token)));
        }
        LOG.info("[auth] the session is {}, not {} ('{}'): trying {} account token(s) of the same login",
                display(email(session)), s.expected, account, s.tokens.size());
        return s;
    }

    /** Puts the next token into the session cookie. */
    public void next(Switching s) {
        s.trying = s.tokens.poll();
        cookie.useSession(s.trying.getValue());
    }

    /** The session answer of the token being tried. */
    public void answered(Switching s, Map<String, Object> answer) {
        String email = email(answer);
        emailOfToken.put(s.trying.getValue(), email);
        LOG.debug("[auth] account token {}: {}", s.trying.getKey(), display(email));
        if (!email.isEmpty() && email.equalsIgnoreCase(s.expected)) {
            s.matched = true;
            session = answer;
            tokenOfAccount.put(s.account, s.trying.getValue());
            LOG.info("[auth] switched to {} (account '{}', token {})", email, s.account, s.trying.getKey());
        }
    }

    /** The token being tried was refused (401/403: signed out, expired); {@code why} is the failure's line. */
    public void refused(Switching s, String why) {
        emailOfToken.put(s.trying.getValue(), "");
        LOG.warn("[auth] account token {} was refused ({}): skipped", s.trying.getKey(), why);
    }

    /** True when the session is now the account's; otherwise the token in use before is put back. */
    public boolean finish(Switching s) {
        if (!s.matched && !s.before.equals(cookie.session())) {
            cookie.useSession(s.before);
            session = s.sessionBefore;
        }
        return s.matched;
    }

    /** The e-mail of a session answer, "" when not logged in. */
    public static String email(Map<String, Object> answer) {
        return J.str(J.map(answer, "user"), "email");
    }

    private String expectedEmail(String account) {
        return config.account(account).map(UserConfig.Account::email).orElse("");
    }

    private static String display(String email) {
        return email.isEmpty() ? "no logged-in account" : email;
    }
}
