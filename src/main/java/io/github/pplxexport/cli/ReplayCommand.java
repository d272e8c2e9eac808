package io.github.pplxexport.cli;

import io.github.pplxexport.replay.FaultPlan;
import io.github.pplxexport.replay.ReplayApi;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.BindException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** {@code replay}: serves an archive as a Perplexity-compatible API on 127.0.0.1 until Ctrl-C. */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Serve an archive as a Perplexity-compatible API on 127.0.0.1.",
        description = {"Serves any archive folder as the Perplexity web API (library listing, thread fetches,"
                + " session, assets) until Ctrl-C, for trying the exporter and for tests. A session cookie whose"
                + " value is an author folder of the archive logs in as that author, unless --account is given.",
                "It is also the HTTP proxy for the sample CDN host: asset URLs in raw_blocks.json (http://"
                        + ReplayApi.CDN_HOST + "/<web_uuid>/<asset_uuid>/<file>?...) are served from the archive's"
                        + " downloaded files. See the README section \"Replay API\" for every answer and fault."},
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar replay --archive archive-sample --port 8765",
                "  java -jar target/pplx-export.jar replay --archive archive-sample --port 8765 --faults 429@2,cloudflare@5"})
public class ReplayCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--archive", required = true, paramLabel = "DIR",
            description = "Archive to serve (<archive>/<author>/<mode>/<thread dir>/).")
    Path archive;

    @Option(names = "--port", paramLabel = "N", defaultValue = "0",
            description = "Port on 127.0.0.1; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--page-size", paramLabel = "N", defaultValue = "" + ReplayOptions.DEFAULT_PAGE_SIZE,
            description = "Entries per thread page (default: ${DEFAULT-VALUE}).")
    int pageSize;

    @Option(names = "--faults", paramLabel = "SPEC",
            description = "Injected faults, comma-separated: <kind>@N[-M] (the N-th to M-th request; kind ="
                    + " 400..599, cloudflare, truncated, reset, malformed or slow:<ms>); rate:<p>[:<kind>][:seed=<n>];"
                    + " expired:<thread> (fetch 400 ENTRY_EXPIRED); deleted:<thread> (fetch 400 ENTRY_DELETED,"
                    + " not listed); unlisted:<thread> (not listed, still fetched); sibling:<uuid> (serve that"
                    + " answer variant); url-expired:<asset> (its URLs 403, /data re-signs); asset-gone:<asset>"
                    + " (URLs 403, /data 404); drift-answer:<thread>, drift-step:<thread>, drift-blocks:<thread>,"
                    + " drift-turn:<thread> (its payload's shape changed: answer, step type, block list, last turn"
                    + " dropped); session-cloudflare (the session check gets a challenge page);"
                    + " asks: ask-status:<STATUS>, ask-drop@<events>, ask-stall:<ms>,"
                    + " fresh-404:<fetches>. E.g. 429@2,500@3-4,slow:3000@6,deleted:<uuid>,rate:0.1:429:seed=42")
    String faults;

    @Option(names = "--strict-auth",
            description = "Answer like the platform: /rest and /api calls without a known session cookie get 401"
                    + " UNAUTHORIZED, a session reading another account's thread 403 VIEW_THREAD_NOT_ALLOWED"
                    + " (default: open, any caller is let in).")
    boolean strictAuth;

    @Option(names = "--request-log", paramLabel = "FILE",
            description = "Append one JSON line per request (method, path, query, status, host, proxied url,"
                    + " header and cookie names, never values).")
    Path requestLog;

    @Option(names = "--account", paramLabel = "NAME",
            description = "Log every session in as NAME and list only NAME's threads (an author folder of the archive).")
    String account;

    @Option(names = "--email", paramLabel = "EMAIL", description = "Session e-mail (default: <account>@example.com).")
    String email;

    @Option(names = "--ask-chunk-ms", paramLabel = "MS", defaultValue = "" + ReplayOptions.DEFAULT_ASK_CHUNK_MILLIS,
            description = "Pause between two events of an ask's answer stream (default ${DEFAULT-VALUE}: ~1.5 s an ask).")
    long askChunkMillis;

    /** {@code pplx-export --account NAME replay …} counts too. */
    @CommandLine.ParentCommand
    PplxExportCli parent;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        if (!Files.isDirectory(archive)) {
            err.println("replay: archive is not a directory: " + archive);
            return 2;
        }
        if (port < 0 || port > 65535) {
            err.println("replay: --port " + port + " is not a port (0-65535; 0 picks a free one)");
            return 2;
        }
        ReplayOptions options;
        try {
            options = ReplayOptions.of(archive).withPort(port).withPageSize(pageSize)
                    .withAccount(account != null || parent == null ? account : parent.global.account, email)
                    .withFaults(FaultPlan.parse(faults)).withRequestLog(requestLog).withStrictAuth(strictAuth)
                    .withAskChunkMillis(askChunkMillis);
        } catch (IllegalArgumentException e) {
            err.println("replay: " + e.getMessage());
            return 2;
        }
        ReplayServer server;
        try {
            server = ReplayServer.start(options);
        } catch (BindException e) {
            err.println("replay: cannot listen on 127.0.0.1:" + port + ": " + e.getMessage()
                    + (port == 0 ? "" : "; choose another --port, or --port 0 for a free one"));
            return 2;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "replay-shutdown"));
        PrintWriter out = spec.commandLine().getOut();
        out.println("replay: serving " + archive + " at " + server.baseUri());
        out.flush();
        stopped.await();
        return 0;
    }
}
