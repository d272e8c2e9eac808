package io.github.pplxexport.library;

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

class AtomicFileTest {

    @TempDir
    Path dir;

    @Test
    void replacesTheTargetAndLeavesNoTmp() throws Exception {
        Path f = dir.resolve("sub/state.json");
        AtomicFile.write(f, "{}");
        AtomicFile.write(f, "{\"a\": \"é\"}");
        assertEquals("{\"a\": \"é\"}", Files.readString(f, StandardCharsets.UTF_8));
        assertFalse(Files.exists(dir.resolve("sub/state.json.tmp")));
    }

    @Test
    void failureRemovesTheTmpAndKeepsTheOldContent() throws Exception {
        Path target = dir.resolve("target");
        Files.createDirectories(target.resolve("child")); // a non-empty dir cannot be replaced
        assertThrows(java.io.IOException.class, () -> AtomicFile.write(target, "x"));
        assertFalse(Files.exists(dir.resolve("target.tmp")));
        assertTrue(Files.isDirectory(target.resolve("child")));
    }

    @Test
    void writeIfChangedKeepsMtimeOfIdenticalContent() throws Exception {
        Path f = dir.resolve("library.json");
        assertTrue(AtomicFile.writeIfChanged(f, "same"));
        FileTime old = FileTime.fromMillis(1_000_000L);
        Files.setLastModifiedTime(f, old);
        assertFalse(AtomicFile.writeIfChanged(f, "same"));
        assertEquals(old, Files.getLastModifiedTime(f));
        assertTrue(AtomicFile.writeIfChanged(f, "other"));
        assertEquals("other", Files.readString(f));
    }
}
