package io.github.pplxexport.account;

import io.github.pplxexport.api.ApiCookie;
import io.github.pplxexport.ask.ModelCatalog;
import io.github.pplxexport.export.RunAbortedException;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.space.SpaceRequests;
import io.github.pplxexport.text.Timestamps;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The bookkeeping of {@code init} (bean {@code initAccounts}, route {@code init}; reference-cli-and-archive.md
 * §2.2): the session of the login's active token and of each per-account token tells the accounts (key: the local
 * part of the e-mail, {@code -2}, {@code -3} on a collision; the active one is the default); a space whose title
 * is the BOT title (any case) is the BOT space, or one is created when asked; the model catalog is kept as
 * {@code models --refresh} keeps it ({@link ModelCatalog#refresh}: the archive's {@code index/models_cache.json}, where
 * {@code ask} reads it) when it can be had; then the config is written. Tokens are secrets: only uids and e-mails are
 * logged.
 */
public final class AccountDiscovery {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.init");

    private final ApiCookie cookie;
    private final Path archiveRoot;
    private final Clock clock;

    /** @param archiveRoot where the model catalog goes ({@code <out>/index/models_cache.json}) */
    public AccountDiscovery(ApiCookie cookie, Path archiveRoot, Clock clock) {
        this.cookie = cookie;
        this.archiveRoot = archiveRoot;
        this.clock = clock;
    }

    /** One init's state, in variable {@code init}. */
    public static final class Run {
        final InitRequest request;
        final Deque<String[]> tokens = new ArrayDeque<>();
        final Set<String> emails = new HashSet<>();
        final List<InitConfig.Account> accounts = new ArrayList<>();
        final Map<String, String> tokenOfKey = new LinkedHashMap<>();
        String[] trying;
        String defaultKey;
        String botUuid = "";
        String botSlug = "";
        boolean spacesUnknown;
        Path models;

        Run(InitRequest request) {
            this.request = request;
        }

        public boolean isHasNext() {
            return !tokens.isEmpty();
        }
    }

    /** The tokens to ask: the active session first, then each per-account token with another value. */
    public Run start(InitRequest request) {
        Run run = new Run(request);
        String active = cookie.originalSession();
        Map<String, String> tokens = cookie.accountTokens();
        Set<String> values = new HashSet<>();
        if (!active.isEmpty()) {
            String uid = tokens.entrySet().stream().filter(e -> e.getValue().equals(active)).map(Map.Entry::getKey)
                    .findFirst().orElse("");
            run.tokens.add(new String[]{uid, active, "active"});
            values.add(active);
        }
        tokens.forEach((uid, token) -> {
            if (values.add(token)) {
                run.tokens.add(new String[]{uid, token, ""});
            }
        });
        LOG.info("[init] {} session token(s) in {}", run.tokens.size(), cookie.source());
        return run;
    }

    public void next(Run run) {
        run.trying = run.tokens.poll();
        cookie.useSession(run.trying[1]);
    }

    /** A token's session: a new account when it names an e-mail not seen yet. */
    public void answered(Run run, Map<String, Object> session) {
        Map<String, Object> user = J.map(session, "user");
        String email = J.str(user, "email");
        String uid = run.trying[0];
        if (email.isEmpty()) {
            LOG.warn("[init] token {}: not logged in, skipped", uid.isEmpty() ? "(active)" : uid);
            return;
        }
        if (!run.emails.add(email.toLowerCase(Locale.ROOT))) {
            return;
        }
        String key = key(email, run.accounts);
        String name = J.str(user, "name");
        run.accounts.add(new InitConfig.Account(key, name.isEmpty() ? key : name, email, uid));
        run.tokenOfKey.put(key, run.trying[1]);
        if (run.defaultKey == null && "active".equals(run.trying[2])) {
            run.defaultKey = key;
        }
        LOG.info("[init] account '{}': {}", key, email);
    }

    /** A token whose session was refused (401/403). */
    public void refused(Run run, String why) {
        LOG.warn("[init] token {} was refused ({}): skipped", run.trying[0].isEmpty() ? "(active)" : run.trying[0], why);
    }

    /** After the tokens: the default account's token in use for what follows; no account at all is an abort. */
    public void accountsFound(Run run) {
        if (run.accounts.isEmpty()) {
            throw new RunAbortedException("no logged-in account in " + cookie.source()
                    + ": log in to perplexity.ai in the browser (or give --cookies-from / --cookies) and run init again", null);
        }
        if (run.defaultKey == null) {
            run.defaultKey = run.accounts.get(0).key();
        }
        cookie.useSession(run.tokenOfKey.get(run.defaultKey));
    }

    /** The default account's spaces (list_user_collections: a list, or {@code {collections: [...]}}). */
    public void spaces(Run run, Object answer) {
        List<Object> list = answer instanceof List<?> ? J.asList(answer) : J.list(answer, "collections");
        for (Object s : list) {
            if (J.str(s, "title").strip().equalsIgnoreCase(run.request.botTitle().strip())) {
                run.botUuid = J.str(s, "uuid");
                run.botSlug = J.str(s, "slug");
                LOG.info("[init] BOT space: '{}' ({})", J.str(s, "title"), run.botSlug);
                return;
            }
        }
        LOG.info("[init] no space titled '{}'{}", run.request.botTitle(),
                run.request.createSpace() ? ": creating it" : ": [bot_space] left empty (--create-bot-space creates it)");
    }

    public void spacesFailed(Run run, String why) {
        run.spacesUnknown = true;
        LOG.warn("[init] cannot list the spaces ({}): [bot_space] left empty{}", why,
                run.request.createSpace() ? ", and none is created (one may exist already)" : "");
    }

    /** Create the BOT space: asked for, the spaces could be listed, and none has the title. */
    public boolean createSpace(Run run) {
        return run.request.createSpace() && run.botUuid.isEmpty() && !run.spacesUnknown;
    }

    /** The BOT space to create, as the shared create-space route takes it. */
    public Map<String, Object> newSpace(Run run) {
        return SpaceRequests.newSpace(run.request.botTitle(), "");
    }

    public void created(Run run, Map<String, Object> space) {
        run.botUuid = J.str(space, "uuid");
        run.botSlug = J.str(space, "slug");
        LOG.info("[init] BOT space created: '{}' ({})", run.request.botTitle(), run.botSlug);
    }

    /** The model table, kept as the catalog {@code ask} reads (the one writer of models --refresh). */
    public void models(Run run, Map<String, Object> config) throws IOException {
        run.models = ModelCatalog.refresh(archiveRoot, config, clock.instant());
        LOG.info("[init] model catalog saved: {}", run.models);
    }

    public void modelsFailed(Run run, String why) {
        LOG.warn("[init] cannot fetch the model table ({}): no model catalog (models --refresh makes it)", why);
    }

    /** Writes the config and returns the summary line's JSON. */
    public String write(Run run) throws IOException {
        String stamp = Timestamps.nowUtc(clock);
        InitConfig.write(run.request.config(), InitConfig.toml(cookie.source(), stamp, run.defaultKey, run.accounts,
                run.botUuid, run.botSlug));
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("config", run.request.config().toString());
        summary.put("accounts", run.accounts.stream().map(InitConfig.Account::key).toList());
        summary.put("default_account", run.defaultKey);
        Map<String, Object> bot = new LinkedHashMap<>();
        bot.put("uuid", run.botUuid.isEmpty() ? null : run.botUuid);
        bot.put("slug", run.botSlug.isEmpty() ? null : run.botSlug);
        summary.put("bot_space", bot);
        summary.put("models_cache", run.models == null ? null : run.models.toString());
        return PyJson.compact(summary);
    }

    /** The local part of the e-mail; {@code -2}, {@code -3}, ... when an earlier account has it. */
    static String key(String email, List<InitConfig.Account> earlier) {
        int at = email.indexOf('@');
        String base = at > 0 ? email.substring(0, at) : email;
        String key = base;
        for (int n = 2; taken(key, earlier); n++) {
            key = base + "-" + n;
        }
        return key;
    }

    private static boolean taken(String key, List<InitConfig.Account> earlier) {
        return earlier.stream().anyMatch(a -> a.key().equals(key));
    }
}
