package io.github.pplxexport.pipeline;

import io.github.pplxexport.cli.PplxExportCli;
import io.github.pplxexport.json.J;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The global {@code -D KEY=VALUE} option overrides built-in settings for the session probe (before Camel starts)
 * and for the routes (Camel property placeholders), wherever it stands on the command line.
 */
class PropertyOptionTest {
    @TempDir
    Path tmp;

    @Test
    void overridesReachTheApiClientAndTheRoutes() throws Exception {
        LiveLibrary.SampleThread t = LiveLibrary.sample("b2a69fad");
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve(100, "500@2")) {
            // no --base-url: the API base comes from -D, given before the command name
            int code = PplxExportCli.execute("-D", "pplx.api.base-url=" + lib.server().baseUri(),
                    "export", t.uuid(),
                    "--out", lib.out.toString(), "--config", lib.work.resolve("config.toml").toString(),
                    "--cookies", lib.cookieFile().toString(),
                    "-D", "pplx.retry.maximum-redeliveries=0", "-D", "pplx.retry.delay-ms=1");

            assertEquals(1, code, "no retry of the 500: the thread failed");
            List<Map<String, Object>> reqs = lib.requests();
            assertEquals(List.of("/api/auth/session", "/rest/thread/" + t.uuid()),
                    reqs.stream().map(r -> J.str(r, "path")).toList(), "probe, then one attempt only");
        }
    }
}
