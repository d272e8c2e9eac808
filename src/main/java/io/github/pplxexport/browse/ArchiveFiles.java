package io.github.pplxexport.browse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which files of the archive a request may read: only regular files inside one thread dir, named by a relative
 * path of plain segments. A segment that is empty, {@code .} or {@code ..}, or holds a backslash, a NUL or a
 * control character, is refused before the file system is asked; what is left must still lie in the thread dir
 * once every symbolic link is followed (a link out of the archive is refused). A refusal looks like a missing file.
 */
public final class ArchiveFiles {
    private static final Pattern BAD_SEGMENT = Pattern.compile("^\\.{1,2}$|[\\\\\\x00-\\x1f\\x7f]");
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private final Path archive;
    private final Path realArchive;

    public ArchiveFiles(Path archive) throws IOException {
        this.archive = archive.toAbsolutePath().normalize();
        this.realArchive = this.archive.toRealPath();
    }

    public static boolean isUuid(String s) {
        return s != null && UUID.matcher(s).matches();
    }

    /** The thread dir of an indexed path, if it is a dir inside the archive (links followed). */
    public Optional<Path> threadDir(String indexedPath) {
        return inside(archive, indexedPath).filter(p -> Files.isDirectory(p));
    }

    /** A regular file {@code relative} inside {@code threadDir}, if the request may read it. */
    public Optional<Path> file(Path threadDir, String relative) {
        return inside(threadDir, relative).filter(p -> Files.isRegularFile(p));
    }

    private Optional<Path> inside(Path base, String relative) {
        if (relative == null || relative.isEmpty() || relative.startsWith("/")) {
            return Optional.empty();
        }
        for (String segment : relative.split("/", -1)) {
            if (segment.isEmpty() || BAD_SEGMENT.matcher(segment).find()) {
                return Optional.empty();
            }
        }
        Path p = base.resolve(relative).normalize();
        if (!p.startsWith(base) || !p.startsWith(archive)) {
            return Optional.empty();
        }
        try {
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            Path real = p.toRealPath();
            Path realBase = base.toRealPath();
            return real.startsWith(realArchive) && real.startsWith(realBase) ? Optional.of(real) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
