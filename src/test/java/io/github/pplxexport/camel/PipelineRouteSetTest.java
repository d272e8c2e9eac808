package io.github.pplxexport.camel;

import io.github.pplxexport.pipeline.RouteIdsTest;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.Route;
import org.apache.camel.component.direct.DirectEndpoint;
import org.apache.camel.component.quartz.QuartzComponent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a one-shot online command loads ({@link PplxRuntime#start}): the shipped route files named one by one, without
 * the services' ({@link PplxRuntime#NOT_IN_PIPELINE}); and with an operator's {@code --routes}, every shipped route
 * under the operator's.
 */
class PipelineRouteSetTest {
    @TempDir
    Path tmp;

    @Test
    void theRouteListIsTheRoutesFolder() throws Exception {
        Set<String> folder;
        try (Stream<Path> s = Files.list(Path.of("routes"))) {
            folder = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".camel.yaml"))
                    .map(n -> n.substring(0, n.length() - ".camel.yaml".length())).collect(Collectors.toCollection(TreeSet::new));
        }
        assertEquals(folder, new TreeSet<>(PplxRuntime.ROUTE_FILES), "a new route file is named in PplxRuntime.ROUTE_FILES");
        assertTrue(folder.containsAll(PplxRuntime.NOT_IN_PIPELINE));
    }

    @Test
    void aOneShotCommandStartsThePipelineWithoutTheServicesAndEveryRouteItCallsIsThere() throws Exception {
        try (PplxRuntime runtime = PplxRuntime.start(null, Map.of("pplx.archive.root", tmp.toString()), Map.of())) {
            CamelContext context = runtime.context();
            Set<String> running = routeIds(context);
            for (String file : PplxRuntime.ROUTE_FILES) {
                List<String> ids = RouteIdsTest.routeIdsOf(Path.of("routes", file + ".camel.yaml"));
                if (PplxRuntime.NOT_IN_PIPELINE.contains(file)) {
                    assertTrue(ids.stream().noneMatch(running::contains), file + " is not loaded: " + running);
                } else {
                    assertTrue(running.containsAll(ids), file + ": " + ids + " not all in " + running);
                }
            }
            // every direct: endpoint a loaded route sends to has its route (a missing file fails here, not in a run)
            Set<String> consumed = context.getRoutes().stream().map(r -> r.getEndpoint().getEndpointUri()).collect(Collectors.toSet());
            for (Endpoint e : context.getEndpoints()) {
                if (e instanceof DirectEndpoint) {
                    assertTrue(consumed.contains(e.getEndpointUri()), e.getEndpointUri() + " has no route in the pipeline");
                }
            }
            assertNull(context.hasComponent("quartz"), "nothing is scheduled: Quartz is not started (its stop takes up to 0.5 s)");
        }
    }

    @Test
    void anOperatorsRoutesFolderGetsEveryShippedRouteAndReplacesTheOneItRedefines() throws Exception {
        Path folder = Files.createDirectories(tmp.resolve("routes"));
        Files.writeString(folder.resolve("doctor.camel.yaml"), """
                - route:
                    id: doctor-thread
                    from:
                      uri: direct:doctor-thread
                      steps:
                        - setBody: {constant: "the operator's"}
                """);
        try (PplxRuntime runtime = PplxRuntime.start(folder, Map.of("pplx.archive.root", tmp.resolve("out").toString()), Map.of())) {
            Set<String> running = routeIds(runtime.context());
            for (String file : PplxRuntime.ROUTE_FILES) {
                List<String> ids = RouteIdsTest.routeIdsOf(Path.of("routes", file + ".camel.yaml"));
                assertTrue(running.containsAll(ids), file + ": " + ids + " not all in " + running);
            }
            assertEquals("the operator's", runtime.request("direct:doctor-thread", "uuid", String.class));
            // the schedule's route is loaded, so Quartz is: with one worker, one job at a time
            QuartzComponent quartz = runtime.context().getComponent("quartz", QuartzComponent.class);
            assertEquals(1, quartz.getScheduler().getMetaData().getThreadPoolSize());
            assertFalse(runtime.context().getRouteController().getRouteStatus("scheduled-sync").isStarted(),
                    "loaded, not started (pplx.schedule.enabled is false)");
        }
    }

    private static Set<String> routeIds(CamelContext context) {
        return context.getRoutes().stream().map(Route::getRouteId).collect(Collectors.toCollection(TreeSet::new));
    }
}
