package io.github.pplxexport.pipeline;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Never overwrite with less (issue 24): a clean export, then the platform's payload drifts (the replay's drift
 * marks); the re-export keeps the previous files under versions/, says so, and exits 1. A thread that did not
 * shrink gets no versions/ folder; a re-render of a drifted raw file keeps the good Markdown too.
 */
class NeverLessTest {
    @TempDir
    Path tmp;

    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private final List<String> loggers = List.of("pplx.export", "pplx.batch", "pplx.re-render");

    @BeforeEach
    void captureLog() {
        log.start();
        loggers.forEach(l -> ((Logger) LoggerFactory.getLogger(l)).addAppender(log));
    }

    @AfterEach
    void releaseLog() {
        loggers.forEach(l -> ((Logger) LoggerFactory.getLogger(l)).detachAppender(log));
    }

    private List<String> lines(String containing) {
        return log.list.stream().map(ILoggingEvent::getFormattedMessage).filter(m -> m.contains(containing)).toList();
    }

    @Test
    void aDriftedReExportKeepsThePreviousCopyAndExitsOne() throws Exception {
        LiveLibrary.SampleThread etags = LiveLibrary.sample("b2a69fad");     // search, 2 turns
        LiveLibrary.SampleThread hike = LiveLibrary.sample("f51cae28");      // search, 2 turns
        LiveLibrary.SampleThread computer = LiveLibrary.sample("8220bd65");  // its plain steps renamed: less work process
        LiveLibrary.SampleThread untouched = LiveLibrary.sample("11d645e5");
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve()) {
            assertEquals(0, lib.run("sync"));
            assertEquals(List.of(), versionDirs(lib.out), "a clean run keeps no versions");
            String goodEtags = Files.readString(lib.out.resolve(etags.dir()).resolve("conversation.md"));
            String goodHike = Files.readString(lib.out.resolve(hike.dir()).resolve("conversation.md"));
            byte[] goodRaw = Files.readAllBytes(lib.out.resolve(etags.dir()).resolve("raw_entries.json"));

            lib.serve(100, "drift-answer:" + etags.uuid() + ",drift-turn:" + hike.uuid() + ",drift-step:" + computer.uuid());
            assertEquals(1, lib.run("sync", "--force"), "a thread came back with less: exit 1");

            Path etagsDir = lib.out.resolve(etags.dir());
            List<Path> kept = versionDirs(lib.out);
            assertEquals(3, kept.size(), "one version per shrunk thread: " + kept);
            Path etagsVersion = kept.stream().filter(p -> p.startsWith(etagsDir)).findFirst().orElseThrow();
            assertEquals(goodEtags, Files.readString(etagsVersion.resolve("conversation.md")), "the good Markdown kept");
            assertEquals(new String(goodRaw, StandardCharsets.UTF_8),
                    Files.readString(etagsVersion.resolve("raw_entries.json")), "the good raw file kept");
            assertTrue(Files.isRegularFile(etagsVersion.resolve("turns/turn_0002.md")));
            assertTrue(Files.isRegularFile(etagsVersion.resolve("thread.json")));
            String drifted = Files.readString(etagsDir.resolve("conversation.md"));
            assertNotEquals(goodEtags, drifted, "the new copy is written beside it");
            assertTrue(drifted.contains("(无)"), drifted);
            assertTrue(Files.readString(etagsDir.resolve("raw_entries.json")).contains("answer_v2"),
                    "the raw file holds what the platform sent");
            assertEquals(goodHike, Files.readString(kept.stream().filter(p -> p.startsWith(lib.out.resolve(hike.dir())))
                    .findFirst().orElseThrow().resolve("conversation.md")));

            List<String> keptLines = lines("kept the previous copy: ");
            assertEquals(3, keptLines.size(), keptLines.toString());
            assertTrue(keptLines.stream().anyMatch(l -> l.contains(computer.uuid()) && l.contains("work process")), keptLines.toString());
            assertTrue(keptLines.stream().anyMatch(l -> l.contains(etags.uuid()) && l.contains("turn 1 answer")
                    && l.contains("→ 0 chars")), keptLines.toString());
            assertTrue(keptLines.stream().anyMatch(l -> l.contains(hike.uuid()) && l.contains("turns 2 → 1")), keptLines.toString());
            assertEquals(1, lines("3 thread(s) came back with less than their archived copy").size());
            assertFalse(Files.exists(lib.out.resolve(untouched.dir()).resolve("versions")), "an unchanged thread keeps none");

            List<String> recorded = Files.readAllLines(lib.out.resolve("index/previous_copies.jsonl"));
            assertEquals(3, recorded.size());
            Map<String, Object> first = J.asMap(Json.parse(recorded.get(0)));
            assertEquals(etagsVersion.getFileName().toString().isEmpty(), false);
            assertTrue(List.of(etags.uuid(), hike.uuid(), computer.uuid()).contains(J.str(first, "web_uuid")), first.toString());

            // the drift: per thread and kind, one line; one summary line for the run
            List<Map<String, Object>> drift = Files.readAllLines(lib.out.resolve("index/schema_drift.jsonl")).stream()
                    .map(l -> J.asMap(Json.parse(l))).toList();
            assertEquals(List.of(etags.uuid() + " unknown_field [FINAL.content.answer_v2]",
                            etags.uuid() + " answer_not_found [FINAL.content.answer]",
                            computer.uuid() + " unknown_step_type [WEB_BROWSE_V2]"),
                    drift.stream().map(l -> J.str(l, "web_uuid") + " " + J.str(l, "kind") + " " + l.get("details"))
                            .sorted(java.util.Comparator.comparing(x -> x.startsWith(etags.uuid()) ? 0 : 1)).toList());
            List<String> summary = lines("schema: ");
            assertEquals(1, summary.size(), summary.toString());
            assertTrue(summary.get(0).contains("1 thread with an unknown step type WEB_BROWSE_V2"), summary.get(0));
            assertTrue(summary.get(0).endsWith("(kept in raw; re-render after an update)"), summary.get(0));
            String status = stdout(() -> io.github.pplxexport.cli.PplxExportCli.execute("status", "--out", lib.out.toString(),
                    "--config", lib.work.resolve("config.toml").toString()));
            assertTrue(status.contains("[status] previous copies kept: 3 thread(s)"), status);
            assertTrue(status.contains("/versions/"), status);
            assertTrue(status.contains("[status] schema: "), status);

            // the same drift again: the archived copy is now the drifted one, nothing shrinks, nothing more is kept
            assertEquals(0, lib.run("sync", "--force"));
            assertEquals(kept, versionDirs(lib.out));
            assertEquals(3, Files.readAllLines(lib.out.resolve("index/previous_copies.jsonl")).size());
            assertEquals(3, Files.readAllLines(lib.out.resolve("index/schema_drift.jsonl")).size(), "no line twice across runs");

            // the computer thread's steps come back: it grew, so no new version; its drift lines go
            lib.serve(100, "drift-answer:" + etags.uuid() + ",drift-turn:" + hike.uuid());
            assertEquals(0, lib.run("sync", "--force"));
            assertEquals(kept, versionDirs(lib.out), "a thread that grew keeps no version");
            assertEquals(2, Files.readAllLines(lib.out.resolve("index/schema_drift.jsonl")).size());
        }
    }

    @Test
    void reRenderingADriftedRawFileKeepsTheGoodMarkdown() throws Exception {
        LiveLibrary.SampleThread etags = LiveLibrary.sample("b2a69fad");
        try (LiveLibrary lib = LiveLibrary.of(tmp).serve()) {
            assertEquals(0, lib.run("export", etags.uuid()));
            Path dir = lib.out.resolve(etags.dir());
            String good = Files.readString(dir.resolve("turns/turn_0001.md"));
            assertEquals(0, reRender(lib), "a clean re-render");
            assertEquals(List.of(), versionDirs(lib.out));

            // the raw file of an older version, whose answers sit where this parser does not look
            Path raw = dir.resolve("raw_entries.json");
            Files.writeString(raw, Files.readString(raw).replace("\\\"answer\\\": ", "\\\"answer_v2\\\": "));
            assertEquals(1, reRender(lib), "the archived Markdown had more: exit 1");
            List<Path> kept = versionDirs(lib.out);
            assertEquals(1, kept.size());
            assertEquals(good, Files.readString(kept.get(0).resolve("turns/turn_0001.md")));
            assertTrue(lines("kept the previous copy: turn 1 answer").size() == 1, lines("kept").toString());
        }
    }

    /** What {@code command} prints on stdout. */
    static String stdout(java.util.function.IntSupplier command) {
        java.io.PrintStream saved = System.out;
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            command.getAsInt();
        } finally {
            System.setOut(saved);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static int reRender(LiveLibrary lib) {
        return io.github.pplxexport.cli.PplxExportCli.execute("re-render", "--out", lib.out.toString(),
                "--config", lib.work.resolve("config.toml").toString());
    }

    /** Every versions/<stamp> dir under the archive, sorted. */
    static List<Path> versionDirs(Path out) throws Exception {
        if (!Files.isDirectory(out)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(out)) {
            return s.filter(p -> p.getParent() != null && p.getParent().getFileName().toString().equals("versions")
                    && Files.isDirectory(p)).sorted().toList();
        }
    }
}
