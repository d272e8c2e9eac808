package io.github.pplxexport.pipeline;

import io.github.pplxexport.camel.PplxRuntime;
import org.apache.camel.Route;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * DESIGN.md §4: each box of the pipeline is a route with a stable id, and the README documents every route id
 * (operators replace a route by shipping one with the same id). The ids of the shipped YAML, the routes of a
 * started Camel context and the README's route-id section must be the same set.
 *
 * <p>The README's section is the one whose heading mentions "route id" (any level, down to the next heading); its
 * ids are the backticked first cell of each table row, or the backticked word that starts a list item.
 */
class RouteIdsTest {
    static final Path ROUTES = Paths.get("routes");
    static final Path README = Paths.get("README.md");
    private static final Pattern YAML_ROUTE_ID = Pattern.compile("(?m)^- route:\\s*\\n\\s+id:\\s*\"?([A-Za-z0-9_.-]+)\"?\\s*$");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*)$");
    private static final Pattern TABLE_ID = Pattern.compile("^\\|\\s*`([A-Za-z0-9_.-]+)`\\s*\\|");
    private static final Pattern LIST_ID = Pattern.compile("^\\s*[-*]\\s+`([A-Za-z0-9_.-]+)`");

    @Test
    void theStartedContextRunsExactlyTheShippedRouteIds() throws IOException {
        Set<String> shipped = shippedRouteIds();
        assertTrue(shipped.containsAll(List.of("batch", "export", "export-one", "export-thread", "fetch-entries",
                "fetch-blocks", "fetch-index", "sync", "dead-letter", "write-archive", "after-thread-exported",
                "re-render")), "the routes the design names: " + shipped);
        assertEquals(shipped, contextRouteIds());
    }

    @Test
    void everyDocumentedRouteIdExistsAndEveryRouteIsDocumented() throws IOException {
        // the README is being written on another branch; once it exists, it must document every route id
        assumeTrue(Files.isRegularFile(README), "no README.md in this checkout yet");
        Set<String> documented = documentedRouteIds(Files.readString(README, StandardCharsets.UTF_8));
        assertFalse(documented.isEmpty(), "README.md has a section titled with \"route id\" listing `ids`");
        Set<String> running = contextRouteIds();
        Set<String> unknown = new TreeSet<>(documented);
        unknown.removeAll(running);
        Set<String> undocumented = new TreeSet<>(running);
        undocumented.removeAll(documented);
        assertTrue(unknown.isEmpty(), "README documents route ids that do not exist: " + unknown);
        assertTrue(undocumented.isEmpty(), "route ids the README does not document: " + undocumented);
    }

    @Test
    void theReadmeParserFindsTablesAndListsOfTheRouteIdSection() {
        String md = String.join("\n",
                "# pplx-export", "| `demo` | not a route |",
                "## Route ids", "Intro with `inline` code.", "| id | what |", "|---|---|",
                "| `batch` | plans |", "| `export-thread` | one thread |", "- `dead-letter`: failures",
                "```yaml", "# not a heading", "| `in-a-fence` |", "```",
                "### Headers each route receives", "| `pplxReRender` | a header, not a route id |",
                "## Configuration", "| `sync` | outside |");
        assertEquals(new TreeSet<>(List.of("batch", "export-thread", "dead-letter")),
                documentedRouteIds(md));
    }

    static Set<String> shippedRouteIds() throws IOException {
        Set<String> ids = new TreeSet<>();
        try (Stream<Path> files = Files.list(ROUTES)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".camel.yaml")).toList()) {
                Matcher m = YAML_ROUTE_ID.matcher(Files.readString(f, StandardCharsets.UTF_8));
                while (m.find()) {
                    assertTrue(ids.add(m.group(1)), "route id " + m.group(1) + " shipped twice");
                }
            }
        }
        return ids;
    }

    static Set<String> contextRouteIds() {
        try (PplxRuntime runtime = PplxRuntime.start(null, Map.of(), Map.of())) {
            return runtime.context().getRoutes().stream().map(Route::getRouteId)
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /** The ids of the README section whose heading mentions "route id", down to the next heading. */
    static Set<String> documentedRouteIds(String markdown) {
        Set<String> ids = new TreeSet<>();
        boolean inSection = false;
        boolean inFence = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.stripLeading().startsWith("```")) {
                inFence = !inFence;
                continue;
            }
            Matcher h = HEADING.matcher(line);
            if (!inFence && h.matches()) {
                inSection = h.group(2).toLowerCase(java.util.Locale.ROOT).contains("route id");
                continue;
            }
            if (!inSection || inFence) {
                continue;
            }
            for (Pattern p : List.of(TABLE_ID, LIST_ID)) {
                Matcher m = p.matcher(line);
                if (m.find()) {
                    ids.add(m.group(1));
                }
            }
        }
        return ids;
    }
}
