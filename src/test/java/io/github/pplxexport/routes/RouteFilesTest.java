package io.github.pplxexport.routes;

import io.github.pplxexport.pipeline.RouteIdsTest;
import org.apache.camel.Route;
import org.apache.camel.component.file.FileEndpoint;
import org.apache.camel.component.file.GenericFileExist;
import org.apache.camel.processor.SendProcessor;
import org.apache.camel.model.Model;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.model.errorhandler.DeadLetterChannelDefinition;
import org.apache.camel.model.errorhandler.NoErrorHandlerDefinition;
import org.apache.camel.processor.errorhandler.RedeliveryPolicy;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every file of routes/ loads into a Camel Main context with the project's beans, and the shape the README and
 * the failure policy promise is what runs: read from the running context.
 */
class RouteFilesTest extends RouteTestSupport {

    @Test
    void everyRouteOfEveryFileRuns() throws Exception {
        Set<String> running = context.getRoutes().stream().map(Route::getRouteId).collect(Collectors.toCollection(TreeSet::new));
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("routes"))) {
            files = s.filter(p -> p.toString().endsWith(".camel.yaml")).sorted().toList();
        }
        assertEquals(17, files.size(), files.toString());
        Set<String> declared = new TreeSet<>();
        for (Path f : files) {
            List<String> ids = RouteIdsTest.routeIdsOf(f);
            assertFalse(ids.isEmpty(), f + " declares routes");
            assertTrue(running.containsAll(ids), f + ": " + ids + " not all in " + running);
            declared.addAll(ids);
        }
        assertEquals(declared, running, "nothing runs that no file declares");
    }

    @Test
    void theFailurePolicyIsWiredAsDeclared() {
        Model model = context.getCamelContextExtension().getContextPlugin(Model.class);
        RouteDefinition probe = model.getRouteDefinition("probe-sibling");
        DeadLetterChannelDefinition dlc = assertInstanceOf(DeadLetterChannelDefinition.class, probe.getErrorHandlerFactory());
        assertEquals("direct:sibling-failed", dlc.getDeadLetterUri(), "its dead letters go to its channel, then dead-letter");
        assertEquals("perplexity-api", probe.getRouteConfigurationId(), "and the request policy applies to the probe");
        assertInstanceOf(NoErrorHandlerDefinition.class, model.getRouteDefinition("api-call").getErrorHandlerFactory(),
                "one request is one redelivery unit of its caller");
        // (check-session's request is token-session's)
        for (String route : List.of("fetch-entries", "fetch-blocks", "fetch-candidate",
                "token-session", "get-space", "list-spaces", "models-config", "doctor-listing-page", "doctor-thread")) {
            assertEquals("perplexity-api", model.getRouteDefinition(route).getRouteConfigurationId(), route);
        }
        // a listing page that is not the listing (HTML, XML, not JSON) is retried too
        assertEquals("perplexity-api,library-listing", model.getRouteDefinition("fetch-index").getRouteConfigurationId());
        // the writes that must not happen twice: the ask (a second thread) and a new space (a second space), whoever sends it
        for (String route : List.of("ask-stream", "create-space", "space-create")) {
            assertNull(model.getRouteDefinition(route).getRouteConfigurationId(), route + " is never redelivered");
        }
        // an asset version: re-signing is an API request (retried as any); the CDN download has its own, shorter
        // retries; both dead-letter to asset-failed
        for (String route : List.of("resign-asset", "download-asset")) {
            RouteDefinition r = model.getRouteDefinition(route);
            DeadLetterChannelDefinition assetDlc = assertInstanceOf(DeadLetterChannelDefinition.class, r.getErrorHandlerFactory());
            assertEquals("direct:asset-failed", assetDlc.getDeadLetterUri(), route);
        }
        assertEquals("perplexity-api", model.getRouteDefinition("resign-asset").getRouteConfigurationId());
        assertEquals("asset-cdn", model.getRouteDefinition("download-asset").getRouteConfigurationId(),
                "a CDN request is not an API request: its own policy");
        assertInstanceOf(NoErrorHandlerDefinition.class, model.getRouteDefinition("fetch-asset").getErrorHandlerFactory(),
                "one CDN request and the look at its answer are one redelivery unit of download-asset");
        RedeliveryPolicy cdn = context.getRegistry().lookupByNameAndType("assetBackoff", RedeliveryPolicy.class);
        assertEquals(2, cdn.getMaximumRedeliveries(), "3 attempts (pplx.asset.retry.maximum-redeliveries)");
        assertFalse(cdn.isAllowRedeliveryWhileStopping(), "a shutdown ends a wait");
        RedeliveryPolicy backoff = context.getRegistry().lookupByNameAndType("apiBackoff", RedeliveryPolicy.class);
        assertEquals(2, backoff.getMaximumRedeliveries(), "3 attempts (pplx.retry.maximum-redeliveries)");
        assertEquals(3.0, backoff.getBackOffMultiplier());
        assertFalse(backoff.isAllowRedeliveryWhileStopping(), "a shutdown ends a wait");
    }

    /** The products leave through one file endpoint on the archive root: temp file + one atomic rename, jailed. */
    @Test
    void theProductsSinkIsAFileEndpointOnTheArchiveRoot() {
        SendProcessor send = assertInstanceOf(SendProcessor.class, context.getProcessor("products-file"));
        FileEndpoint file = assertInstanceOf(FileEndpoint.class, send.getEndpoint());
        assertTrue(send.getEndpoint().getEndpointUri().startsWith("file:"), send.getEndpoint().getEndpointUri());
        assertEquals(archive().toAbsolutePath().normalize(), Path.of(file.getConfiguration().getDirectory()).toAbsolutePath().normalize());
        assertEquals(GenericFileExist.TryRename, file.getFileExist(), "TryRename: one rename(2), never a moment without the file");
        assertNotNull(file.getTempFileName(), "written to a temp file first");
        assertTrue(file.isJailStartingDirectory(), "a product name cannot leave the archive root");
    }
}
