package io.github.pplxexport.cli;

import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import io.github.pplxexport.testkit.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run that cannot go on, as the user sees it in a separate JVM: one line naming the thing and the cause, the
 * documented exit code (README "Usage"), and none of Camel's reports (failed delivery, message history, stack
 * traces) at default verbosity.
 */
class FailureLinesTest {
    @TempDir
    Path tmp;

    private Path cookies() throws Exception {
        return DemoCommand.writeCookies(tmp, "alice");
    }

    /** The last console line is {@code [ERROR] expected}; every line is a timestamped event, none of Camel's reports. */
    private static void assertOneErrorLine(ChildJvm.Result r, int exit, String expected) {
        assertEquals(exit, r.exit(), r.toString());
        List<String> lines = r.errLines();
        assertTrue(lines.get(lines.size() - 1).matches("\\d\\d:\\d\\d:\\d\\d \\[ERROR] " + java.util.regex.Pattern.quote(expected)),
                r.toString());
        assertEquals(1, lines.stream().filter(l -> l.contains("[ERROR]")).count(), r.toString());
        for (String l : lines) {
            assertTrue(l.matches("\\d\\d:\\d\\d:\\d\\d .*"), "one line per event, no trace: " + l + "\n" + r);
            for (String report : List.of("Failed delivery", "Message History", "Exception", "Camel")) {
                assertTrue(!l.contains(report), "no '" + report + "' in: " + l + "\n" + r);
            }
        }
    }

    @Test
    void batchOnAFreshArchiveSaysToRunIndexFirst() throws Exception {
        Path out = tmp.resolve("fresh");
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample")).withPort(0))) {
            ChildJvm.Result r = ChildJvm.run(tmp, "--base-url", server.baseUri().toString(), "--cookies", cookies().toString(),
                    "--out", out.toString(), "batch", "--no-pacing");

            assertOneErrorLine(r, 2, "no library index for account 'alice' (" + out.toAbsolutePath().normalize()
                    .resolve("index/library_alice.json") + "): run `pplx-export index` first");
        }
    }

    @Test
    void aClosedPortIsNamedWithTheReason() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port;
        ChildJvm.Result r = ChildJvm.run(tmp, "--base-url", url, "--cookies", cookies().toString(),
                "--out", tmp.resolve("a").toString(), "-D", "pplx.retry.delay-ms=20", "-D", "pplx.retry.maximum-delay-ms=50",
                "index", "--no-pacing");

        assertOneErrorLine(r, 3, "cannot reach " + url + " (connection refused)");
        assertTrue(r.errLines().stream().noneMatch(l -> l.contains("retry")),
                "the API never answered: waiting cannot help, no retry: " + r);
    }

    @Test
    void aPipelineThatCannotStartIsAConfigurationError() throws Exception {
        ChildJvm.Result r = ChildJvm.run(tmp, "--cookies", cookies().toString(), "--out", tmp.resolve("a").toString(),
                "run", "--cron", "every minute");

        assertEquals(2, r.exit(), r.toString());
        List<String> lines = r.errLines();
        String last = lines.get(lines.size() - 1);
        assertTrue(last.contains("[ERROR] could not start the pipeline: ") && last.contains("every minute"), r.toString());
    }

    @Test
    void aRoutesFolderThatIsNotThereIsAConfigurationError() throws Exception {
        Path missing = tmp.resolve("no-such-routes");
        ChildJvm.Result r = ChildJvm.run(tmp, "--cookies", cookies().toString(), "--out", tmp.resolve("a").toString(),
                "--routes", missing.toString(), "--skip-auth-check", "index");

        assertOneErrorLine(r, 2, "could not load the routes in " + missing + ": not a directory");
    }
}
