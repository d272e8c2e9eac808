package io.github.pplxexport.mcp;

import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.camel.McpOverHttp;
import io.github.pplxexport.camel.PplxRuntime;
import io.github.pplxexport.camel.ServeCatchUp;
import io.github.pplxexport.json.J;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * serve's {@code /mcp}: the Streamable HTTP transport on serve's own server (the pages' port), driven by the SDK's
 * HTTP client; the token as a Bearer header, the Origin check, the session and method rules.
 */
class McpHttpTest {
    static final String TOKEN = "a-token-of-sixteen-chars";
    static final String REPORT = "bob/deep-research/2026-11-14_Bloom-filters-sizing-and-false-positive_5b409cb0";

    @TempDir
    static Path tmp;
    static Path archive;
    static PplxRuntime runtime;
    static McpOverHttp mcp;
    static int port;
    static final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        archive = tmp.resolve("archive");
        FileTrees.copy(Path.of("archive-sample"), archive);
        McpStdioIT.hostileThread(archive);
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        runtime = PplxRuntime.startServe(null, Map.of("pplx.archive.root", archive.toString(), "pplx.serve.port",
                String.valueOf(port), "pplx.serve.token", TOKEN));
        runtime.context().getRegistry().lookupByNameAndType("serveCatchUp", ServeCatchUp.class).run(false);
        mcp = McpOverHttp.mount(runtime, "test");
    }

    @AfterAll
    static void stop() {
        if (mcp != null) {
            mcp.close();
        }
        if (runtime != null) {
            runtime.close();
        }
    }

    static McpSyncClient client() {
        HttpClientStreamableHttpTransport t = HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port)
                .endpoint("/mcp").httpRequestCustomizer((b, method, uri, body, context) -> b.header("Authorization", "Bearer " + TOKEN))
                .build();
        McpSyncClient c = McpClient.sync(t).requestTimeout(Duration.ofSeconds(20)).build();
        c.initialize();
        return c;
    }

    static HttpResponse<String> post(String body, Map<String, String> headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(b::header);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    @Test
    void theReadToolsAnswerOnServesPort() throws Exception {
        McpSyncClient c = client();
        try {
            List<String> tools = c.listTools().tools().stream().map(McpSchema.Tool::name).sorted().toList();
            assertEquals(List.of("pplx_list_threads", "pplx_read_thread", "pplx_related", "pplx_search"), tools,
                    "no ask tools over HTTP");
            McpSchema.CallToolResult s = c.callTool(new McpSchema.CallToolRequest("pplx_search", Map.of("query", "bloom filter")));
            assertEquals(REPORT, J.str(J.list(s.structuredContent(), "results").get(0), "path"));
            StringBuilder joined = new StringBuilder();
            Object offset = 0;
            while (offset != null) {
                McpSchema.CallToolResult r = c.callTool(new McpSchema.CallToolRequest("pplx_read_thread",
                        Map.of("thread", "5b409cb0", "offset", offset, "max_chars", 400)));
                joined.append(((McpSchema.TextContent) r.content().get(0)).text());
                offset = J.get(r.structuredContent(), "next_offset");
            }
            assertArrayEquals(Files.readAllBytes(archive.resolve(REPORT).resolve("conversation.md")),
                    joined.toString().getBytes(StandardCharsets.UTF_8));
            McpSchema.CallToolResult hostile = c.callTool(new McpSchema.CallToolRequest("pplx_read_thread",
                    Map.of("thread", McpStdioIT.HOSTILE_UUID)));
            assertEquals(McpStdioIT.HOSTILE_TEXT, ((McpSchema.TextContent) hostile.content().get(0)).text());
            assertEquals(true, c.callTool(new McpSchema.CallToolRequest("pplx_read_thread", Map.of("thread", "../../etc/passwd"))).isError());
            assertFalse(c.listResources().resources().isEmpty());
        } finally {
            c.closeGracefully();
        }
    }

    @Test
    void theTokenTheOriginTheSessionAndTheMethodAreChecked() throws Exception {
        assertEquals(401, post(INIT, Map.of()).statusCode(), "no token");
        assertEquals(401, post(INIT, Map.of("Authorization", "Bearer wrong-token-wrong-token")).statusCode());
        Map<String, String> auth = Map.of("Authorization", "Bearer " + TOKEN);
        assertEquals(403, post(INIT, Map.of("Authorization", "Bearer " + TOKEN, "Origin", "http://evil.example.org")).statusCode(),
                "a foreign page");
        assertEquals(403, post(INIT, Map.of("Authorization", "Bearer " + TOKEN, "Origin", "http://evil.example.org:" + port))
                .statusCode(), "a rebound name");
        HttpResponse<String> ok = post(INIT, Map.of("Authorization", "Bearer " + TOKEN, "Origin", "http://127.0.0.1:" + port));
        assertEquals(200, ok.statusCode(), ok.body());
        String session = ok.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertTrue(ok.body().contains("\"pplx-export\""), ok.body());
        String list = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"params\":{}}";
        assertEquals(400, post(list, auth).statusCode(), "no session");
        assertEquals(404, post(list, Map.of("Authorization", "Bearer " + TOKEN, "Mcp-Session-Id", "nope")).statusCode());
        assertEquals(400, post(list, Map.of("Authorization", "Bearer " + TOKEN, "Mcp-Session-Id", session,
                "MCP-Protocol-Version", "1999-01-01")).statusCode(), "an unsupported protocol version");
        HttpResponse<String> tools = post(list, Map.of("Authorization", "Bearer " + TOKEN, "Mcp-Session-Id", session));
        assertEquals(200, tools.statusCode());
        assertTrue(tools.body().contains("pplx_read_thread"), tools.body());
        assertEquals(202, post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                Map.of("Authorization", "Bearer " + TOKEN, "Mcp-Session-Id", session)).statusCode());
        HttpResponse<String> get = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                .header("Authorization", "Bearer " + TOKEN).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(405, get.statusCode());
        // the pages keep their own token header on the same port
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/"))
                .header("X-Archive-Token", TOKEN).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode());
    }
}
