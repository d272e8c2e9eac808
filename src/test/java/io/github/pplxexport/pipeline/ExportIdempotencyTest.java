package io.github.pplxexport.pipeline;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.github.pplxexport.json.J;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * {@code export <uuid>} (reference-cli-and-archive.md §2.5, reference-behaviour.md §2.3b): when the archived
 * thread.json has the same lastUpdated, the second run writes nothing at all (not a byte, not an mtime, not the
 * state file); {@code --force} exports it again.
 */
class ExportIdempotencyTest {
    @TempDir
    Path tmp;

    private final ListAppender<ILoggingEvent> log = new ListAppender<>();

    @BeforeEach
    void captureLog() {
        log.start();
        ((Logger) LoggerFactory.getLogger("pplx.batch")).addAppender(log);
    }

    @AfterEach
    void releaseLog() {
        ((Logger) LoggerFactory.getLogger("pplx.batch")).detachAppender(log);
    }

    /** The run's closing summary line (reference-behaviour.md §2.3 format). */
    private String lastSummary() {
        return log.list.stream().map(ILoggingEvent::getFormattedMessage).filter(m -> m.startsWith("[batch] 完成。"))
                .reduce((a, b) -> b).orElse("(no summary line)");
    }

    @Test
    void secondExportWritesNothingUnlessForced() throws Exception {
        LiveLibrary.SampleThread t = LiveLibrary.sample("8220bd65");
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve()) {
            assertEquals(0, lib.run("export", t.uuid()));
            assertEquals("[batch] 完成。ok=1 skip=0 fail=0 / 共 1", lastSummary(), "one thread, exported");
            Path dir = lib.out.resolve(t.dir());
            Path conversation = dir.resolve("conversation.md");
            byte[] rendered = Files.readAllBytes(conversation);
            Map<String, Object> okRecord = J.asMap(lib.state().get(t.uuid()));
            assertEquals("ok", J.str(okRecord, "status"));

            // a reader's note in the rendered file shows whether anything was rewritten
            Files.writeString(conversation, "edited by hand\n", StandardCharsets.UTF_8);
            LiveLibrary.setAllMtimes(lib.out, LiveLibrary.OLD);
            Map<String, byte[]> before = LiveLibrary.files(lib.out);

            assertEquals(0, lib.run("export", t.uuid()), "up to date: a clean exit");
            assertEquals("[batch] 完成。ok=0 skip=1 fail=0 / 共 1", lastSummary(), "one thread, skipped");

            Map<String, FileTime> mtimes = LiveLibrary.mtimes(lib.out);
            assertEquals(before.keySet(), mtimes.keySet(), "no file added or removed");
            for (Map.Entry<String, FileTime> e : mtimes.entrySet()) {
                assertEquals(LiveLibrary.OLD, e.getValue(), "mtime of " + e.getKey());
                assertArrayEquals(before.get(e.getKey()), Files.readAllBytes(lib.out.resolve(e.getKey())),
                        "bytes of " + e.getKey());
            }

            assertEquals(0, lib.run("export", t.uuid(), "--force"));

            assertArrayEquals(rendered, Files.readAllBytes(conversation), "--force rendered the thread again");
            assertNotEquals(LiveLibrary.OLD, Files.getLastModifiedTime(conversation));
            assertEquals("ok", J.str(lib.state().get(t.uuid()), "status"));
            assertNotEquals(LiveLibrary.OLD, Files.getLastModifiedTime(lib.stateFile()), "state saved by --force");
        }
    }
}
