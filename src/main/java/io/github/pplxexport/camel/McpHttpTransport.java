package io.github.pplxexport.camel;

import io.github.pplxexport.browse.Access;
import io.github.pplxexport.mcp.SessionHooks;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStreamableServerSession;
import io.modelcontextprotocol.spec.McpStreamableServerTransport;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.ProtocolVersions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * MCP's Streamable HTTP transport at {@code /mcp} on serve's own HTTP server (Camel's platform-http on Vert.x: the same
 * port as the pages), as the SDK's transport provider interface (the SDK ships only a servlet one). One endpoint: a
 * POST carries one JSON-RPC message; {@code initialize} opens a session ({@code Mcp-Session-Id}); a request is answered
 * as an event stream scoped to it (its progress notifications, then its result); a notification or response gets 202;
 * DELETE ends the session; GET is 405 (no server-initiated stream). Every request is checked first: its {@code Origin}
 * (a foreign page: 403, against DNS rebinding), the token as {@code Authorization: Bearer} when serve has one (401),
 * the session (400 without, 404 unknown) and {@code MCP-Protocol-Version} (400 unsupported).
 */
public final class McpHttpTransport implements McpStreamableServerTransportProvider {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.mcp");
    public static final String PATH = "/mcp";
    private static final String SESSION = "Mcp-Session-Id";
    private static final String VERSION = "MCP-Protocol-Version";

    private final McpJsonMapper json;
    private final Access access;
    private final String servedHost;
    private final SessionHooks hooks;
    private final Map<String, McpStreamableServerSession> sessions = new ConcurrentHashMap<>();
    private volatile McpStreamableServerSession.Factory factory;

    public McpHttpTransport(McpJsonMapper json, Access access, String servedHost, SessionHooks hooks) {
        this.json = json;
        this.access = access;
        this.servedHost = servedHost;
        this.hooks = hooks;
    }

    /** Answers {@code /mcp} on the router of the server that serves the pages. */
    public void mount(Router router) {
        router.route(PATH).handler(this::handle);
    }

    @Override
    public void setSessionFactory(McpStreamableServerSession.Factory sessionFactory) {
        this.factory = sessionFactory;
    }

    @Override
    public List<String> protocolVersions() {
        return List.of(ProtocolVersions.MCP_2024_11_05, ProtocolVersions.MCP_2025_03_26, ProtocolVersions.MCP_2025_06_18,
                ProtocolVersions.MCP_2025_11_25);
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        return Flux.fromIterable(sessions.values()).flatMap(s -> s.sendNotification(method, params).onErrorResume(e -> Mono.empty()))
                .then();
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Flux.fromIterable(sessions.values()).flatMap(McpStreamableServerSession::closeGracefully).then()
                .doFinally(s -> sessions.clear());
    }

    // ------------------------------------------------------------------ HTTP

    private void handle(RoutingContext ctx) {
        var req = ctx.request();
        if (!Access.originAllowed(req.getHeader("Origin"), servedHost)) {
            plain(ctx, 403, "Forbidden: this origin may not use the archive's MCP endpoint");
            return;
        }
        if (!access.bearer(req.getHeader("Authorization"))) {
            ctx.response().putHeader("WWW-Authenticate", "Bearer");
            plain(ctx, 401, "Unauthorized: send Authorization: Bearer <token>");
            return;
        }
        String version = req.getHeader(VERSION);
        if (version != null && !protocolVersions().contains(version)) {
            plain(ctx, 400, "Unsupported MCP-Protocol-Version " + version);
            return;
        }
        if (req.method() == HttpMethod.GET) {
            ctx.response().putHeader("Allow", "POST, DELETE");
            plain(ctx, 405, "No server-initiated stream: POST messages to this endpoint");
            return;
        }
        if (req.method() == HttpMethod.DELETE) {
            McpStreamableServerSession s = session(ctx);
            if (s != null) {
                sessions.remove(s.getId());
                s.delete().subscribe();
                ctx.response().setStatusCode(200).end();
            }
            return;
        }
        if (req.method() != HttpMethod.POST) {
            plain(ctx, 405, "Method not allowed");
            return;
        }
        if (ctx.body() != null && ctx.body().buffer() != null) {
            post(ctx, ctx.body().asString(StandardCharsets.UTF_8.name()));
        } else {
            req.body().onSuccess(b -> post(ctx, b.toString(StandardCharsets.UTF_8)))
                    .onFailure(e -> plain(ctx, 400, "Unreadable body"));
        }
    }

    private void post(RoutingContext ctx, String body) {
        McpSchema.JSONRPCMessage message;
        try {
            message = McpSchema.deserializeJsonRpcMessage(json, body);
        } catch (IOException | RuntimeException e) {
            plain(ctx, 400, "Not a JSON-RPC message");
            return;
        }
        if (message instanceof McpSchema.JSONRPCRequest r && McpSchema.METHOD_INITIALIZE.equals(r.method())) {
            McpSchema.InitializeRequest init = json.convertValue(r.params(), new TypeRef<McpSchema.InitializeRequest>() {
            });
            McpStreamableServerSession.McpStreamableServerSessionInit started = factory.startSession(init);
            sessions.put(started.session().getId(), started.session());
            started.initResult().subscribe(result -> {
                ctx.response().putHeader(SESSION, started.session().getId());
                send(ctx, 200, new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, r.id(), result, null));
            }, e -> send(ctx, 200, error(r.id(), McpSchema.ErrorCodes.INTERNAL_ERROR, String.valueOf(e.getMessage()))));
            return;
        }
        McpStreamableServerSession session = session(ctx);
        if (session == null) {
            return;
        }
        if (hooks.cancelled(message)) {
            ctx.response().setStatusCode(202).end();
            return;
        }
        McpSchema.JSONRPCResponse own = hooks.answer(message);
        if (own != null) {
            send(ctx, 200, own);
            return;
        }
        if (message instanceof McpSchema.JSONRPCNotification n) {
            session.accept(n).subscribe(v -> { }, e -> LOG.debug("[mcp] notification", e));
            ctx.response().setStatusCode(202).end();
        } else if (message instanceof McpSchema.JSONRPCResponse r) {
            session.accept(r).subscribe(v -> { }, e -> LOG.debug("[mcp] response", e));
            ctx.response().setStatusCode(202).end();
        } else {
            McpSchema.JSONRPCRequest request = (McpSchema.JSONRPCRequest) hooks.tagged(message);
            HttpServerResponse res = ctx.response().setStatusCode(200).setChunked(true)
                    .putHeader("Content-Type", "text/event-stream").putHeader("Cache-Control", "no-cache")
                    .putHeader(SESSION, session.getId());
            Stream stream = new Stream(res);
            session.responseStream(request, stream).subscribe(v -> { }, e -> {
                LOG.debug("[mcp] request stream", e);
                stream.end();
            }, stream::end);
        }
    }

    /** The session a request names: none (400) or an unknown one (404) is answered here, and null returned. */
    private McpStreamableServerSession session(RoutingContext ctx) {
        String id = ctx.request().getHeader(SESSION);
        if (id == null || id.isBlank()) {
            plain(ctx, 400, "Mcp-Session-Id required (initialize first)");
            return null;
        }
        McpStreamableServerSession s = sessions.get(id);
        if (s == null) {
            plain(ctx, 404, "Unknown or ended session");
        }
        return s;
    }

    private void send(RoutingContext ctx, int status, McpSchema.JSONRPCMessage message) {
        try {
            ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json").end(json.writeValueAsString(message));
        } catch (IOException e) {
            plain(ctx, 500, "Could not write the answer");
        }
    }

    private static McpSchema.JSONRPCResponse error(Object id, int code, String message) {
        return new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, id, null,
                new McpSchema.JSONRPCResponse.JSONRPCError(code, message, null));
    }

    private static void plain(RoutingContext ctx, int status, String text) {
        if (!ctx.response().ended()) {
            ctx.response().setStatusCode(status).putHeader("Content-Type", "text/plain; charset=utf-8").end(text);
        }
    }

    /** One request's event stream: each message an SSE {@code message} event; ended after the result. */
    private final class Stream implements McpStreamableServerTransport {
        private final HttpServerResponse res;

        Stream(HttpServerResponse res) {
            this.res = res;
        }

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return sendMessage(message, null);
        }

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message, String messageId) {
            try {
                String data = json.writeValueAsString(message);
                StringBuilder event = new StringBuilder();
                if (messageId != null) {
                    event.append("id: ").append(messageId).append('\n');
                }
                event.append("event: message\ndata: ").append(data).append("\n\n");
                synchronized (this) {
                    if (!res.ended() && !res.closed()) {
                        res.write(Buffer.buffer(event.toString(), StandardCharsets.UTF_8.name()));
                    }
                }
                if (message instanceof McpSchema.JSONRPCResponse) {
                    end();
                }
                return Mono.empty();
            } catch (IOException e) {
                return Mono.error(e);
            }
        }

        synchronized void end() {
            if (!res.ended() && !res.closed()) {
                res.end();
            }
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
            return json.convertValue(data, type);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.fromRunnable(this::end);
        }

        @Override
        public void close() {
            end();
        }
    }
}
