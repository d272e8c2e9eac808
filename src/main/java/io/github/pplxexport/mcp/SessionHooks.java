package io.github.pplxexport.mcp;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * What the SDK's session leaves to us, done on the messages before they reach it: {@code resources/list} paged and
 * newest first (the SDK lists its registered resources all at once, in no order: a large archive has thousands),
 * {@code notifications/cancelled} passed to {@link Cancellations} (the SDK drops it), and each {@code tools/call}'s
 * JSON-RPC id passed to its handler in {@code _meta} (so a cancellation finds its call). Used by the stdio transport
 * (as a session around the SDK's) and by the HTTP transport (on each message it receives).
 */
public final class SessionHooks {
    private final Function<String, McpSchema.ListResourcesResult> resources;
    private final Cancellations cancellations;

    public SessionHooks(Function<String, McpSchema.ListResourcesResult> resources, Cancellations cancellations) {
        this.resources = resources;
        this.cancellations = cancellations;
    }

    /** The answer to a message we answer ourselves (resources/list), or null. */
    public McpSchema.JSONRPCResponse answer(McpSchema.JSONRPCMessage message) {
        if (message instanceof McpSchema.JSONRPCRequest r && McpSchema.METHOD_RESOURCES_LIST.equals(r.method())) {
            String cursor = r.params() instanceof Map<?, ?> p && p.get("cursor") instanceof String c ? c : null;
            try {
                return new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, r.id(), resources.apply(cursor), null);
            } catch (RuntimeException e) {
                return new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, r.id(), null,
                        new McpSchema.JSONRPCResponse.JSONRPCError(McpSchema.ErrorCodes.INVALID_PARAMS,
                                e.getMessage() == null ? "cannot list the resources" : e.getMessage(), null));
            }
        }
        return null;
    }

    /** Whether the message was a cancellation, now recorded (the SDK need not see it). */
    public boolean cancelled(McpSchema.JSONRPCMessage message) {
        if (message instanceof McpSchema.JSONRPCNotification n && "notifications/cancelled".equals(n.method())) {
            if (n.params() instanceof Map<?, ?> p) {
                cancellations.cancel(p.get("requestId"));
            }
            return true;
        }
        return false;
    }

    /** A tools/call with its id in {@code _meta}; any other message as it is. */
    @SuppressWarnings("unchecked")
    public McpSchema.JSONRPCMessage tagged(McpSchema.JSONRPCMessage message) {
        if (message instanceof McpSchema.JSONRPCRequest r && McpSchema.METHOD_TOOLS_CALL.equals(r.method())
                && r.params() instanceof Map<?, ?> p) {
            Map<String, Object> params = new LinkedHashMap<>((Map<String, Object>) p);
            Map<String, Object> meta = params.get("_meta") instanceof Map<?, ?> m ? new LinkedHashMap<>((Map<String, Object>) m)
                    : new LinkedHashMap<>();
            meta.put(ArchiveTools.REQUEST_ID, r.id());
            params.put("_meta", meta);
            return new McpSchema.JSONRPCRequest(r.jsonrpc(), r.method(), r.id(), params);
        }
        return message;
    }

    /** The SDK's stdio transport (or any single-session one) with these hooks on its session. */
    public McpServerTransportProvider around(McpServerTransportProvider provider) {
        return new McpServerTransportProvider() {
            @Override
            public void setSessionFactory(McpServerSession.Factory factory) {
                provider.setSessionFactory(transport -> new Hooked(factory.create(transport), transport));
            }

            @Override
            public Mono<Void> notifyClients(String method, Object params) {
                return provider.notifyClients(method, params);
            }

            @Override
            public Mono<Void> notifyClient(String sessionId, String method, Object params) {
                return provider.notifyClient(sessionId, method, params);
            }

            @Override
            public Mono<Void> closeGracefully() {
                return provider.closeGracefully();
            }

            @Override
            public void close() {
                provider.close();
            }

            @Override
            public java.util.List<String> protocolVersions() {
                return provider.protocolVersions();
            }
        };
    }

    /** The SDK's session, with our messages taken out first (its public surface delegated). */
    private final class Hooked extends McpServerSession {
        private final McpServerSession session;
        private final McpServerTransport transport;

        Hooked(McpServerSession session, McpServerTransport transport) {
            super(session.getId(), Duration.ofSeconds(10), transport, null, Map.of(), Map.of());
            this.session = session;
            this.transport = transport;
        }

        @Override
        public Mono<Void> handle(McpSchema.JSONRPCMessage message) {
            McpSchema.JSONRPCResponse own = answer(message);
            if (own != null) {
                return transport.sendMessage(own);
            }
            if (cancelled(message)) {
                return Mono.empty();
            }
            return session.handle(tagged(message));
        }

        @Override
        public String getId() {
            return session.getId();
        }

        @Override
        public void init(McpSchema.ClientCapabilities capabilities, McpSchema.Implementation info) {
            session.init(capabilities, info);
        }

        @Override
        public void setMinLoggingLevel(McpSchema.LoggingLevel level) {
            session.setMinLoggingLevel(level);
        }

        @Override
        public boolean isNotificationForLevelAllowed(McpSchema.LoggingLevel level) {
            return session.isNotificationForLevelAllowed(level);
        }

        @Override
        public <T> Mono<T> sendRequest(String method, Object params, TypeRef<T> type) {
            return session.sendRequest(method, params, type);
        }

        @Override
        public Mono<Void> sendNotification(String method, Object params) {
            return session.sendNotification(method, params);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return session.closeGracefully();
        }

        @Override
        public void close() {
            session.close();
        }
    }
}
