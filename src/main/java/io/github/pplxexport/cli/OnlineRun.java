package io.github.pplxexport.cli;

import io.github.pplxexport.api.ApiException;
import io.github.pplxexport.api.Cookies;
import io.github.pplxexport.api.PerplexityApi;
import io.github.pplxexport.camel.PplxRuntime;
import io.github.pplxexport.config.ConfigException;
import io.github.pplxexport.config.UserConfig;
import io.github.pplxexport.export.AccountCheck;
import io.github.pplxexport.export.BatchSummary;
import io.github.pplxexport.export.ExportSettings;
import io.github.pplxexport.export.RunAbortedException;
import io.github.pplxexport.json.J;
import org.apache.camel.CamelExchangeException;
import org.apache.camel.CamelExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * What every command that talks to the API does before and after its route runs: resolve config, archive
 * root, account and cookies; probe the session; start Camel Main with the settings bound; map the outcome
 * to an exit code (0 ok, 1 some threads failed, 2 usage/config, 3 aborted).
 */
final class OnlineRun {
    private static final Logger LOG = LoggerFactory.getLogger("pplx");

    final Path out;
    final String account;
    final UserConfig config;
    final PerplexityApi api;
    final Path routes;
    final Map<String, String> properties;

    private OnlineRun(Path out, String account, UserConfig config, PerplexityApi api, Path routes,
                      Map<String, String> properties) {
        this.out = out;
        this.account = account;
        this.config = config;
        this.api = api;
        this.routes = routes;
        this.properties = properties;
    }

    /** Resolves everything a run needs; {@code properties} override application.properties. */
    static OnlineRun prepare(GlobalOptions g, boolean skipAuthCheck, Map<String, String> properties) {
        UserConfig config;
        try {
            config = UserConfig.load(g.config);
        } catch (ConfigException e) {
            throw new UsageException(e.getMessage());
        }
        Cookies cookies = null;
        String cookieSource = "(none)";
        if (g.cookies != null) {
            try {
                cookies = Cookies.read(g.cookies);
                cookieSource = cookies.source();
            } catch (IOException | RuntimeException e) {
                throw new UsageException(e.getMessage());
            }
            cookies.sessionWarning().ifPresent(w -> LOG.warn("[auth] {}", w));
        }
        Path out = g.writableArchiveRoot(config);
        properties = g.properties(properties);
        Map<String, String> props = new HashMap<>(defaults());
        props.putAll(properties);
        String baseUrl = g.baseUrl != null ? g.baseUrl : props.get("pplx.api.base-url");
        PerplexityApi api = new PerplexityApi(baseUrl, cookies, props.get("pplx.api.user-agent"),
                Duration.ofSeconds(Long.parseLong(props.get("pplx.api.thread-timeout-seconds"))),
                Duration.ofSeconds(Long.parseLong(props.get("pplx.api.timeout-seconds"))));
        String account;
        try {
            account = config.resolveAccount(g.account);
        } catch (ConfigException e) {
            throw new UsageException(e.getMessage());
        }
        if (!skipAuthCheck) {
            Map<String, Object> user = new AccountCheck(api, config, cookieSource).verify(account);
            // degraded mode: name the account after the session's user rather than "default"
            if (config.degraded() && UserConfig.DEGRADED_ACCOUNT.equals(account) && !J.str(user, "username").isEmpty()) {
                account = J.str(user, "username");
            }
        }
        return new OnlineRun(out, account, config, api, g.routes, properties);
    }

    /** Sends {@code body} to a route's endpoint on a fresh Camel Main and returns the reply. */
    <T> T run(String endpoint, Object body, Class<T> type) {
        try (PplxRuntime runtime = start()) {
            return runtime.request(endpoint, body, type);
        } catch (CamelExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            // an abort thrown inside the batch's split arrives wrapped ("Multicast processing failed")
            while (cause instanceof CamelExchangeException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(cause.getMessage(), cause);
        }
    }

    /** The same run with other Camel/pplx properties. */
    OnlineRun withProperties(Map<String, String> props) {
        return new OnlineRun(out, account, config, api, routes, props);
    }

    /** Camel Main with this run's settings bound (the caller closes it). */
    PplxRuntime start() {
        ExportSettings settings = new ExportSettings(out, account, config, Clock.systemUTC());
        return PplxRuntime.start(routes, properties, Map.of("exportSettings", settings, "perplexityApi", api));
    }

    /** Exit code of a batch-like run. */
    static int exitCode(BatchSummary s) {
        return s.fail() > 0 ? PplxExportCli.EXIT_THREADS_FAILED : PplxExportCli.EXIT_OK;
    }

    /** Runs a command body, turning the known ways of failing into one line and an exit code. */
    static int guarded(java.util.concurrent.Callable<Integer> body) throws Exception {
        try {
            return body.call();
        } catch (RunAbortedException e) {
            LOG.error("aborted: {}", e.getMessage());
            return PplxExportCli.EXIT_ABORTED;
        } catch (ApiException.CloudflareChallenge | ApiException.Auth e) {
            LOG.error("aborted: {}", e.getMessage());
            return PplxExportCli.EXIT_ABORTED;
        } catch (ApiException e) {
            LOG.error("{}", e.getMessage());
            return PplxExportCli.EXIT_THREADS_FAILED;
        } catch (UsageException e) {
            throw e;
        } catch (IllegalStateException e) {
            LOG.error("{}", e.getMessage());
            return PplxExportCli.EXIT_USAGE;
        }
    }

    /** application.properties, for the values a command needs before Camel starts. */
    private static Map<String, String> defaults() {
        Properties p = new Properties();
        try (InputStream in = OnlineRun.class.getResourceAsStream("/application.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read application.properties", e);
        }
        Map<String, String> m = new HashMap<>();
        p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k).strip()));
        return m;
    }
}
