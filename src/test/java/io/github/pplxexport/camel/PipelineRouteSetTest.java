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
import static org.junit.jupiter.api.Assertions.assertThrows;
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

    /**
     * A command that names what it sends to gets only the routes it reaches (RouteReach): checked against the route
     * files' text, not Camel's model: every {@code direct:} name written in a created route, or in a route
     * configuration, has its route created; a dynamic one ({@code direct:render-${...}}) every route whose name
     * starts with its fixed part. Each set is what a command sends to (OnlineRun.startFor).
     */
    @Test
    void aCommandThatNamesItsEntriesGetsEveryRouteItReachesAndNoOther() throws Exception {
        Set<String> every;
        try (PplxRuntime all = PplxRuntime.start(null, Map.of("pplx.archive.root", tmp.toString()), Map.of())) {
            every = consumed(all.context());
        }
        Map<String, String> items = routeItems();
        List<List<String>> commands = List.of(List.of("direct:sync"), List.of("direct:batch"), List.of("direct:export"),
                List.of("direct:fetch-index"), List.of("direct:sync-deleted"), List.of("direct:space-meta"),
                List.of("direct:usage-backfill"), List.of("direct:models-config", "direct:ask"),
                List.of("direct:token-session", "direct:doctor-listing-page", "direct:doctor-thread"));
        for (List<String> command : commands) {
            List<String> entries = new java.util.ArrayList<>(command);
            entries.add("direct:check-session");
            try (PplxRuntime runtime = PplxRuntime.start(null, Map.of("pplx.archive.root", tmp.toString()), Map.of(), List.of(),
                    entries, List.of("direct:check-session"))) {
                List<String> after = runtime.madeAfterStart();
                runtime.awaitLater();
                Set<String> running = consumed(runtime.context());
                Set<String> ids = routeIds(runtime.context());
                assertTrue(ids.containsAll(after), command + ": " + after + " made after the start: " + ids);
                assertFalse(after.contains("check-session") || after.contains("token-session"), command + ": " + after);
                if (command.contains("direct:sync")) {
                    assertTrue(after.containsAll(List.of("sync", "batch", "export-thread")),
                            "the session check's routes are made first, the others after the start: " + after);
                }
                for (String entry : entries) {
                    assertTrue(running.contains(entry), entry + " has its route: " + running);
                }
                items.forEach((id, text) -> {
                    if (id.startsWith("routeConfiguration") || ids.contains(id)) {
                        java.util.regex.Matcher m = java.util.regex.Pattern.compile("direct:(?:[A-Za-z0-9_.-]|\\$\\{[^}]*})+").matcher(text);
                        while (m.find()) {
                            String name = m.group();
                            int dynamic = name.indexOf("${");
                            Set<String> needed = dynamic < 0 ? Set.of(name) : every.stream()
                                    .filter(f -> f.startsWith(name.substring(0, dynamic))).collect(Collectors.toSet());
                            assertFalse(needed.isEmpty(), name);
                            assertTrue(running.containsAll(needed), command + ": " + id + " names " + name + ", not all of "
                                    + needed + " created: " + running);
                        }
                    }
                });
                assertTrue(running.size() < every.size(), command + " leaves out the routes it does not reach");
                assertThrows(IllegalStateException.class, () -> runtime.request("direct:init", "alice", String.class),
                        "a request to an endpoint it was not started for is refused at once");
            }
        }
    }

    /** Each route file's routes (by id) and route configurations ("routeConfiguration N"), as their YAML text. */
    private static Map<String, String> routeItems() throws Exception {
        Map<String, String> items = new java.util.LinkedHashMap<>();
        java.util.regex.Pattern id = java.util.regex.Pattern.compile("^- route:\\s*\\n\\s+id:\\s*\"?([A-Za-z0-9_.-]+)");
        for (String file : PplxRuntime.ROUTE_FILES) {
            String yaml = Files.readString(Path.of("routes", file + ".camel.yaml"));
            for (String item : yaml.split("(?m)^(?=- )")) {
                java.util.regex.Matcher m = id.matcher(item);
                if (m.find()) {
                    items.put(m.group(1), item);
                } else if (item.startsWith("- routeConfiguration:")) {
                    items.put("routeConfiguration " + items.size(), item);
                }
            }
        }
        assertTrue(items.size() > 60, "the route files' routes: " + items.keySet());
        return items;
    }

    /** The endpoints the context's routes consume, as the route files name them ({@code direct:name}). */
    private static Set<String> consumed(CamelContext context) {
        return context.getRoutes().stream().map(r -> r.getEndpoint().getEndpointUri().replace("direct://", "direct:"))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> routeIds(CamelContext context) {
        return context.getRoutes().stream().map(Route::getRouteId).collect(Collectors.toCollection(TreeSet::new));
    }
}
