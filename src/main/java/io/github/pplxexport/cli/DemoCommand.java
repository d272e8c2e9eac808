package io.github.pplxexport.cli;

import io.github.pplxexport.export.BatchOptions;
import io.github.pplxexport.export.BatchSummary;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.sample.SampleArchive;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code demo}: serves the project's sample library ({@code archive-sample/}) through the replay API on a free
 * loopback port and runs the real {@code sync} pipeline against it, once per account of the sample, with zero
 * delays, into {@code --out} (default {@code ./demo_archive}).
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Export the bundled sample via a local replay API (no account).",
        description = "Serves archive-sample/ as a Perplexity-compatible API on a free 127.0.0.1 port and runs the"
                + " real sync (index, then batch) against it once per sample account, with no pauses, into --out;"
                + " then asks one question in each of the four modes and archives them into --asks-out."
                + " The demo has its own folder, ./demo_archive, so it never mixes with a real ./web_archive.",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar demo",
                "  java -jar target/pplx-export.jar demo --out /tmp/demo && java -jar target/pplx-export.jar status --out /tmp/demo -v",
                "  java -jar target/pplx-export.jar replay --archive demo_archive --port 8765"})
public class DemoCommand implements Callable<Integer> {
    /** The demo's own archive folder: never the real one's default. */
    static final Path DEFAULT_OUT = Paths.get("demo_archive");

    /** No pacing, as the replay server is local; retries still work, quickly. */
    static final Map<String, String> NO_DELAYS = withQuickRetries();

    @ParentCommand
    PplxExportCli parent;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the demo archive goes (default: ./demo_archive).")
    Path out;

    @Option(names = "--asks-out", paramLabel = "DIR",
            description = "Where the demo's four asks (one per mode) are archived (default: <out>-asks, beside the demo archive).")
    Path asksOut;

    @Mixin
    GlobalOptions.Pipeline pipeline;
    @Mixin
    GlobalOptions.Log log;
    @Mixin
    GlobalOptions.Language language;

    private static Map<String, String> withQuickRetries() {
        Map<String, String> m = new java.util.HashMap<>(PacingOption.NO_PACING);
        m.put("pplx.retry.delay-ms", "100");
        m.put("pplx.retry.maximum-delay-ms", "1000");
        return Map.copyOf(m);
    }

    @Override
    public Integer call() throws Exception {
        // --out after the command, else before it, else the demo's own folder (the config never redirects it)
        parent.global.out = out != null ? out : parent.global.out != null ? parent.global.out : DEFAULT_OUT;
        Logging.configure(parent.global, "demo");
        Path out = parent.global.out();
        Path scratch = Files.createTempDirectory("pplx-demo");
        try {
            Path sample = SampleArchive.locate(scratch);
            List<String> accounts = accounts(sample);
            Path config = writeConfig(scratch, accounts);
            int code = PplxExportCli.EXIT_OK;
            try (ReplayServer server = ReplayServer.start(ReplayOptions.of(sample).withPort(0).withAskChunkMillis(100))) {
                System.out.println("demo: replay API serving " + sample + " at " + server.baseUri());
                for (String account : accounts) {
                    GlobalOptions g = login(out, config, account, server, scratch);
                    int c;
                    try {
                        OnlineRun run = OnlineRun.prepare(g, false, properties(server));
                        BatchSummary s = run.run("direct:sync", a -> new BatchOptions(a, false, false, 0, null), BatchSummary.class);
                        System.out.println("demo: " + account + ": " + s.line());
                        c = Outcome.of(s, "demo");
                    } catch (RuntimeException e) {
                        c = Outcome.of(e, "demo");
                    }
                    if (StopSignals.received().isPresent()) {
                        return c;
                    }
                    code = Math.max(code, c);
                }
                code = Math.max(code, asks(server, scratch, config, accounts.get(accounts.size() - 1)));
            }
            System.out.println("demo: archive written to " + out);
            products(out).forEach(line -> System.out.println("demo: " + line));
            return code;
        } finally {
            FileTrees.delete(scratch);
        }
    }

    /** The global options of a run into {@code out}, logged in to the replay as {@code account}. */
    private GlobalOptions login(Path out, Path config, String account, ReplayServer server, Path scratch) throws IOException {
        GlobalOptions g = new GlobalOptions();
        g.out = out;
        g.config = config;
        g.account = account;
        g.cookies = writeCookies(scratch, account);
        g.baseUrl = server.baseUri().toString();
        g.routes = parent.global.routes;
        g.properties = parent.global.properties;
        return g;
    }

    /** The demo's zero delays and the CDN through the replay, under the user's -D overrides. */
    private Map<String, String> properties(ReplayServer server) {
        Map<String, String> props = new java.util.HashMap<>(NO_DELAYS);
        props.putAll(cdnThroughReplay(server.port()));
        props.putAll(parent.global.properties);
        return props;
    }

    /** One question in each of the four modes, as the sample's last account (bob), into their own archive (DemoAsks). */
    private int asks(ReplayServer server, Path scratch, Path config, String account) throws IOException {
        Path into = asksOut != null ? asksOut : DemoAsks.defaultOut(parent.global.out());
        try {
            return DemoAsks.run(login(into, config, account, server, scratch), properties(server));
        } catch (RuntimeException e) {
            return Outcome.of(e, "demo");
        }
    }

    /**
     * camel-http's proxy is the replay: the sample's signed URLs (http://cdn.pplx-sample.invalid/…) are answered
     * by it as a forward proxy, the API calls go to it directly.
     */
    static Map<String, String> cdnThroughReplay(int port) {
        return Map.of("camel.component.http.proxy-host", "127.0.0.1",
                "camel.component.http.proxy-port", Integer.toString(port),
                "camel.component.http.non-proxy-hosts", "127.0.0.1,localhost");
    }

    /** Where the mode products went: each report.md and each assets/files folder with its file count. */
    static List<String> products(Path out) throws IOException {
        List<String> lines = new ArrayList<>();
        if (!Files.isDirectory(out)) {
            return lines;
        }
        try (java.util.stream.Stream<Path> s = Files.walk(out, 6)) {
            for (Path p : s.sorted().toList()) {
                String name = p.getFileName().toString();
                if (name.equals("report.md") && Files.isRegularFile(p)) {
                    lines.add("report: " + out.relativize(p));
                } else if (name.equals("files") && p.getParent().getFileName().toString().equals("assets")) {
                    try (java.util.stream.Stream<Path> files = Files.list(p)) {
                        long n = files.count();
                        lines.add("assets: " + out.relativize(p) + " (" + n + (n == 1 ? " file)" : " files)"));
                    }
                }
            }
        }
        return lines;
    }

    /** The sample's account folders (one simulated login each). */
    static List<String> accounts(Path sample) throws IOException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(sample, Files::isDirectory)) {
            s.forEach(p -> names.add(p.getFileName().toString()));
        }
        names.sort(null);
        return names;
    }

    /** A config registering the sample's accounts with the e-mails the replay session reports. */
    static Path writeConfig(Path scratch, List<String> accounts) throws IOException {
        StringBuilder toml = new StringBuilder("# written by pplx-export demo\ndefault_account = \"")
                .append(accounts.get(0)).append("\"\n");
        for (String a : accounts) {
            toml.append("\n[accounts.").append(a).append("]\nemail = \"").append(a).append("@example.com\"\n");
        }
        Path f = scratch.resolve("config.toml");
        Files.writeString(f, toml, StandardCharsets.UTF_8);
        return f;
    }

    /** A Netscape cookies.txt whose session token logs the replay in as {@code account}. */
    static Path writeCookies(Path scratch, String account) throws IOException {
        Path f = scratch.resolve("cookies-" + account + ".txt");
        Files.writeString(f, "# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t0\t"
                + "__Secure-next-auth.session-token\t" + account + "\n", StandardCharsets.UTF_8);
        return f;
    }
}
