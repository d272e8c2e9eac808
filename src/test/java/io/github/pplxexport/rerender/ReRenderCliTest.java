package io.github.pplxexport.rerender;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.github.pplxexport.cli.PplxExportCli;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The re-render command end to end: Camel Main, the shipped routes, real files. */
class ReRenderCliTest {
    static final Path SAMPLE = Paths.get("archive-sample");
    static final FileTime OLD = FileTime.fromMillis(1_000_000_000_000L);

    @TempDir
    Path out;

    private final ListAppender<ILoggingEvent> log = new ListAppender<>();

    @BeforeEach
    void captureLog() {
        log.start();
        ((Logger) LoggerFactory.getLogger("pplx.re-render")).addAppender(log);
    }

    @AfterEach
    void releaseLog() {
        ((Logger) LoggerFactory.getLogger("pplx.re-render")).detachAppender(log);
    }

    @Test
    void secondRunChangesNoByteAndNoMtime() throws Exception {
        copyTree(SAMPLE, out);
        assertEquals(0, PplxExportCli.execute("re-render", "--out", out.toString()));
        Map<Path, byte[]> before = snapshot(out);
        assertTrue(before.keySet().stream().anyMatch(p -> p.endsWith("conversation.md")), "first run wrote Markdown");
        setAllMtimes(out, OLD);

        assertEquals(0, PplxExportCli.execute("re-render", "--out", out.toString()));

        Map<Path, byte[]> after = snapshot(out);
        assertEquals(before.keySet(), after.keySet());
        for (Path p : before.keySet()) {
            assertArrayEquals(before.get(p), after.get(p), "bytes of " + p);
            assertEquals(OLD, Files.getLastModifiedTime(out.resolve(p)), "mtime of " + p);
        }
    }

    @Test
    void staleTurnFilesAboveTheCountAreRemovedOthersKept() throws Exception {
        Path thread = copyOneSampleThread("search");
        Files.createDirectories(thread.resolve("turns"));
        Files.writeString(thread.resolve("turns/turn_0009.md"), "stale");
        Files.writeString(thread.resolve("turns/turn_notes.md"), "mine");
        assertEquals(0, PplxExportCli.execute("re-render", "--out", out.toString()));
        assertFalse(Files.exists(thread.resolve("turns/turn_0009.md")));
        assertTrue(Files.exists(thread.resolve("turns/turn_0001.md")));
        assertEquals("mine", Files.readString(thread.resolve("turns/turn_notes.md")));
    }

    @Test
    void badInputGivesOneLinePerThreadTheRestIsRenderedExitCodeOne() throws Exception {
        Path good = copyOneSampleThread("search");
        Map<String, String> bad = new TreeMap<>();
        bad.put("malformed", "{\"thread_metadata\": {}, \"entries\": [ {\"uuid\": ");
        bad.put("truncated", Files.readString(good.resolve("raw_entries.json")).substring(0, 200));
        bad.put("text-not-a-list", "{\"thread_metadata\": {}, \"entries\": [{\"uuid\": \"e1\", \"text\": 42}]}");
        bad.put("text-holds-an-object", "{\"thread_metadata\": {}, \"entries\": [{\"uuid\": \"e1\", \"text\": \"{\\\"a\\\": 1}\"}]}");
        bad.put("entries-wrong-type", "{\"thread_metadata\": {}, \"entries\": {\"uuid\": \"e1\"}}");
        bad.put("no-entries-key", "{\"thread_metadata\": {}}");
        bad.put("top-level-list", "[1, 2, 3]");
        for (Map.Entry<String, String> e : bad.entrySet()) {
            Path dir = out.resolve("mallory/search/2026-01-01_" + e.getKey() + "_deadbeef");
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("raw_entries.json"), e.getValue());
        }
        // a previously rendered thread whose raw file got corrupted keeps its old Markdown untouched
        Path corrupted = out.resolve("mallory/search/2026-01-01_malformed_deadbeef");
        Files.writeString(corrupted.resolve("conversation.md"), "previous render");

        int code = PplxExportCli.execute("re-render", "--out", out.toString());

        assertEquals(1, code);
        assertTrue(Files.exists(good.resolve("conversation.md")), "the good thread is still rendered");
        List<String> errors = log.list.stream().filter(ev -> ev.getLevel().toString().equals("ERROR"))
                .map(ILoggingEvent::getFormattedMessage).collect(Collectors.toList());
        assertEquals(bad.size(), errors.size(), "one error line per bad thread: " + errors);
        for (String name : bad.keySet()) {
            List<String> lines = errors.stream().filter(l -> l.contains("_" + name + "_deadbeef")).toList();
            assertEquals(1, lines.size(), "exactly one line names " + name + ": " + errors);
            assertFalse(lines.get(0).contains("\n"), "one line: " + lines.get(0));
            assertTrue(lines.get(0).length() < 300, "short: " + lines.get(0));
        }
        assertTrue(errors.stream().anyMatch(l -> l.contains("text-not-a-list") && l.contains("expected a list")), errors.toString());
        assertEquals("previous render", Files.readString(corrupted.resolve("conversation.md")));
        for (String name : bad.keySet()) {
            Path dir = out.resolve("mallory/search/2026-01-01_" + name + "_deadbeef");
            try (Stream<Path> files = Files.walk(dir)) {
                List<String> names = files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).toList();
                assertFalse(names.stream().anyMatch(n -> n.endsWith(".tmp")), "no temp file left in " + name);
                if (!name.equals("malformed")) {
                    assertFalse(names.contains("conversation.md"), "no partial output in " + name);
                }
            }
        }
    }

    @Test
    void dryRunListsInOrderAndWritesNothing() throws Exception {
        copyTree(SAMPLE, out);
        Map<Path, byte[]> before = snapshot(out);
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
        java.io.PrintStream saved = System.out;
        System.setOut(new java.io.PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, PplxExportCli.execute("re-render", "--out", out.toString(), "--dry-run", "--limit", "3"));
        } finally {
            System.setOut(saved);
        }
        List<String> listed = buf.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(3, listed.size(), listed.toString());
        assertEquals(listed.stream().sorted().toList(), listed);
        assertEquals(before.keySet(), snapshot(out).keySet());
    }

    private Path copyOneSampleThread(String mode) throws IOException {
        try (Stream<Path> s = Files.list(SAMPLE.resolve("alice").resolve(mode))) {
            Path src = s.sorted().findFirst().orElseThrow();
            Path dst = out.resolve("alice").resolve(mode).resolve(src.getFileName().toString());
            copyTree(src, dst);
            return dst;
        }
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    static Map<Path, byte[]> snapshot(Path root) throws IOException {
        Map<Path, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                m.put(root.relativize(p), Files.readAllBytes(p));
            }
        }
        return m;
    }

    static void setAllMtimes(Path root, FileTime t) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                Files.setLastModifiedTime(p, t);
            }
        }
    }
}
