package io.github.pplxexport.camel;

import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.main.Main;
import org.apache.camel.spi.Resource;
import org.apache.camel.support.PluginHelper;
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

/**
 * Camel Main for one CLI command: loads the shipped routes (and an operator's {@code --routes} folder),
 * binds the beans, starts, lets the command send its request into a route, and stops.
 */
public final class PplxRuntime implements AutoCloseable {
    /** The shipped routes, packaged in the jar. */
    public static final String SHIPPED_ROUTES = "classpath:routes/*.camel.yaml";
    /** What offline commands load: the re-render routes only. */
    public static final String OFFLINE_ROUTES = "classpath:routes/re-render.camel.yaml";

    private static final Logger LOG = LoggerFactory.getLogger("pplx");

    private final Main main;
    private final ProducerTemplate producer;

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
        Main main = new Main();
        main.configure().withRoutesIncludePattern(SHIPPED_ROUTES);
        main.configure().addConfiguration(PplxBeans.class);
        main.configure().addConfiguration(ReRenderBeans.class);
        return start(main, routesDir, properties, beans);
    }

    /**
     * Camel Main for an offline command: the re-render routes and their beans only, so nothing that an
     * offline run does not use is created or started (API client, HTTP server, scheduler, export routes).
     */
    public static PplxRuntime startOffline(Path routesDir, Map<String, String> properties) {
        Main main = new Main();
        main.configure().addConfiguration(ReRenderBeans.class);
        Map<String, String> offline = new java.util.LinkedHashMap<>(properties);
        // a camel.main.* key in application.properties wins over code, so the pattern goes in as an override
        offline.putIfAbsent("camel.main.routes-include-pattern", OFFLINE_ROUTES);
        return start(main, routesDir, offline, Map.of());
    }

    private static PplxRuntime start(Main main, Path routesDir, Map<String, String> properties, Map<String, Object> beans) {
        properties.forEach(main::addOverrideProperty);
        beans.forEach(main::bind);
        try {
            main.start();
        } catch (Exception e) {
            throw new IllegalStateException("could not start the pipeline: " + e.getMessage(), e);
        }
        if (main.getCamelContext() == null) {
            throw new IllegalStateException("could not start the pipeline (see the log above)");
        }
        if (routesDir != null) {
            try {
                applyOperatorRoutes(main.getCamelContext(), routesDir);
            } catch (Exception e) {
                main.stop();
                throw new IllegalStateException("could not load the routes in " + routesDir + ": " + e.getMessage(), e);
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

    public CamelContext context() {
        return main.getCamelContext();
    }

    /** Sends {@code body} to a route's {@code direct:} endpoint and returns its reply. */
    public <T> T request(String endpointUri, Object body, Class<T> type) {
        return producer.requestBody(endpointUri, body, type);
    }

    @Override
    public void close() {
        try {
            producer.stop();
        } catch (Exception ignored) {
            // stopping the context below releases everything anyway
        }
        main.stop();
    }
}
