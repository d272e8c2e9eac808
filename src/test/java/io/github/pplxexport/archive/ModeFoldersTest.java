package io.github.pplxexport.archive;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A mode folder's names by uuid8, listed again only when its mtime says it changed. */
class ModeFoldersTest {
    @TempDir
    Path tmp;

    @Test
    void aSettledFolderIsNotListedAgainForAUuid8ItDoesNotHoldAndAChangedOneIs() throws Exception {
        Path mode = Files.createDirectories(tmp.resolve("alice").resolve("search"));
        Files.createDirectories(mode.resolve("2030-01-01_A_0a1b2c3d"));
        Files.createDirectories(mode.resolve("2030-01-02_B_11112222"));
        FileTime settled = FileTime.fromMillis(System.currentTimeMillis() - 60_000);
        Files.setLastModifiedTime(mode, settled);
        assertEquals(List.of("2030-01-01_A_0a1b2c3d"), ModeFolders.named(mode, Set.of("0a1b2c3d")));

        // a dir that appears while the mtime stays as it was is not seen: the listing was kept
        Files.createDirectories(mode.resolve("2030-01-03_C_33334444"));
        Files.setLastModifiedTime(mode, settled);
        assertEquals(List.of(), ModeFolders.named(mode, Set.of("33334444")));
        // a uuid8 the kept listing holds is looked up in a new listing
        assertEquals(List.of("2030-01-02_B_11112222"), ModeFolders.named(mode, Set.of("11112222")));

        // a real change moves the mtime: listed again
        Files.createDirectories(mode.resolve("2030-01-04_D_55556666"));
        assertEquals(List.of("2030-01-04_D_55556666"), ModeFolders.named(mode, Set.of("55556666")));
    }

    @Test
    void aFolderChangedWithinTheLastSecondsIsListedEveryTime() throws Exception {
        Path mode = Files.createDirectories(tmp.resolve("alice").resolve("computer"));
        Files.createDirectories(mode.resolve("2030-01-01_A_0a1b2c3d"));
        // changed a moment ago as far as the listing can tell, however long this test waits here
        FileTime recent = FileTime.fromMillis(System.currentTimeMillis() + 60_000);
        Files.setLastModifiedTime(mode, recent);
        assertEquals(List.of(), ModeFolders.named(mode, Set.of("77778888")));
        // on a file system that counts mtimes in whole seconds this change could keep the same mtime
        Files.createDirectories(mode.resolve("2030-01-02_B_77778888"));
        Files.setLastModifiedTime(mode, recent);
        assertEquals(List.of("2030-01-02_B_77778888"), ModeFolders.named(mode, Set.of("77778888")));
    }
}
