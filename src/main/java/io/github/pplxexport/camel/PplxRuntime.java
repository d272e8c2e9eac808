package io.github.pplxexport.camel;

import io.github.pplxexport.config.ConfigException;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.component.http.HttpComponent;
import org.apache.camel.component.http.HttpEndpoint;
import org.apache.camel.main.Main;
import org.apache.camel.model.Model;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.spi.Resource;
import org.apache.camel.support.PluginHelper;
import org.apache.hc.client5.http.io.HttpClientConnectionManager;
import org.apache.hc.core5.io.CloseMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Camel Main for one CLI command: loads the shipped routes (and an operator's {@code --routes} folder),
 * binds the beans, starts, lets the command send its request into a route, and stops.
 */
public final class PplxRuntime implements AutoCloseable {
    /**
     * The shipped route files, packaged in the jar as {@code routes/<name>.camel.yaml}, named one by one: a pattern
     * ({@code routes/*.camel.yaml}) makes Camel read through the whole jar to find them, twice (~1.5 s at start-up).
     * RouteFilesTest holds this list to the folder.
     */
    public static final List<String> ROUTE_FILES = List.of("accounts", "ask", "backfill", "batch", "doctor",
            "error-handling", "export-thread", "mcp", "perplexity-api", "products", "re-render", "scheduled-sync",
            "search-index", "serve", "spaces", "sync-deleted", "usage");
    /**
     * The route files no one-shot online command calls into: a service's (run's schedule, serve's web app and catch-up,
     * the MCP tools) and the offline re-render. The commands that run them name them ({@link #start(Path, Map, Map,
     * List)}); the others start without them, and so without Quartz, whose stop alone takes up to 0.5 s.
     */
    public static final List<String> NOT_IN_PIPELINE = List.of("mcp", "re-render", "scheduled-sync", "serve");
    /** Every shipped route. */
    public static final String SHIPPED_ROUTES = routes(ROUTE_FILES);
    /** What offline commands load: the re-render routes only. */
    public static final String OFFLINE_ROUTES = routes(List.of("re-render", "search-index"));
    /** What a read-only mcp loads: the MCP tools' routes and the index step (no API client, no export routes). */
    public static final String MCP_ROUTES = routes(List.of("mcp", "search-index"));
    /** What serve loads: the web app's routes and the index step. */
    public static final String SERVE_ROUTES = routes(List.of("serve", "search-index", "mcp"));

    /** Route files by name, as Camel Main's routes-include-pattern takes them. */
    static String routes(List<String> names) {
        return names.stream().map(n -> "classpath:routes/" + n + ".camel.yaml").collect(java.util.stream.Collectors.joining(","));
    }

    private static final Logger LOG = LoggerFactory.getLogger("pplx");

    /** The bean configurations of the whole pipeline (every shipped route's beans); route tests bind the same. */
    public static final java.util.List<Class<? extends org.apache.camel.CamelConfiguration>> PIPELINE_BEANS = java.util.List.of(PplxBeans.class, ReRenderBeans.class,
            AskBeans.class, AccountBeans.class, SearchBeans.class, ServeBeans.class, BackfillBeans.class,
            McpBeans.class, QuartzSettings.class);

    /** {@link #PIPELINE_BEANS} as Camel Main's configuration-classes property takes them (comma-separated names). */
    public static String pipelineBeanClassNames() {
        return PIPELINE_BEANS.stream().map(Class::getName).collect(java.util.stream.Collectors.joining(","));
    }

    private final Main main;
    private final ProducerTemplate producer;
    /** The endpoints {@link #request} may be sent to when the routes were pruned to them; empty: any. */
    private Set<String> entries = Set.of();
    /** The entries whose routes were made before the start, and the making of the others (null: all made before). */
    private Set<String> first = Set.of();
    private CompletableFuture<Void> later;
    private List<String> laterIds = List.of();
    /** What the runtime owns beside the context (serve's Vert.x), closed after it stopped. */
    private AutoCloseable afterStop;

    private PplxRuntime(Main main) {
        this.main = main;
        this.producer = main.getCamelContext().createProducerTemplate();
    }

    /**
     * @param routesDir an operator's folder of {@code *.camel.yaml}, or null
     * @param properties extra Camel/pplx properties (highest precedence)
     * @param beans extra beans to bind by name (e.g. settings objects)
     */
    public static PplxRuntime start(Path routesDir, Map<String, String> properties, Map<String, Object> beans) {
        return start(routesDir, properties, beans, List.of());
    }

    /**
     * Camel Main for an online command: every shipped route but {@link #NOT_IN_PIPELINE}, and of those the ones in
     * {@code services} (run: its schedule, the web app, the MCP tools). With an operator's {@code --routes} folder every
     * shipped route is loaded, as the operator's routes may call into any of them.
     */
    public static PplxRuntime start(Path routesDir, Map<String, String> properties, Map<String, Object> beans,
                                    List<String> services) {
        return start(routesDir, properties, beans, services, List.of(), List.of());
    }

    /**
     * {@link #start(Path, Map, Map, List)} for a command that sends only to {@code entries} (direct: endpoints; empty:
     * any): the routes it cannot reach from them are not created ({@link RouteReach}), unless an operator's
     * {@code --routes} folder is loaded, whose routes may call into any; {@link #request} then takes only those. When
     * {@code first} (some of the entries) is sent to first, only its routes are made before the start: the others are
     * made on another thread while that request is on its way, and a request to another entry waits for them.
     */
    public static PplxRuntime start(Path routesDir, Map<String, String> properties, Map<String, Object> beans,
                                    List<String> services, List<String> entries, List<String> first) {
        TlsHeadStart.begin();
        Main main = new Main();
        PIPELINE_BEANS.forEach(main.configure()::addConfiguration);
        List<String> files = ROUTE_FILES.stream()
                .filter(f -> routesDir != null || !NOT_IN_PIPELINE.contains(f) || services.contains(f)).toList();
        Map<String, String> online = new java.util.LinkedHashMap<>(properties);
        // a camel.main.* key in application.properties wins over code, so the list goes in as an override
        online.putIfAbsent("camel.main.routes-include-pattern", routes(files));
        boolean pruned = routesDir == null && !entries.isEmpty();
        RouteReach.Pruning pruning = RouteReach.pruning(entries, first.isEmpty() ? entries : first);
        if (pruned) {
            main.addMainListener(pruning);
        }
        PplxRuntime runtime = start(main, routesDir, online, beans);
        runtime.entries = pruned ? Set.copyOf(entries) : Set.of();
        if (!pruning.later().isEmpty()) {
            runtime.first = Set.copyOf(first);
            runtime.laterIds = pruning.later().stream().map(RouteDefinition::getRouteId).toList();
            runtime.later = runtime.addLater(pruning.later());
        }
        return runtime;
    }

    /** The ids of the routes made after the start, on another thread (none when all were made before). */
    List<String> madeAfterStart() {
        return laterIds;
    }

    /** Makes and starts {@code routes} on a thread of their own; the future ends when they run. */
    private CompletableFuture<Void> addLater(List<RouteDefinition> routes) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                context().getCamelContextExtension().getContextPlugin(Model.class).addRouteDefinitions(routes);
                done.complete(null);
            } catch (Exception | LinkageError e) {
                done.completeExceptionally(e);
            }
        }, "pplx-routes-start");
        t.setDaemon(true);
        t.start();
        return done;
    }

    /** Waits for the routes made after the start ({@link #start(Path, Map, Map, List, List, List)}), if any. */
    void awaitLater() {
        if (later == null) {
            return;
        }
        try {
            later.join();
        } catch (java.util.concurrent.CompletionException e) {
            throw new StartFailure("could not start the pipeline: " + rootMessage(e.getCause()), e.getCause());
        }
    }

    /**
     * Camel Main for an offline command: the re-render routes and their beans only, so nothing that an
     * offline run does not use is created or started (API client, HTTP server, scheduler, export routes).
     */
    public static PplxRuntime startOffline(Path routesDir, Map<String, String> properties) {
        Main main = new Main();
        main.configure().addConfiguration(ReRenderBeans.class);
        main.configure().addConfiguration(SearchBeans.class);
        Map<String, String> offline = new java.util.LinkedHashMap<>(properties);
        // a camel.main.* key in application.properties wins over code, so the pattern goes in as an override
        offline.putIfAbsent("camel.main.routes-include-pattern", OFFLINE_ROUTES);
        return start(main, routesDir, offline, Map.of());
    }

    /** Camel Main for serve: the web app on Camel's HTTP server, the index catch-up; no API client, no export routes. */
    public static PplxRuntime startServe(Path routesDir, Map<String, String> properties) {
        VertxHeadStart vertx = new VertxHeadStart();
        Main main = new Main();
        main.configure().addConfiguration(SearchBeans.class);
        main.configure().addConfiguration(ServeBeans.class);
        main.configure().addConfiguration(McpBeans.class);
        main.configure().addConfiguration(QuartzSettings.class);
        vertx.bindTo(main);
        Map<String, String> serve = new java.util.LinkedHashMap<>(properties);
        serve.putIfAbsent("camel.main.routes-include-pattern", SERVE_ROUTES);
        serve.put("pplx.serve.enabled", "true");
        try {
            PplxRuntime runtime = start(main, routesDir, serve, Map.of());
            runtime.afterStop = vertx;
            return runtime;
        } catch (RuntimeException e) {
            vertx.close();
            throw e;
        }
    }

    /** Camel Main for a read-only {@code mcp} (no --allow-ask): the MCP tools' routes over the archive, nothing online. */
    public static PplxRuntime startMcp(Path routesDir, Map<String, String> properties) {
        Main main = new Main();
        main.configure().addConfiguration(SearchBeans.class);
        main.configure().addConfiguration(McpBeans.class);
        Map<String, String> mcp = new java.util.LinkedHashMap<>(properties);
        mcp.putIfAbsent("camel.main.routes-include-pattern", MCP_ROUTES);
        mcp.put("pplx.mcp.enabled", "true");
        return start(main, routesDir, mcp, Map.of());
    }

    private static PplxRuntime start(Main main, Path routesDir, Map<String, String> properties, Map<String, Object> beans) {
        properties.forEach(main::addOverrideProperty);
        beans.forEach(main::bind);
        try {
            main.start();
        } catch (Exception e) {
            // a config file problem met while the beans were made (an [[asks]] table) is said as such, not as
            // Camel's bean post-processing that found it
            for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
                if (t instanceof ConfigException config) {
                    throw config;
                }
            }
            throw new StartFailure("could not start the pipeline: " + rootMessage(e), e);
        }
        if (main.getCamelContext() == null) {
            throw new StartFailure("could not start the pipeline (see the log above)", null);
        }
        if (routesDir != null) {
            try {
                applyOperatorRoutes(main.getCamelContext(), routesDir);
            } catch (Exception e) {
                main.stop();
                throw new StartFailure("could not load the routes in " + routesDir + ": " + rootMessage(e), e);
            }
        }
        return new PplxRuntime(main);
    }

    /**
     * An operator's {@code *.camel.yaml} files, loaded over the shipped routes: a route with a shipped id
     * replaces that route (stopped, removed, the new one started), a new id adds a route. This is Camel's
     * route-reload mechanism, so the replacement is exact and visible in the route list.
     */
    static Set<String> applyOperatorRoutes(CamelContext context, Path routesDir) throws Exception {
        if (!Files.isDirectory(routesDir)) {
            throw new IllegalArgumentException("not a directory");
        }
        List<Resource> resources = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(routesDir, "*.camel.yaml")) {
            for (Path f : files) {
                resources.add(PluginHelper.getResourceLoader(context).resolveResource("file:" + f.toAbsolutePath()));
            }
        }
        resources.sort(Comparator.comparing(Resource::getLocation));
        Set<String> ids = PluginHelper.getRoutesLoader(context).updateRoutes(resources);
        LOG.info("[routes] {} route(s) from {}: {}", ids.size(), routesDir, ids);
        return ids;
    }

    /** The pipeline could not start: a configuration problem (a bad property, route file or cron), exit 2. */
    public static final class StartFailure extends RuntimeException {
        StartFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * The message that says what is wrong, e.g. {@code Failed to start route: scheduled-sync (source:
     * scheduled-sync.camel.yaml:8) because: CronExpression 'every minute' is invalid.}: wrappers whose message is
     * only their cause's are skipped, the first line kept.
     */
    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t
                && (t.getMessage() == null || t.getMessage().equals(t.getCause().toString()))) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    /**
     * Stops the pipeline now (a SIGTERM or Ctrl-C): the context starts stopping, so the batch's split leaves the
     * threads it has not begun and the pacing and backoff waits end; then the HTTP call in flight is abandoned by
     * closing the client's connections (a blocked read fails at once, where the graceful shutdown would wait
     * for the answer). The route that runs the thread sees the stopping context and records nothing for it.
     */
    public void abort() {
        CamelContext context = main.getCamelContext();
        Thread stopping = new Thread(context::stop, "pplx-context-stop");
        stopping.setDaemon(true);
        stopping.start();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        while (!context.isStopping() && !context.isStopped() && System.nanoTime() < end) {
            Thread.onSpinWait();
        }
        HttpComponent http = context.hasComponent("http") instanceof HttpComponent c ? c : null;
        if (http != null) {
            closeNow(http.getClientConnectionManager());
        }
        for (Endpoint e : context.getEndpoints()) {
            if (e instanceof HttpEndpoint h) {
                closeNow(h.getClientConnectionManager());
            }
        }
    }

    private static void closeNow(HttpClientConnectionManager connections) {
        if (connections != null) {
            connections.close(CloseMode.IMMEDIATE);
        }
    }

    public CamelContext context() {
        return main.getCamelContext();
    }

    /** Sends {@code body} to a route's {@code direct:} endpoint and returns its reply. */
    public <T> T request(String endpointUri, Object body, Class<T> type) {
        if (!entries.isEmpty() && !entries.contains(endpointUri)) {
            // its route may not have been created: say so now rather than wait for a consumer that never comes
            throw new IllegalStateException(endpointUri + " is not among the endpoints this run was started for: " + entries);
        }
        if (!first.contains(endpointUri)) {
            awaitLater();
        }
        return producer.requestBody(endpointUri, body, type);
    }

    @Override
    public void close() {
        if (later != null) {
            later.handle((v, e) -> null).join(); // not stopped while its routes are being made
        }
        try {
            producer.stop();
        } catch (Exception ignored) {
            // stopping the context below releases everything anyway
        }
        main.stop();
        if (afterStop != null) {
            try {
                afterStop.close();
            } catch (Exception e) {
                LOG.debug("close", e);
            }
        }
    }
}
