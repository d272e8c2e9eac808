package io.github.pplxexport.mcp;

import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.json.J;
import io.github.pplxexport.search.SearchIndexing;
import io.github.pplxexport.testkit.PackagedJar;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One archive, several processes: two {@code mcp} servers start together on an archive without an index (one builds
 * it, the other waits for the writer or finds it built), a sync-like writer indexes a new thread meanwhile (the
 * pipeline's own index step, in this JVM) and both servers find it; one server is killed with SIGKILL and the other,
 * and a new one, still answer.
 */
class McpIndexSharingIT {
    static final String ZEBRA = "f51cae28-9117-4285-a4a2-2bda6425d8a7";

    @TempDir
    Path tmp;

    McpSyncClient start(Path archive, String marker) throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        ServerParameters params = ServerParameters.builder(PackagedJar.java())
                // no relaunch: the process the client starts is the server's JVM (the one SIGKILL is sent to)
                .args("-Dpplx.test.marker=" + marker, "-jar", PackagedJar.jar().toString(), "mcp", "--out", archive.toString())
                .env(Map.of("HOME", home.toString(), "PPLX_EXPORT_NO_RELAUNCH", "1"))
                .build();
        McpSyncClient c = McpClient.sync(new StdioClientTransport(params, McpJsonDefaults.getMapper()))
                .requestTimeout(Duration.ofSeconds(60)).initializationTimeout(Duration.ofSeconds(60)).build();
        c.initialize();
        return c;
    }

    static List<Object> search(McpSyncClient c, String query) {
        McpSchema.CallToolResult r = c.callTool(new McpSchema.CallToolRequest("pplx_search", Map.of("query", query)));
        assertTrue(!Boolean.TRUE.equals(r.isError()), () -> r.content().toString());
        return J.list(r.structuredContent(), "results");
    }

    @Test
    void twoServersAndAWriterShareTheIndexAndAKilledServerBreaksNothing() throws Exception {
        Path archive = tmp.resolve("archive");
        FileTrees.copy(Path.of("archive-sample"), archive);
        CompletableFuture<McpSyncClient> a = CompletableFuture.supplyAsync(() -> {
            try {
                return start(archive, "a");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        McpSyncClient b = start(archive, "b");
        McpSyncClient first = a.get(90, TimeUnit.SECONDS);
        try {
            assertEquals(1, search(first, "西湖").size());
            assertEquals(1, search(b, "西湖").size());

            // a sync writes a thread meanwhile: the pipeline's index step commits it; both servers see it
            Path dir = archive.resolve("alice/search/2026-04-18_周末-杭州西湖周边徒步路线推荐_f51cae28");
            Files.writeString(dir.resolve("conversation.md"), Files.readString(dir.resolve("conversation.md"))
                    + "\nZebra crossings near the lake.\n", StandardCharsets.UTF_8);
            try (SearchIndexing sync = new SearchIndexing(Duration.ofSeconds(10), Duration.ofMillis(10))) {
                assertTrue(sync.threadWritten(dir), "the index took the thread");
            }
            for (McpSyncClient c : List.of(first, b)) {
                long t0 = System.nanoTime();
                while (search(c, "zebra").isEmpty() && System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(10)) {
                    Thread.sleep(100);
                }
                assertEquals(ZEBRA, J.str(search(c, "zebra").get(0), "uuid"));
            }

            // kill -9 of one server: the other keeps answering, and a new one opens the index
            Optional<ProcessHandle> victim = ProcessHandle.current().descendants()
                    .filter(p -> p.info().arguments().map(args -> List.of(args).contains("-Dpplx.test.marker=a")).orElse(false))
                    .findFirst();
            assertTrue(victim.isPresent(), "the first server's JVM");
            victim.get().destroyForcibly();
            victim.get().onExit().get(20, TimeUnit.SECONDS);
            assertEquals(ZEBRA, J.str(search(b, "zebra").get(0), "uuid"));
            McpSyncClient c = start(archive, "c");
            try {
                assertEquals(ZEBRA, J.str(search(c, "zebra").get(0), "uuid"));
                assertEquals(1, search(c, "西湖").size());
            } finally {
                c.closeGracefully();
            }
        } finally {
            b.closeGracefully();
            first.close();
        }
    }
}
