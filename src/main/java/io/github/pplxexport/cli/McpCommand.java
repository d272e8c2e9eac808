package io.github.pplxexport.cli;

import io.github.pplxexport.camel.McpArchive;
import io.github.pplxexport.camel.McpAsker;
import io.github.pplxexport.camel.PplxRuntime;
import io.github.pplxexport.mcp.AgentArchive;
import io.github.pplxexport.mcp.AgentAsks;
import io.github.pplxexport.mcp.ArchiveTools;
import io.github.pplxexport.mcp.AskAllowance;
import io.github.pplxexport.mcp.Cancellations;
import io.github.pplxexport.mcp.IndexReadiness;
import io.github.pplxexport.mcp.SessionHooks;
import io.github.pplxexport.search.IndexCatchUp;
import io.github.pplxexport.search.SearchIndex;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code mcp}: the archive (and, with {@code --allow-ask}, asking) for agents, as a Model Context Protocol server on
 * stdin/stdout (docs/agents.md). stdout carries protocol messages only; the log goes to stderr (and --log-file). The
 * protocol is answered at once while Camel starts and the search index is opened, built or caught up in the background;
 * a tool call waits for what it needs. Ends when stdin closes, or on SIGINT/SIGTERM.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Serve the archive to coding agents over MCP (stdio).",
        description = "An MCP server on stdin/stdout for Claude Code, Codex, Cursor, VS Code, Claude Desktop and other"
                + " agents: pplx_search, pplx_read_thread, pplx_list_threads, pplx_related, and the threads as resources"
                + " (pplx://thread/<uuid>). With --allow-ask also pplx_ask (asks Perplexity through the subscription, at most"
                + " --max-asks-per-day a day, one at a time) and pplx_export_thread. The search index is built or caught"
                + " up in the background at the start. See docs/agents.md for each agent's configuration.",
        footer = {"", "Examples:",
                "  claude mcp add pplx -- java -jar /abs/pplx-export.jar mcp --out /abs/archive",
                "  java -jar target/pplx-export.jar mcp --out demo_archive --allow-ask --max-asks-per-day 5"})
public class McpCommand extends OnlineCommand {

    @Option(names = "--allow-ask", description = "Offer pplx_ask and pplx_export_thread (they use the account's cookies"
            + " and its subscription); without it the tools only read the archive.")
    boolean allowAsk;

    @Option(names = "--max-asks-per-day", paramLabel = "N",
            description = "At most N asks a UTC day, counted in <out>/index/mcp_asks.json (default 20).")
    Integer maxAsks;

    /** Asked for when the command runs, not in a static field: the command line is built before logging has started. */
    private static Logger log() {
        return LoggerFactory.getLogger("pplx.mcp");
    }

    @Override
    int run() throws Exception {
        // stdout is the protocol's: whatever else would print there goes to stderr
        PrintStream protocol = System.out;
        System.setOut(System.err);
        Map<String, String> flags = new LinkedHashMap<>();
        flags.put("pplx.mcp.enabled", "true");
        if (maxAsks != null) {
            if (maxAsks < 0) {
                throw new UsageException("--max-asks-per-day must be 0 or more, got " + maxAsks);
            }
            flags.put("pplx.mcp.max-asks-per-day", String.valueOf(maxAsks));
        }
        OnlineRun online = allowAsk ? online(flags) : null;
        Path root = allowAsk ? online.archiveRoot() : parent.global.archiveRoot();
        if (!Files.isDirectory(root)) {
            throw new UsageException("archive folder not found: " + root);
        }
        Map<String, String> props = allowAsk ? online.properties : new LinkedHashMap<>(parent.global.properties(flags));
        props.put("pplx.archive.root", root.toString());

        SearchIndex index = SearchIndex.open(root);
        IndexReadiness readiness = new IndexReadiness(Long.parseLong(props.getOrDefault("pplx.mcp.index-wait-ms",
                GlobalOptions.builtIn("pplx.mcp.index-wait-ms"))));
        AgentArchive archive = new AgentArchive(root, () -> index, readiness);

        // Camel on another thread, once the server is built: initialize is answered meanwhile; a tool call waits for it
        CompletableFuture<PplxRuntime> runtime = new CompletableFuture<>();
        Thread starting = new Thread(() -> {
            try {
                PplxRuntime r = allowAsk ? online.withProperties(props).start(List.of("mcp")) : PplxRuntime.startMcp(parent.global.routes, props);
                if (!allowAsk) {
                    StopSignals.stopWith(r::abort);
                }
                r.context().getRegistry().lookupByNameAndType("mcpArchive", McpArchive.class).use(archive);
                runtime.complete(r);
            } catch (RuntimeException | Error e) {
                log().error("[mcp] could not start the pipeline: {}", e.getMessage());
                runtime.completeExceptionally(e);
            }
        }, "pplx-mcp-start");
        starting.setDaemon(true);

        Cancellations cancellations = new Cancellations();
        ArchiveTools.Routes routes = (uri, body) -> runtime.join().request(uri, body, Object.class);
        ArchiveTools.AskSide asks = allowAsk ? askSide(online, runtime, archive, root, props) : null;
        ArchiveTools tools = new ArchiveTools(routes, asks, cancellations);
        SessionHooks hooks = new SessionHooks(tools::listResources, cancellations);
        CountDownLatch stdinClosed = new CountDownLatch(1);
        InputStream in = new FilterInputStream(System.in) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n < 0) {
                    stdinClosed.countDown();
                }
                return n;
            }

            @Override
            public int read() throws IOException {
                int n = super.read();
                if (n < 0) {
                    stdinClosed.countDown();
                }
                return n;
            }
        };
        StdioServerTransportProvider stdio = new StdioServerTransportProvider(McpJsonDefaults.getMapper(), in, protocol);
        McpSyncServer server = tools.build(McpServer.sync(hooks.around(stdio)), version());
        // the protocol answers from now on; Camel and the index start after it (two cores: initialize comes first)
        starting.start();
        indexInBackground(index, readiness);
        log().info("[mcp] serving {} on stdio{}", root, allowAsk ? " (asks allowed)" : "");
        while (StopSignals.received().isEmpty() && !stdinClosed.await(200, TimeUnit.MILLISECONDS)) {
            // until the client closes stdin, or a signal
        }
        server.close();
        if (runtime.isDone() && !runtime.isCompletedExceptionally()) {
            runtime.join().close();
        }
        index.close();
        return StopSignals.received().isPresent() ? Outcome.stopped("mcp ended", null) : PplxExportCli.EXIT_OK;
    }

    /** The ask tools' side: the asks over the runtime's ask route, and the account of one session check. */
    private static ArchiveTools.AskSide askSide(OnlineRun online, CompletableFuture<PplxRuntime> runtime, AgentArchive archive,
                                                Path root, Map<String, String> props) {
        return new ArchiveTools.AskSide() {
            private AgentAsks asks;
            private String account;

            @Override
            public synchronized AgentAsks asks() {
                if (asks == null) {
                    PplxRuntime r = runtime.join();
                    long gap = Long.parseLong(r.context().resolvePropertyPlaceholders("{{pplx.mcp.ask-gap-ms}}"));
                    long heartbeat = Long.parseLong(r.context().resolvePropertyPlaceholders("{{pplx.mcp.heartbeat-ms}}"));
                    int max = Integer.parseInt(r.context().resolvePropertyPlaceholders("{{pplx.mcp.max-asks-per-day}}"));
                    asks = new AgentAsks(archive, new AskAllowance(root, max, Clock.systemUTC()),
                            new McpAsker(r.context(), gap), heartbeat);
                }
                return asks;
            }

            @Override
            public synchronized String account() {
                if (account == null) {
                    PplxRuntime r = runtime.join();
                    String resolved = online.session(r);
                    r.context().getRegistry().lookupByNameAndType("mcpArchive", McpArchive.class).account(resolved);
                    account = resolved;
                }
                return account;
            }
        };
    }

    /**
     * The index as serve keeps it: a current one answers at once and is caught up in the background; a missing one (or
     * of another format) is built in the background, and reads wait for it ({@link IndexReadiness}).
     */
    private static void indexInBackground(SearchIndex index, IndexReadiness readiness) {
        Thread t = new Thread(() -> {
            try {
                boolean current = index.current();
                if (current) {
                    readiness.ready();
                }
                IndexCatchUp catchUp = new IndexCatchUp(index, 0, () -> StopSignals.received().isPresent());
                readiness.building(catchUp);
                IndexCatchUp.Result r = catchUp.run(false, Duration.ofMillis(10_000));
                log().info("[mcp] {}", r.line());
            } catch (IOException | RuntimeException e) {
                log().warn("[mcp] the search index could not be brought up to date now ({}); searches use it as it is",
                        e.getMessage());
            } finally {
                readiness.ready();
            }
        }, "pplx-mcp-index");
        t.setDaemon(true);
        t.start();
    }

    static String version() {
        try {
            return new VersionProvider().getVersion()[0].replaceFirst("^pplx-export (\\S+).*", "$1");
        } catch (IOException e) {
            return "dev";
        }
    }
}
