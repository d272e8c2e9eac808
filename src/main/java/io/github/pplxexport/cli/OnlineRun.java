package io.github.pplxexport.cli;

import io.github.pplxexport.api.Cookies;
import io.github.pplxexport.camel.ApiErrors;
import io.github.pplxexport.camel.PplxRuntime;
import io.github.pplxexport.config.ConfigException;
import io.github.pplxexport.config.UserConfig;
import org.apache.camel.CamelExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
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

    /** The account as configured; the session check may rename the degraded-mode one. */
    final String account;
    final boolean checkSession;
    final Path routes;
    final Map<String, String> properties;

    private OnlineRun(String account, boolean checkSession, Path routes, Map<String, String> properties) {
        this.account = account;
        this.checkSession = checkSession;
        this.routes = routes;
        this.properties = properties;
    }

    /**
     * Resolves everything a run needs before Camel starts. Properties, later wins: the config's archive_root,
     * {@code -D} and the command's own flags, then --out, --base-url, --config, --cookies and the account.
     */
    static OnlineRun prepare(GlobalOptions g, boolean skipAuthCheck, Map<String, String> commandFlags) {
        UserConfig config;
        try {
            config = UserConfig.load(g.config);
        } catch (ConfigException e) {
            throw new UsageException(e.getMessage());
        }
        if (g.cookies != null) {
            Cookies cookies;
            try {
                cookies = Cookies.read(g.cookies);
            } catch (IOException | RuntimeException e) {
                throw new UsageException(e.getMessage());
            }
            cookies.sessionWarning().ifPresent(w -> LOG.warn("[auth] {}", w));
        }
        Map<String, String> props = new LinkedHashMap<>();
        config.archiveRoot().ifPresent(p -> props.put("pplx.archive.root", p.toAbsolutePath().normalize().toString()));
        props.putAll(g.properties(commandFlags));
        if (g.out != null) {
            props.put("pplx.archive.root", g.out().toString());
        }
        // a folder that cannot be made is one line before any network, not an error after the first fetch
        GlobalOptions.writable(Path.of(props.getOrDefault("pplx.archive.root", "web_archive")));
        String account;
        try {
            account = config.resolveAccount(g.account);
        } catch (ConfigException e) {
            throw new UsageException(e.getMessage());
        }
        if (skipAuthCheck && UserConfig.DEGRADED_ACCOUNT.equals(account)) {
            LOG.warn("[config] --skip-auth-check: no session check to name the account; running as placeholder account '{}'",
                    account);
        }
        if (g.baseUrl != null) {
            props.put("pplx.api.base-url", g.baseUrl);
        }
        props.put("pplx.config.file", config.file().map(p -> p.toAbsolutePath().toString()).orElse(""));
        props.put("pplx.api.cookies-file", g.cookies == null ? "" : g.cookies.toAbsolutePath().toString());
        props.put("pplx.account", account);
        return new OnlineRun(account, !skipAuthCheck, g.routes, props);
    }

    /**
     * On a fresh Camel Main: the session check, then {@code request} (built for the account the check resolved)
     * sent to {@code endpoint}; returns the reply.
     */
    <T> T run(String endpoint, Function<String, Object> request, Class<T> type) {
        try (PplxRuntime runtime = start()) {
            String resolved = session(runtime);
            return call(runtime, () -> runtime.request(endpoint, request.apply(resolved), type));
        }
    }

    /** The account to export as: the check-session route's answer, or the configured one with --skip-auth-check. */
    String session(PplxRuntime runtime) {
        return checkSession ? call(runtime, () -> runtime.request("direct:check-session", account, String.class)) : account;
    }

    /** The same run with more properties (they win). */
    OnlineRun withProperties(Map<String, String> more) {
        Map<String, String> props = new LinkedHashMap<>(properties);
        props.putAll(more);
        return new OnlineRun(account, checkSession, routes, props);
    }

    /** Camel Main with this run's properties (the caller closes it); a SIGTERM or Ctrl-C stops it. */
    PplxRuntime start() {
        PplxRuntime runtime = PplxRuntime.start(routes, properties, Map.of());
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
            if (why != null) {
                throw new Outcome.Unreachable(runtime.context().resolvePropertyPlaceholders("{{pplx.api.base-url}}"), why, cause);
            }
            throw e;
        }
    }
}
