package io.github.pplxexport.cli;

import io.github.pplxexport.camel.AccountBeans;
import io.github.pplxexport.camel.ApiErrors;
import io.github.pplxexport.camel.PplxBeans;
import io.github.pplxexport.camel.PplxRuntime;
import io.github.pplxexport.api.Cookies;
import io.github.pplxexport.api.PageFetchException;
import io.github.pplxexport.library.ReadAhead;
import io.github.pplxexport.config.ConfigException;
import io.github.pplxexport.config.UserConfig;
import io.github.pplxexport.export.RunAbortedException;
import io.github.pplxexport.cookies.Browser;
import io.github.pplxexport.cookies.CookieCache;
import io.github.pplxexport.cookies.CookieSource;
import io.github.pplxexport.cookies.CookieStoreException;
import io.github.pplxexport.cookies.Desktop;
import org.apache.camel.CamelExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * What every command that talks to the API does around its route: resolve config, account and cookies into
 * the pipeline's properties (archive root, config file, cookie file, base URL), start Camel Main, check the
 * session (route check-session) and send the command's request ({@link Outcome} maps how it ended to the exit
 * code).
 */
final class OnlineRun {
    private static final Logger LOG = LoggerFactory.getLogger("pplx");
    static final String TRANSPORT = "pplx.api.transport";
    static final String WEBBRIDGE_URL = "pplx.webbridge.url";
    static final String WEBBRIDGE = PplxBeans.WEBBRIDGE;
    /** The session check's route, sent to before a run's own request. */
    static final String CHECK_SESSION = "direct:check-session";

    /** The account as configured; the session check may rename the degraded-mode one. */
    final String account;
    final boolean checkSession;
    final Path routes;
    final Map<String, String> properties;
    /** The run's cookies, bound as bean {@value AccountBeans#COOKIE_SOURCE}. */
    final CookieSource cookies;

    private OnlineRun(String account, boolean checkSession, Path routes, Map<String, String> properties,
                      CookieSource cookies) {
        this.account = account;
        this.checkSession = checkSession;
        this.routes = routes;
        this.properties = properties;
        this.cookies = cookies;
    }

    /**
     * Resolves everything a run needs before Camel starts. Properties, later wins: the config's archive_root,
     * {@code -D} and the command's own flags, then --out, --base-url, --config, --cookies and the account.
     */
    static OnlineRun prepare(GlobalOptions g, boolean skipAuthCheck, Map<String, String> commandFlags) {
        return prepare(g, skipAuthCheck, commandFlags, true);
    }

    /**
     * A run that will send no request (a backfill with nothing to fetch, reference §2.10 "a purely local run builds no
     * transport"): the config's archive root and account as {@link #prepare}, but no cookie read and no session check.
     */
    static OnlineRun local(GlobalOptions g, Map<String, String> commandFlags) {
        return prepare(g, true, commandFlags, false);
    }

    private static OnlineRun prepare(GlobalOptions g, boolean skipAuthCheck, Map<String, String> commandFlags,
                                     boolean readCookies) {
        UserConfig config;
        try {
            config = UserConfig.load(g.config);
        } catch (ConfigException e) {
            throw new UsageException(e.getMessage());
        }
        Map<String, String> props = new LinkedHashMap<>();
        config.archiveRoot().ifPresent(p -> props.put("pplx.archive.root", p.toAbsolutePath().normalize().toString()));
        props.putAll(g.properties(commandFlags));
        if (g.out != null) {
            props.put("pplx.archive.root", g.out().toString());
        }
        if (g.baseUrl != null) {
            props.put("pplx.api.base-url", g.baseUrl);
        }
        Path root = archiveRoot(props);
        // a cookie source that cannot be read is the first thing said, before the account's warnings
        CookieSource cookies = !readCookies ? CookieSource.none() : viaWebBridge(g, props) ? webBridgeSource(props)
                : cookies(g, root, props.getOrDefault("pplx.api.base-url", GlobalOptions.builtIn("pplx.api.base-url")));
        // a folder that cannot be made is one line before any network, not an error after the first fetch
        GlobalOptions.writable(root);
        String account;
        try {
            account = config.resolveAccount(g.account);
        } catch (ConfigException e) {
            throw new UsageException(e.getMessage());
        }
        if (readCookies && skipAuthCheck && UserConfig.DEGRADED_ACCOUNT.equals(account)) {
            LOG.warn("[config] --skip-auth-check: no session check to name the account; running as placeholder account '{}'",
                    account);
        }
        props.put("pplx.config.file", config.file().map(p -> p.toAbsolutePath().toString()).orElse(""));
        props.put("pplx.api.cookies-file", g.cookies == null ? "" : g.cookies.toAbsolutePath().toString());
        props.put("pplx.account", account);
        return new OnlineRun(account, !skipAuthCheck, g.routes, props, cookies);
    }

    /**
     * A run that reads no user config and checks no session ({@code init}, which writes the config): the archive
     * root, base URL and cookies of the command line, the degraded placeholder account.
     */
    static OnlineRun withoutConfig(GlobalOptions g, Map<String, String> commandFlags) {
        Map<String, String> props = withoutConfigProperties(g, commandFlags);
        if (viaWebBridge(g, props)) {
            throw new UsageException("init reads the login's accounts from the browser's cookies, which --transport"
                    + " webbridge does not give: use --cookies-from BROWSER or --cookies FILE");
        }
        CookieSource cookies = cookies(g, g.out(), props.getOrDefault("pplx.api.base-url",
                GlobalOptions.builtIn("pplx.api.base-url")));
        return new OnlineRun(UserConfig.DEGRADED_ACCOUNT, false, g.routes, props, cookies);
    }

    /**
     * {@code debug-js}: no config, no session check, always through WebBridge (the daemon of --webbridge-url).
     */
    static OnlineRun webBridgeOnly(GlobalOptions g) {
        Map<String, String> props = withoutConfigProperties(g, Map.of(TRANSPORT, WEBBRIDGE));
        if (!viaWebBridge(g, props)) {
            throw new UsageException("debug-js runs the code in the browser's tab through WebBridge: --transport "
                    + g.transport + " does not apply");
        }
        return new OnlineRun(UserConfig.DEGRADED_ACCOUNT, false, g.routes, props, webBridgeSource(props));
    }

    /** The properties of a run without a config: the command line's archive root and base URL, no cookie file. */
    private static Map<String, String> withoutConfigProperties(GlobalOptions g, Map<String, String> commandFlags) {
        Map<String, String> props = new LinkedHashMap<>(g.properties(commandFlags));
        props.put("pplx.archive.root", g.out().toString());
        if (g.baseUrl != null) {
            props.put("pplx.api.base-url", g.baseUrl);
        }
        props.put("pplx.config.file", "");
        props.put("pplx.api.cookies-file", "");
        props.put("pplx.account", UserConfig.DEGRADED_ACCOUNT);
        return props;
    }

    /**
     * Whether the run goes through WebBridge (--transport, else -D pplx.api.transport), its properties set; a
     * transport that is neither, WebBridge with a cookie flag, or --webbridge-url without it is a usage error.
     */
    static boolean viaWebBridge(GlobalOptions g, Map<String, String> props) {
        String t = (g.transport != null ? g.transport : props.getOrDefault(TRANSPORT, GlobalOptions.builtIn(TRANSPORT)))
                .strip().toLowerCase(Locale.ROOT);
        if (!t.equals("cookie") && !t.equals(WEBBRIDGE)) {
            throw new UsageException("--transport " + t + ": one of cookie, webbridge");
        }
        boolean webBridge = t.equals(WEBBRIDGE);
        if (webBridge && (g.cookies != null || g.cookiesFrom != null)) {
            throw new UsageException("--transport webbridge sends every request from the browser's own tab, with its"
                    + " cookies: it cannot be combined with " + (g.cookiesFrom != null ? "--cookies-from" : "--cookies"));
        }
        if (!webBridge && g.webbridgeUrl != null) {
            throw new UsageException("--webbridge-url needs --transport webbridge");
        }
        props.put(TRANSPORT, t);
        if (g.webbridgeUrl != null) {
            props.put(WEBBRIDGE_URL, g.webbridgeUrl);
        }
        return webBridge;
    }

    /** No cookies of this program's own: the browser's tab sends them. */
    private static CookieSource webBridgeSource(Map<String, String> props) {
        String daemon = props.getOrDefault(WEBBRIDGE_URL, GlobalOptions.builtIn(WEBBRIDGE_URL));
        LOG.info("[auth] WebBridge: every request goes from the browser's tab through the daemon at {}", daemon);
        return new CookieSource(Cookies.of(List.of(), "(webbridge)"), CookieSource.Kind.NONE, "webbridge:" + daemon);
    }

    /**
     * The run's cookies (reference-cli-and-archive.md §5.5): --cookies-from, --cookies, the fresh cache of
     * {@code out}, then the browsers logged in to the API host. A named source that cannot be read is a usage error.
     */
    static CookieSource cookies(GlobalOptions g, Path out, String baseUrl) {
        if (g.cookiesFrom != null && g.cookies != null) {
            throw new UsageException("--cookies-from and --cookies: give one of them");
        }
        if (g.browserProfile != null && g.cookiesFrom == null) {
            throw new UsageException("--browser-profile needs --cookies-from BROWSER");
        }
        try {
            Browser browser = g.cookiesFrom == null ? null : Browser.of(g.cookiesFrom);
            String host = URI.create(baseUrl).getHost();
            return CookieSource.resolve(new CookieSource.Request(browser, g.browserProfile, g.cookies,
                    out.toAbsolutePath().normalize(), host), Desktop.current(), Clock.systemUTC());
        } catch (CookieStoreException | IOException | RuntimeException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * On a fresh Camel Main: the session check, then {@code request} (built for the account the check resolved)
     * sent to {@code endpoint}; returns the reply.
     */
    <T> T run(String endpoint, Function<String, Object> request, Class<T> type) {
        try (PplxRuntime runtime = startFor(endpoint)) {
            if (readAhead) {
                // while the session check and the listing's first page are on their way (after Camel's start,
                // whose garbage is gone by then: both at once would grow the heap)
                ReadAhead.start(archiveRoot(), account);
            }
            String resolved = session(runtime);
            return call(runtime, () -> runtime.request(endpoint, request.apply(resolved), type));
        }
    }

    /** The account to export as: the check-session route's answer, or the configured one with --skip-auth-check. */
    String session(PplxRuntime runtime) {
        if (!checkSession) {
            return account;
        }
        try {
            return call(runtime, () -> runtime.request(CHECK_SESSION, account, String.class));
        } catch (CamelExecutionException e) {
            Integer status = Outcome.unwrap(e) instanceof Exception x ? new ApiErrors().status(x) : null;
            if (cookies.kind() == CookieSource.Kind.CACHE && status != null && (status == 401 || status == 403)) {
                // the browser has logged in again since: the cache would refuse every run for hours
                Path cache = CookieCache.file(archiveRoot());
                try {
                    Files.deleteIfExists(cache);
                } catch (IOException ignored) {
                    // the message below says what to do either way
                }
                throw new RunAbortedException("the cached login " + cache + " was refused (HTTP " + status
                        + "): it is deleted; run again to read the browser's cookies", e);
            }
            throw e;
        }
    }

    /** The run's archive root ({@code pplx.archive.root}, else ./web_archive), absolute. */
    Path archiveRoot() {
        return archiveRoot(properties);
    }

    private static Path archiveRoot(Map<String, String> props) {
        return Path.of(props.getOrDefault("pplx.archive.root", "web_archive")).toAbsolutePath().normalize();
    }

    private boolean readAhead;

    /** This run plans from the library index and the batch state: they are read while its first requests wait. */
    OnlineRun readingAhead() {
        readAhead = true;
        return this;
    }

    /** The same run with more properties (they win). */
    OnlineRun withProperties(Map<String, String> more) {
        Map<String, String> props = new LinkedHashMap<>(properties);
        props.putAll(more);
        return new OnlineRun(account, checkSession, routes, props, cookies);
    }

    /**
     * Camel Main with this run's properties and the routes of the services the command runs ({@link
     * PplxRuntime#NOT_IN_PIPELINE}); the caller closes it; a SIGTERM or Ctrl-C stops it.
     */
    PplxRuntime start(List<String> services) {
        return start(services, List.of(), List.of());
    }

    /**
     * Camel Main for a command that sends only to {@code endpoints}, after the session check when this run checks it
     * ({@link #session}): the routes it cannot reach are not created, which is most of an online command's start.
     */
    PplxRuntime startFor(String... endpoints) {
        List<String> inOrder = new java.util.ArrayList<>(List.of(endpoints));
        if (checkSession) {
            inOrder.add(0, CHECK_SESSION);
        }
        return startSending(inOrder);
    }

    /**
     * Camel Main for a command that sends only to {@code inOrder}, the first of them first: that request goes out once
     * its own routes run, the others' routes are made meanwhile.
     */
    PplxRuntime startSending(List<String> inOrder) {
        return start(List.of(), inOrder, inOrder.subList(0, 1));
    }

    private PplxRuntime start(List<String> services, List<String> entries, List<String> first) {
        PplxRuntime runtime = PplxRuntime.start(routes, properties, Map.of(AccountBeans.COOKIE_SOURCE, cookies), services, entries, first);
        StopSignals.stopWith(runtime::abort);
        return runtime;
    }

    /**
     * A route's failure as the run's outcome: what the routes' failure policy threw as it is (an abort, no
     * index); a request that got no answer after its retries (the session check, the index) as the API that
     * cannot be reached; the rest is mapped by {@link Outcome}.
     */
    private static <T> T call(PplxRuntime runtime, java.util.function.Supplier<T> route) {
        try {
            return route.get();
        } catch (CamelExecutionException e) {
            Throwable cause = Outcome.unwrap(e);
            String why = cause instanceof Exception x && !StopSignals.received().isPresent() ? ApiErrors.noAnswer(x) : null;
            // through WebBridge this program talks only to the daemon: no answer at all is the daemon's (the page's
            // own fetch that got none is a PageFetchException: the API's)
            if (why != null && WEBBRIDGE.equals(runtime.context().resolvePropertyPlaceholders("{{" + TRANSPORT + "}}"))
                    && !(cause instanceof PageFetchException)) {
                throw new Outcome.Unreachable("the WebBridge daemon at " + runtime.context().resolvePropertyPlaceholders(
                        "{{" + WEBBRIDGE_URL + "}}"), why, "start it, with perplexity.ai open in the browser", cause);
            }
            if (why != null) {
                throw new Outcome.Unreachable(runtime.context().resolvePropertyPlaceholders("{{pplx.api.base-url}}"), why, cause);
            }
            throw e;
        }
    }
}
