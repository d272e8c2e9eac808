package io.github.pplxexport.camel;

import io.github.pplxexport.browse.Access;
import io.github.pplxexport.mcp.ArchiveTools;
import io.github.pplxexport.mcp.Cancellations;
import io.github.pplxexport.mcp.SessionHooks;
import io.github.pplxexport.search.SearchIndex;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpRouter;

import java.util.function.Supplier;

/**
 * serve's (and run's) {@code /mcp}: the archive's read tools over MCP's Streamable HTTP transport, on the router of
 * the HTTP server that serves the pages, under the same rules (the token, loopback by default) and the Origin check.
 * The tools call the same routes as the {@code mcp} command's (routes/mcp.camel.yaml); asking stays with {@code mcp
 * --allow-ask}, which has the account's cookies.
 */
public final class McpOverHttp implements AutoCloseable {
    private final McpSyncServer server;

    private McpOverHttp(McpSyncServer server) {
        this.server = server;
    }

    /** Mounts {@code /mcp} on the runtime's platform-http router. */
    public static McpOverHttp mount(PplxRuntime runtime, String version) {
        var context = runtime.context();
        String host = context.resolvePropertyPlaceholders("{{pplx.serve.host}}");
        String token = context.resolvePropertyPlaceholders("{{pplx.serve.token}}");
        @SuppressWarnings("unchecked")
        Supplier<SearchIndex> serveIndex = context.getRegistry().lookupByNameAndType("serveIndex", Supplier.class);
        if (serveIndex != null) {
            context.getRegistry().lookupByNameAndType("mcpArchive", McpArchive.class).useIndex(serveIndex);
        }
        Cancellations cancellations = new Cancellations();
        ArchiveTools tools = new ArchiveTools((uri, body) -> runtime.request(uri, body, Object.class), null, cancellations);
        McpHttpTransport transport = new McpHttpTransport(McpJsonDefaults.getMapper(), new Access(token), host,
                new SessionHooks(tools::listResources, cancellations));
        McpSyncServer server = tools.build(McpServer.sync(transport), version);
        int port = Integer.parseInt(context.resolvePropertyPlaceholders("{{pplx.serve.port}}"));
        VertxPlatformHttpRouter router = VertxPlatformHttpRouter.lookup(context, VertxPlatformHttpRouter.getRouterNameFromPort(port));
        if (router == null) {
            router = context.getRegistry().lookupByNameAndType(VertxPlatformHttpRouter.PLATFORM_HTTP_ROUTER_NAME,
                    VertxPlatformHttpRouter.class);
        }
        if (router == null) {
            server.close();
            throw new IllegalStateException("no HTTP server on port " + port + " to answer /mcp on");
        }
        transport.mount(router);
        return new McpOverHttp(server);
    }

    @Override
    public void close() {
        server.close();
    }
}
