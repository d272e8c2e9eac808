package io.github.pplxexport.cli;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.github.pplxexport.replay.ReplayOptions;
import io.github.pplxexport.replay.ReplayServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The batch's progress lines say what is known when it is known: no mode before the thread is fetched (the
 * index says SEARCH for a council or study thread), the detected mode and the folder after; the early-stop line
 * counts the rows it skipped, as the reference's does.
 */
class ProgressLinesTest {
    @TempDir
    Path tmp;

    private List<String> sync(ReplayServer server, Path cookies, Path out) {
        Logger batch = (Logger) LoggerFactory.getLogger("pplx.batch");
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        batch.addAppender(lines);
        try {
            // the sample's signed asset URLs reach the replay as camel-http's proxy, as in the demo
            int code = PplxExportCli.execute("--base-url", server.baseUri().toString(), "--cookies", cookies.toString(),
                    "--out", out.toString(), "-D", "camel.component.http.proxy-host=127.0.0.1",
                    "-D", "camel.component.http.proxy-port=" + server.port(),
                    "-D", "camel.component.http.non-proxy-hosts=127.0.0.1,localhost", "sync", "--no-pacing");
            assertEquals(0, code);
            return lines.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
        } finally {
            batch.detachAppender(lines);
        }
    }

    @Test
    void theModeIsNamedOnceDetectedAndTheEarlyStopCountsItsRows() throws Exception {
        Path cookies = DemoCommand.writeCookies(tmp, "bob");
        Path out = tmp.resolve("out");
        List<Path> sampleThreads;
        try (var dirs = Files.find(Paths.get("archive-sample", "bob"), 3, (p, a) -> Files.isRegularFile(p.resolve("thread.json")))) {
            sampleThreads = dirs.map(p -> Paths.get("archive-sample", "bob").relativize(p)).toList();
        }
        try (ReplayServer server = ReplayServer.start(ReplayOptions.of(Paths.get("archive-sample")).withPort(0))) {
            List<String> first = sync(server, cookies, out);

            int n = sampleThreads.size();
            List<String> begun = first.stream().filter(l -> l.contains("导出:")).toList();
            assertEquals(n, begun.size(), first.toString());
            begun.forEach(l -> assertTrue(l.matches("\\[batch \\d+/" + n + "] 导出: [^\\[].*"), "no mode claimed before detection: " + l));
            for (Path dir : sampleThreads) {
                String where = "bob/" + dir.getParent().getFileName() + "/" + dir.getFileName();
                assertTrue(first.stream().anyMatch(l -> l.matches("\\[batch \\d+/" + n + "] exported as "
                        + dir.getParent().getFileName() + ": " + java.util.regex.Pattern.quote(where))), where + " named after the export: " + first);
            }
            assertTrue(sampleThreads.stream().anyMatch(d -> d.getParent().getFileName().toString().equals("council")),
                    "the sample has a council thread (listed as SEARCH)");

            List<String> second = sync(server, cookies, out);
            assertEquals(List.of("[batch] 已是最后更新状态，其后 " + n + " 条均无需导出——增量早停 (ok=0 skip=" + n + " fail=0；--full 可强制全量)",
                    "[batch] 完成。ok=0 skip=" + n + " fail=0 / 共 " + n), second, "as the reference's second run");
        }
    }
}
