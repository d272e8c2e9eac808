package io.github.pplxexport.archive;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AtomicFilesTest {

    @TempDir
    Path dir;

    @Test
    void replacesTheTargetAndLeavesNoTmp() throws Exception {
        Path f = dir.resolve("sub/state.json");
        AtomicFiles.write(f, "{}");
        AtomicFiles.write(f, "{\"a\": \"é\"}");
        assertEquals("{\"a\": \"é\"}", Files.readString(f, StandardCharsets.UTF_8));
        assertNoTmp(dir.resolve("sub"));
    }

    @Test
    void failureRemovesTheTmpAndKeepsTheOldContent() throws Exception {
        Path target = dir.resolve("target");
        Files.createDirectories(target.resolve("child")); // a non-empty dir cannot be replaced
        assertThrows(java.io.IOException.class, () -> AtomicFiles.write(target, "x"));
        assertNoTmp(dir);
        assertTrue(Files.isDirectory(target.resolve("child")));
    }

    @Test
    void writeIfChangedKeepsMtimeOfIdenticalContent() throws Exception {
        Path f = dir.resolve("library.json");
        assertTrue(AtomicFiles.writeIfChanged(f, "same"));
        FileTime old = FileTime.fromMillis(1_000_000L);
        Files.setLastModifiedTime(f, old);
        assertFalse(AtomicFiles.writeIfChanged(f, "same"));
        assertEquals(old, Files.getLastModifiedTime(f));
        assertTrue(AtomicFiles.writeIfChanged(f, "other"));
        assertEquals("other", Files.readString(f));
    }

    static void assertNoTmp(Path folder) throws Exception {
        try (java.util.stream.Stream<Path> s = Files.list(folder)) {
            assertFalse(s.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")), "temp file left in " + folder);
        }
    }
}
