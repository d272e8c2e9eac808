package io.github.pplxexport.camel;

import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.main.Main;

import java.nio.file.Path;
import java.util.Map;

/**
 * Camel Main for one CLI command: loads the shipped routes (and an operator's {@code --routes} folder),
 * binds the beans, starts, lets the command send its request into a route, and stops.
 */
public final class PplxRuntime implements AutoCloseable {
    /** The shipped routes, packaged in the jar. */
    public static final String SHIPPED_ROUTES = "classpath:routes/*.camel.yaml";

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
        String pattern = SHIPPED_ROUTES;
        if (routesDir != null) {
            pattern += ",file:" + routesDir.toAbsolutePath().normalize() + "/*.camel.yaml";
        }
        main.configure().withRoutesIncludePattern(pattern);
        main.configure().addConfiguration(PplxBeans.class);
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
        return new PplxRuntime(main);
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
