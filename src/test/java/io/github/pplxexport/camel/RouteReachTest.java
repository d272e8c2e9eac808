package io.github.pplxexport.camel;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which {@code direct:} routes a set of calls reaches, through the calls of each route reached. */
class RouteReachTest {
    private static final Map<String, List<String>> CALLS = Map.of(
            "direct:sync", List.of("direct:batch", "direct:sync"),
            "direct:batch", List.of("direct:export-thread"),
            "direct:export-thread", List.of("direct:render-${variable.mode.id}", "direct:write"),
            "direct:render-search", List.of(),
            "direct:render-study", List.of("direct:write"),
            "direct:write", List.of("direct:batch"),
            "direct:ask", List.of("direct:ask-stream"),
            "direct:ask-stream", List.of(),
            "direct:renderer", List.of());

    private static Set<String> reach(String... calls) {
        return RouteReach.reach(CALLS.keySet(), List.of(calls), CALLS::get);
    }

    @Test
    void aCallReachesItsRouteAndEverythingThatRouteCallsCyclesIncluded() {
        assertEquals(Set.of("direct:ask", "direct:ask-stream"), reach("direct:ask"));
        assertEquals(Set.of("direct:write", "direct:batch", "direct:export-thread", "direct:render-search", "direct:render-study"),
                reach("direct:write"));
    }

    @Test
    void aDynamicCallReachesEveryRouteStartingWithItsFixedPartAndNothingElse() {
        Set<String> r = reach("direct:sync");
        assertEquals(Set.of("direct:sync", "direct:batch", "direct:export-thread", "direct:render-search",
                "direct:render-study", "direct:write"), r, "direct:renderer does not start with direct:render-");
        assertEquals(Set.of("direct:render-search", "direct:render-study", "direct:write", "direct:batch", "direct:export-thread"),
                reach("direct:render-{{mode}}"));
    }

    @Test
    void aCallWithoutItsRouteReachesNothing() {
        assertEquals(Set.of(), reach("direct:nowhere", "direct:ask-stream-x"));
    }
}
