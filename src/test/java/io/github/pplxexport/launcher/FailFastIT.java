package io.github.pplxexport.launcher;

import io.github.pplxexport.testkit.PackagedJar;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Waiting cannot help a typo in a URL: {@code java -jar … sync} against an address that refuses the connection,
 * or a host that does not resolve, says so in one line and exits 3 within seconds, without retries (a first
 * request that times out: {@code routes.FirstRequestTest}).
 */
class FailFastIT {
    static Path jar;

    @TempDir
    Path tmp;

    @BeforeAll
    static void packagedJar() {
        jar = PackagedJar.jar();
    }

    /** The exit code, the console's lines and the wall time of {@code java [jvm…] -jar pplx-export.jar sync …}. */
    private record Sync(int exit, List<String> lines, long millis) {
    }

    private Sync sync(List<String> jvm, String baseUrl, String... more) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(PackagedJar.java()));
        cmd.addAll(jvm);
        Path config = Files.writeString(tmp.resolve("config.toml"), "default_account = \"alice\"\n\n[accounts.alice]\n");
        // a user with a cookie file and a typo in the URL
        Path cookies = Files.writeString(tmp.resolve("cookies.txt"),
                "127.0.0.1\tFALSE\t/\tFALSE\t0\t__Secure-next-auth.session-token\talice\n");
        cmd.addAll(List.of("-jar", jar.toString(), "sync", "--out", tmp.resolve("out").toString(), "--base-url", baseUrl,
                "--config", config.toString(), "--cookies", cookies.toString()));
        cmd.addAll(List.of(more));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("console.txt").toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("PPLX_EXPORT_"));
        long t0 = System.nanoTime();
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "sync ends");
        long millis = (System.nanoTime() - t0) / 1_000_000;
        List<String> lines = Files.readAllLines(tmp.resolve("console.txt"), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank()).toList();
        return new Sync(p.exitValue(), lines, millis);
    }

    @Test
    void aClosedPortIsOneLineAndExit3WithinSeconds() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Sync r = sync(List.of(), "http://127.0.0.1:" + port);

        assertEquals(3, r.exit(), "aborted: " + r.lines());
        assertEquals(List.of("cannot reach http://127.0.0.1:" + port + " (connection refused)"),
                r.lines().stream().map(l -> l.replaceFirst("^\\d\\d:\\d\\d:\\d\\d \\[ERROR] ", "")).toList(),
                "one line naming the address, no retry");
        assertTrue(r.millis() < 10_000, "under 10 s, the JVM start included: " + r.millis() + " ms");
    }

    @Test
    void anUnknownHostIsOneLineAndExit3() throws Exception {
        // names resolve from this (empty) hosts file only: an unknown host without asking any DNS server
        Path hosts = Files.writeString(tmp.resolve("hosts"), "");
        Sync r = sync(List.of("-Djdk.net.hosts.file=" + hosts), "http://api.pplx-typo.invalid");

        assertEquals(3, r.exit(), "aborted: " + r.lines());
        assertEquals(1, r.lines().size(), "one line: " + r.lines());
        assertTrue(r.lines().get(0).endsWith("cannot reach http://api.pplx-typo.invalid (unknown host api.pplx-typo.invalid)"),
                r.lines().get(0));
        assertTrue(r.millis() < 10_000, r.millis() + " ms");
    }
}
