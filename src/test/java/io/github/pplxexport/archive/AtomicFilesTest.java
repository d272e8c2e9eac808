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
    void theTempFilesOfAKilledWriteAreRemovedAndNothingElse() throws Exception {
        for (String left : new String[]{".thread.json.5f3a9c01d2e4b7a8.tmp", ".conversation.md.tmp", ".batch_state.json.1f.tmp"}) {
            Files.writeString(dir.resolve(left), "half");
        }
        for (String kept : new String[]{"notes.tmp", ".hidden", "thread.json", ".conversation.md.tmp.bak"}) {
            Files.writeString(dir.resolve(kept), "mine");
        }
        Files.createDirectories(dir.resolve(".folder.tmp"));

        assertEquals(3, AtomicFiles.removeStaleTemps(dir));

        try (var files = Files.list(dir)) {
            assertEquals(java.util.Set.of("notes.tmp", ".hidden", "thread.json", ".conversation.md.tmp.bak", ".folder.tmp"),
                    files.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toSet()));
        }
        assertEquals(0, AtomicFiles.removeStaleTemps(dir.resolve("missing")));
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
