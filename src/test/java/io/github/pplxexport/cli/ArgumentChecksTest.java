package io.github.pplxexport.cli;

import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import io.github.pplxexport.testkit.ChildJvm;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad arguments, as a user meets them: the real CLI in its own JVM, pointed at a replay API that logs every
 * request. Each mistake is one line on the console naming the thing and the cause, exit code 2, and not a
 * single request reaches the API.
 */
class ArgumentChecksTest {
    @TempDir
    Path tmp;

    private ReplayServer server;
    private Path requestLog;
    private Path cookies;

    @BeforeEach
    void serve() throws Exception {
        requestLog = tmp.resolve("requests.jsonl");
        server = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample")).withPort(0).withRequestLog(requestLog));
        cookies = tmp.resolve("cookies.txt");
        Files.writeString(cookies, "127.0.0.1\tFALSE\t/\tFALSE\t0\t__Secure-next-auth.session-token\talice\n",
                StandardCharsets.UTF_8);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** {@code pplx-export args…} against the replay API, archive under tmp. */
    private ChildJvm.Result run(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("--base-url", server.baseUri().toString()));
        all.addAll(List.of(args));
        return ChildJvm.run(tmp, all.toArray(String[]::new));
    }

    private void assertOneLineNoNetwork(ChildJvm.Result r, String expected) throws Exception {
        assertEquals(2, r.exit(), r.toString());
        assertEquals(1, r.errLines().size(), r.toString());
        assertTrue(r.errLines().get(0).endsWith("[ERROR] " + expected), r.toString());
        assertEquals("", r.stdout(), r.toString());
        assertTrue(!Files.exists(requestLog) || Files.readString(requestLog).isEmpty(), "requests were made: "
                + (Files.exists(requestLog) ? Files.readString(requestLog) : ""));
    }

    @Test
    void aMissingCookieFileIsNotFound() throws Exception {
        Path missing = tmp.resolve("missing.txt");
        assertOneLineNoNetwork(run("--cookies", missing.toString(), "index"), "cookie file not found: " + missing);
    }

    @Test
    void aCookieFileWithoutCookiesIsNamedWithTheSessionCookie() throws Exception {
        Path empty = tmp.resolve("empty.txt");
        Files.writeString(empty, "# Netscape HTTP Cookie File\n\n");
        ChildJvm.Result r = run("--cookies", empty.toString(), "--out", tmp.resolve("a").toString(), "index");
        assertTrue(r.errLines().stream().anyMatch(l -> l.contains("[WARNING] [auth] 0 cookies read from file:" + empty)
                && l.contains("__Secure-next-auth.session-token")), r.toString());
    }

    @Test
    void delayMinAboveDelayMaxIsRefused() throws Exception {
        assertOneLineNoNetwork(run("--cookies", cookies.toString(), "batch", "--delay-min", "5", "--delay-max", "1"),
                "--delay-min 5 is greater than --delay-max 1");
    }

    @Test
    void anUnknownModeIsRefusedBeforeTheSessionProbe() throws Exception {
        assertOneLineNoNetwork(run("--cookies", cookies.toString(), "sync", "--mode", "chat"),
                "unknown --mode chat (search, deep-research, computer, council, study)");
    }

    @Test
    void aBadScheduledAskInTheConfigIsItsOwnLineForEveryPipelineCommand() throws Exception {
        Path config = Files.writeString(tmp.resolve("config.toml"), "default_account = \"alice\"\n"
                + "[accounts.alice]\nemail = \"alice@example.com\"\n"
                + "[[asks]]\nname = \"bad name!\"\ncron = \"0 0 * * * ?\"\nprompt = \"x\"\n");
        assertOneLineNoNetwork(run("--config", config.toString(), "--cookies", cookies.toString(),
                        "--out", tmp.resolve("a").toString(), "sync"),
                "config file " + config + ": [[asks]] #1: name must be letters, digits, - or _ (got 'bad name!')");
    }

    @Test
    void anArchiveFolderThatCannotBeCreatedIsNamedWithTheCause() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        Path out = file.resolve("archive");
        assertOneLineNoNetwork(run("--cookies", cookies.toString(), "--out", out.toString(), "index"),
                "cannot create the archive folder " + out + ": Not a directory");
        if (Files.isDirectory(Paths.get("/proc/self"))) {
            assertOneLineNoNetwork(run("--cookies", cookies.toString(), "--out", "/proc/x", "index"),
                    "cannot create the archive folder /proc/x: no such file or directory");
        }
    }

    @Test
    void aReplayPortInUseIsOneLineAndAUsageError() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            ChildJvm.Result r = ChildJvm.run(tmp, "replay", "--archive", Paths.get("archive-sample").toAbsolutePath().toString(),
                    "--port", String.valueOf(port));
            assertEquals(2, r.exit(), r.toString());
            assertEquals(List.of("replay: cannot listen on 127.0.0.1:" + port
                    + ": Address already in use; choose another --port, or --port 0 for a free one"), r.errLines());
        }
    }
}
