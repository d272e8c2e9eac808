package io.github.pplxexport.cli;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Properties;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PacingOptionTest {
    @TempDir
    Path tmp;

    /** A pacing key added to application.properties is switched off by --no-pacing too. */
    @Test
    void noPacingZeroesEveryPacingSetting() throws Exception {
        Properties p = new Properties();
        try (InputStream in = PacingOptionTest.class.getResourceAsStream("/application.properties")) {
            p.load(in);
        }
        TreeMap<String, String> pacing = new TreeMap<>();
        p.stringPropertyNames().stream().filter(k -> k.startsWith("pplx.pacing.")).forEach(k -> pacing.put(k, "0"));
        assertEquals(5, pacing.size(), pacing.toString());
        assertEquals(pacing, new TreeMap<>(PacingOption.NO_PACING));
    }

    @Test
    void aSyncWithNoPacingWaitsNothingBetweenThreads() throws Exception {
        Path cookies = Files.writeString(tmp.resolve("cookies.txt"),
                "127.0.0.1\tFALSE\t/\tFALSE\t0\t__Secure-next-auth.session-token\talice\n", StandardCharsets.UTF_8);
        Logger batch = (Logger) LoggerFactory.getLogger("pplx.batch");
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        batch.addAppender(log);
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample")).withPort(0))) {
            int code = PplxExportCli.execute("sync", "--no-pacing", "--out", tmp.resolve("out").toString(),
                    "--cookies", cookies.toString(), "--base-url", server.baseUri().toString());
            assertEquals(0, code);
        } finally {
            batch.detachAppender(log);
        }
        List<String> pauses = log.list.stream().map(ILoggingEvent::getFormattedMessage)
                .filter(m -> m.startsWith("[batch] 间隔")).toList();
        assertEquals(List.of("[batch] 间隔 0.0s", "[batch] 间隔 0.0s", "[batch] 间隔 0.0s"), pauses,
                "alice's four threads, three pauses of zero");
    }
}
