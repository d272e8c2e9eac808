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
import java.util.Locale;
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

/**
 * DESIGN.md §4: each box of the pipeline is a route with a stable id, and the operating guide (docs/operating.md) documents every route id
 * (operators replace a route by shipping one with the same id). The ids of the shipped YAML, the routes of a
 * started Camel context and the README's route-id section must be the same set.
 *
 * <p>The README's ids are the backticked names in the first cell of a table headed "route id" (or of a section
 * whose heading says "route id"), see {@link #documentedRouteIds}.
 */
public class RouteIdsTest {
    static final Path ROUTES = Paths.get("routes");
    static final Path README = Paths.get("docs/operating.md");
    private static final Pattern YAML_ROUTE_ID = Pattern.compile("(?m)^- route:\\s*\\n\\s+id:\\s*\"?([A-Za-z0-9_.-]+)\"?\\s*$");
    /** A route made from a route template: {@code - templatedRoute: {…, routeId: render-search, …}}. */
    private static final Pattern YAML_TEMPLATED_ROUTE_ID = Pattern.compile("(?m)^- templatedRoute:.*\\brouteId:\\s*\"?([A-Za-z0-9_.-]+)");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*)$");
    private static final Pattern TICKED = Pattern.compile("`([A-Za-z0-9_.-]+)`");
    private static final Pattern LIST_ID = Pattern.compile("^\\s*[-*]\\s+`([A-Za-z0-9_.-]+)`");

    @Test
    void theStartedContextRunsExactlyTheShippedRouteIds() throws IOException {
        Set<String> shipped = shippedRouteIds();
        assertTrue(shipped.containsAll(List.of("batch", "export", "export-one", "export-thread", "fetch-entries",
                "fetch-blocks", "fetch-index", "sync", "dead-letter", "write-archive", "after-thread-exported",
                "re-render", "api-call", "check-session", "probe-sibling", "render-search", "render-council")), "the routes the design names: " + shipped);
        assertEquals(shipped, contextRouteIds());
    }

    @Test
    void everyDocumentedRouteIdExistsAndEveryRouteIsDocumented() throws IOException {
        assertTrue(Files.isRegularFile(README), "docs/operating.md documents the route ids (DESIGN.md §2, §4)");
        Set<String> documented = documentedRouteIds(Files.readString(README, StandardCharsets.UTF_8));
        assertFalse(documented.isEmpty(), "docs/operating.md has a table headed \"route id\" listing `ids`");
        Set<String> running = contextRouteIds();
        Set<String> unknown = new TreeSet<>(documented);
        unknown.removeAll(running);
        Set<String> undocumented = new TreeSet<>(running);
        undocumented.removeAll(documented);
        assertTrue(unknown.isEmpty(), "README documents route ids that do not exist: " + unknown);
        assertTrue(undocumented.isEmpty(), "route ids the README does not document: " + undocumented);
    }

    @Test
    void theReadmeParserReadsRouteIdTablesAndSections() {
        String md = String.join("\n",
                "# pplx-export", "| command | what |", "|---|---|", "| `demo` | not a route |",
                "## The pipeline", "Intro with `inline` code.",
                "| route id | file | what |", "|---|---|---|",
                "| `batch` | batch | plans, then `export-one` |",
                "| `render-search`, `render-study` | export-thread | one mode |",
                "",
                "| variable | meaning |", "|---|---|", "| `threadDir` | not a route id |",
                "```yaml", "| route id |", "|---|", "| `in-a-fence` |", "```",
                "### Route ids of the examples", "- `dead-letter`: failures", "| id |", "|---|", "| `sync` | in the section |",
                "## Configuration", "- `pplx.api.base-url`: outside");
        assertEquals(new TreeSet<>(List.of("batch", "render-search", "render-study", "dead-letter", "sync")),
                documentedRouteIds(md));
    }

    static Set<String> shippedRouteIds() throws IOException {
        Set<String> ids = new TreeSet<>();
        try (Stream<Path> files = Files.list(ROUTES)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".camel.yaml")).toList()) {
                for (String id : routeIdsOf(f)) {
                    assertTrue(ids.add(id), "route id " + id + " shipped twice");
                }
            }
        }
        return ids;
    }

    /** The ids of the routes a YAML file declares: its routes and its templated routes. */
    public static List<String> routeIdsOf(Path yamlFile) throws IOException {
        String yaml = Files.readString(yamlFile, StandardCharsets.UTF_8);
        List<String> ids = new java.util.ArrayList<>();
        for (Pattern p : List.of(YAML_ROUTE_ID, YAML_TEMPLATED_ROUTE_ID)) {
            Matcher m = p.matcher(yaml);
            while (m.find()) {
                ids.add(m.group(1));
            }
        }
        return ids;
    }

    static Set<String> contextRouteIds() {
        try (PplxRuntime runtime = PplxRuntime.start(null, Map.of(), Map.of(), PplxRuntime.NOT_IN_PIPELINE)) {
            return runtime.context().getRoutes().stream().map(Route::getRouteId)
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /**
     * The route ids the README documents: the backticked names in the first cell of every row of a table whose
     * header's first cell says "route id", and of every table row or list item in a section whose heading says
     * "route id" (down to the next heading). Fenced code is ignored.
     */
    static Set<String> documentedRouteIds(String markdown) {
        Set<String> ids = new TreeSet<>();
        boolean inSection = false;
        boolean inFence = false;
        boolean inRouteTable = false;
        boolean previousWasTableRow = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.stripLeading().startsWith("```")) {
                inFence = !inFence;
                continue;
            }
            if (inFence) {
                continue;
            }
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                inSection = h.group(2).toLowerCase(Locale.ROOT).contains("route id");
                inRouteTable = false;
                previousWasTableRow = false;
                continue;
            }
            boolean tableRow = line.stripLeading().startsWith("|");
            if (tableRow) {
                String first = line.strip().substring(1).split("\\|", -1)[0];
                if (!previousWasTableRow) {
                    // a table's header row decides whether its rows are route ids
                    inRouteTable = first.toLowerCase(Locale.ROOT).contains("route id");
                } else if (inRouteTable || inSection) {
                    Matcher m = TICKED.matcher(first);
                    while (m.find()) {
                        ids.add(m.group(1));
                    }
                }
            } else {
                inRouteTable = false;
                Matcher m = LIST_ID.matcher(line);
                if (inSection && m.find()) {
                    ids.add(m.group(1));
                }
            }
            previousWasTableRow = tableRow;
        }
        return ids;
    }
}
