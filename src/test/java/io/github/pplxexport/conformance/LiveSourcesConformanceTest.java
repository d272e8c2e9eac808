package io.github.pplxexport.conformance;

import io.github.pplxexport.cli.PplxExportCli;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reference's fixtures served by the replay and exported by the real pipeline, as the reference did on its
 * live path ({@code ../upstream-live}): sources.json and sources.md of every thread it wrote are the same bytes
 * (a raw {@code timestamp} of {@code ""} stays {@code ""}, the first occurrence in the walk wins).
 */
class LiveSourcesConformanceTest {
    private static final Path LIVE = UpstreamFixtures.ROOT.resolveSibling("upstream-live");

    @TempDir
    Path tmp;

    @Test
    void sourcesFilesEqualTheReferenceLiveRun() throws Exception {
        Assumptions.assumeTrue(UpstreamFixtures.available() && Files.isDirectory(LIVE), UpstreamFixtures.missing());
        Map<String, Path> expected = files(LIVE);
        assertTrue(expected.size() >= 10, "the live run's sources files: " + expected.keySet());
        Path out = tmp.resolve("out");
        for (String account : new String[]{"alice", "bob"}) {
            try (ReplayServer server = ReplayServer.start(ReplayOptions.of(UpstreamFixtures.ROOT).withAccount(account, null))) {
                Path cookies = tmp.resolve("cookies-" + account + ".txt");
                Files.writeString(cookies, "127.0.0.1\tFALSE\t/\tFALSE\t0\t__Secure-next-auth.session-token\t" + account + "\n",
                        StandardCharsets.UTF_8);
                Path config = tmp.resolve("config.toml");
                Files.writeString(config, "default_account = \"alice\"\n\n[accounts.alice]\n\n[accounts.bob]\n", StandardCharsets.UTF_8);
                int exit = PplxExportCli.execute("sync", "--out", out.toString(), "--config", config.toString(),
                        "--account", account, "--cookies", cookies.toString(), "--base-url", server.baseUri().toString(),
                        "--no-pacing", "-D", "pplx.retry.delay-ms=5", "-D", "pplx.retry.maximum-delay-ms=20",
                        // the fixtures' asset URLs name hosts of the real world: they go to the replay as camel-http's
                        // proxy, which contacts nothing (502), and are not retried: assets are not what this test is about
                        "-D", "camel.component.http.proxy-host=127.0.0.1", "-D", "camel.component.http.proxy-port=" + server.port(),
                        "-D", "camel.component.http.non-proxy-hosts=127.0.0.1,localhost",
                        "-D", "pplx.asset.retry.maximum-redeliveries=0");
                assertTrue(exit == 0 || exit == 1, "sync " + account + " ran: exit " + exit);
            }
        }
        Map<String, Path> ours = files(out);
        for (Map.Entry<String, Path> e : expected.entrySet()) {
            Path mine = ours.get(e.getKey());
            assertTrue(mine != null, "exported " + e.getKey() + "; ours: " + ours.keySet());
            assertEquals(Files.readString(e.getValue(), StandardCharsets.UTF_8), Files.readString(mine, StandardCharsets.UTF_8),
                    e.getKey());
        }
    }

    /** sources.json and sources.md under an archive root, by {@code <account>/<mode>/<uuid8>/<file>}. */
    private static Map<String, Path> files(Path root) throws IOException {
        Map<String, Path> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(p -> p.getFileName().toString().matches("sources\\.(json|md)")).forEach(p -> {
                Path dir = root.relativize(p.getParent());
                String name = dir.getFileName().toString();
                m.put(dir.getName(0) + "/" + dir.getName(1) + "/" + name.substring(name.lastIndexOf('_') + 1) + "/"
                        + p.getFileName(), p);
            });
        }
        return m;
    }
}
