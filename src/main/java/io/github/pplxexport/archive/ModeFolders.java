package io.github.pplxexport.archive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which thread dirs of a mode folder end in a given uuid8, without listing its tens of thousands of names at every
 * export: a listing leaves the hashes of its names' uuid8s (4 bytes a dir), kept while the folder's mtime is the one
 * read before it; a folder whose hashes hold none of the uuid8s asked for is not listed again. Only a listing of a
 * folder unchanged for {@link #SETTLED_MS} is kept: a change after it then shows in the mtime even where the file
 * system counts it in whole seconds.
 */
final class ModeFolders {
    static final long SETTLED_MS = 2_000;

    private record Listing(FileTime mtime, int[] uuid8Hashes) {
        boolean mayHold(Collection<String> uuid8s) {
            for (String u : uuid8s) {
                if (Arrays.binarySearch(uuid8Hashes, u.hashCode()) >= 0) {
                    return true;
                }
            }
            return false;
        }
    }

    private static final Map<Path, Listing> LISTINGS = new ConcurrentHashMap<>();

    private ModeFolders() {
    }

    /** The names in {@code mode} (a mode folder) that end in {@code _<uuid8>} for one of {@code uuid8s}. */
    static List<String> named(Path mode, Collection<String> uuid8s) throws IOException {
        FileTime mtime = Files.getLastModifiedTime(mode, LinkOption.NOFOLLOW_LINKS);
        Listing kept = LISTINGS.get(mode);
        if (kept != null && kept.mtime.equals(mtime) && !kept.mayHold(uuid8s)) {
            return List.of();
        }
        String[] names = mode.toFile().list(); // names only: no Path, no attributes, for tens of thousands
        if (names == null) {
            throw new IOException("cannot list " + mode);
        }
        int[] hashes = new int[names.length];
        List<String> found = new java.util.ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            String name = names[i];
            String uuid8 = ThreadDirName.uuid8OfName(name);
            hashes[i] = uuid8.hashCode();
            if (!name.startsWith(".") && uuid8s.contains(uuid8)) {
                found.add(name);
            }
        }
        if (System.currentTimeMillis() - mtime.toMillis() > SETTLED_MS) {
            Arrays.sort(hashes);
            LISTINGS.put(mode, new Listing(mtime, hashes));
        } else {
            LISTINGS.remove(mode);
        }
        return found;
    }
}
