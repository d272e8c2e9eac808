package io.github.pplxexport.archive;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.text.PyStrings;
import io.github.pplxexport.text.Timestamps;
import io.github.pplxexport.mode.Mode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where a thread lives in the archive: {@code <out>/<account folder>/<mode>/<YYYY-MM-DD>_<slug>_<uuid8>/}
 * (reference-behaviour.md §5.1, reference-cli-and-archive.md §3.2–3.3), and the move of a thread's
 * older directory into its current one when a continued thread changes date.
 *
 * <p>Both segments that come from data are guarded: the account folder is made safe by {@link SafeName},
 * and the constructor refuses any segment that SafeName would change (a separator, {@code .} or
 * {@code ..}, a leading dot, a control character, a device name), so a hostile title, author, date or
 * uuid never escapes the archive nor hides in it.
 *
 * @param account the sanitised account folder (see {@link #accountFolder})
 * @param mode the detected mode, the second level
 * @param name the thread directory's own name (see {@link #dirName})
 */
public record ThreadDirName(String account, Mode mode, String name) {
    private static final Logger LOG = LoggerFactory.getLogger(ThreadDirName.class);

    public static final int SLUG_MAX = 40;
    /** How many conflicting file names the migration warning lists. */
    static final int CONFLICTS_LISTED = 20;

    /**
     * Runs of characters that are not Python {@code \w}, not CJK U+4E00–U+9FFF and not {@code -}.
     * Python's {@code \w} is {@code str.isalnum()} plus {@code _}, i.e. letters (L*) and numbers
     * (Nd, Nl, No); written out because Java's UNICODE_CHARACTER_CLASS {@code \w} also takes
     * combining marks (Mn/Mc/Me), connector punctuation and joiners and misses No, which would give
     * different directory names for e.g. Hindi or Thai titles. Checked against CPython over every
     * code point both Unicode versions know.
     */
    private static final Pattern SLUG_UNSAFE = Pattern.compile("[^\\p{L}\\p{Nd}\\p{Nl}\\p{No}_\\u4e00-\\u9fff-]+");

    public ThreadDirName {
        if (mode == null) {
            throw new IllegalArgumentException("thread directory needs a mode");
        }
        requireSegment(account, "account folder");
        requireSegment(name, "thread directory name");
    }

    private static void requireSegment(String s, String what) {
        if (!SafeName.isSafe(s)) {
            throw new IllegalArgumentException("unsafe " + what + ": " + (s == null ? "null" : PyJson.quote(s)));
        }
    }

    /**
     * The directory name for a thread from its author's display name and index/platform data.
     *
     * @throws IllegalArgumentException when the date or uuid part would make an unsafe name
     */
    public static ThreadDirName of(String authorDisplayName, Mode mode, String lastUpdated, String title,
                                   String webUuid, Clock clock) {
        return new ThreadDirName(accountFolder(authorDisplayName), mode, dirName(lastUpdated, title, webUuid, clock));
    }

    /** {@code <out>/<account>/<mode>/<name>}, checked once more to stay inside {@code out}. */
    public Path under(Path out) {
        Path base = out.toAbsolutePath().normalize();
        Path dir = base.resolve(account).resolve(mode.id()).resolve(name).normalize();
        if (!dir.startsWith(base) || dir.getNameCount() != base.getNameCount() + 3) {
            throw new IllegalArgumentException("thread directory escapes the archive: " + dir);
        }
        return dir;
    }

    /**
     * Account folder: the reference's rule (runs of {@code \ / : * ? " < > |} become {@code _}, then
     * trimmed; nothing left becomes {@code unknown}; spaces kept), made visible and safe for any name by
     * {@link SafeName}: no leading dot, no control characters, no device names, at most 200 bytes.
     */
    public static String accountFolder(String displayName) {
        return SafeName.of(displayName, "unknown");
    }

    /**
     * {@code slugify(title)}: trim; runs of characters that are not word characters, CJK or
     * {@code -} become one {@code -}; cut to 40 characters, then strip {@code -} at both ends;
     * empty becomes {@code untitled}. A slug can never hold {@code .} or a separator.
     */
    public static String slug(String title) {
        String s = PyStrings.strip(title == null ? "" : title);
        s = SLUG_UNSAFE.matcher(s).replaceAll("-");
        s = PyStrings.strip(PyStrings.head(s, SLUG_MAX), '-');
        return s.isEmpty() ? "untitled" : s;
    }

    /** First 10 characters of lastUpdated (the platform's update date), else today's UTC date. */
    public static String datePrefix(String lastUpdated, Clock clock) {
        String d = PyStrings.head(lastUpdated, 10);
        return d.isEmpty() ? Timestamps.todayUtc(clock) : d;
    }

    /** First 8 characters of the web uuid: the directory's identity anchor. */
    public static String uuid8(String webUuid) {
        return PyStrings.head(webUuid, 8);
    }

    /** The archive root of a thread dir ({@code <out>/<account>/<mode>/<name>}); null for a path too short to be one. */
    public static Path archiveOf(Path threadDir) {
        Path abs = threadDir.toAbsolutePath().normalize();
        return abs.getNameCount() >= 3 ? abs.getParent().getParent().getParent() : null;
    }

    /** The uuid8 a thread dir's name ends with ({@code <date>_<slug>_<uuid8>}): what follows its last {@code _}. */
    public static String uuid8Of(Path dir) {
        return uuid8OfName(dir.getFileName() == null ? "" : dir.getFileName().toString());
    }

    /** {@link #uuid8Of(Path)} of a dir's name. */
    static String uuid8OfName(String name) {
        return name.substring(name.lastIndexOf('_') + 1);
    }

    /** {@code <date>_<slug>_<uuid8>}. */
    public static String dirName(String lastUpdated, String title, String webUuid, Clock clock) {
        return datePrefix(lastUpdated, clock) + "_" + slug(title) + "_" + uuid8(webUuid);
    }

    // ---------------------------------------------------------------------------------------------
    // Finding and migrating older directories of the same thread (§5.1 "Migration")

    /**
     * Existing directories of this thread anywhere in the archive: {@code <out>/*}{@code /*}{@code /*_<uuid8>}
     * (all accounts, all modes), accepted only when their {@code thread.json} exists, parses and has
     * {@code web_uuid} equal to the full uuid; anything else is never touched. Like Python's glob, names
     * starting with {@code .} are not searched; symbolic links are not followed (a migration deletes
     * what it finds). Sorted by path.
     */
    public static List<Path> findExisting(Path out, String webUuid) throws IOException {
        List<Path> found = new ArrayList<>();
        if (webUuid == null || webUuid.isEmpty() || !Files.isDirectory(out)) {
            return found;
        }
        // by name first: one listing per mode folder, no look at the other thread dirs
        for (Path dir : findAll(out, java.util.Set.of(uuid8(webUuid)))) {
            if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) && isThreadDirOf(dir, webUuid)) {
                found.add(dir);
            }
        }
        return found;
    }

    /**
     * The dirs {@code <out>/*}{@code /*}{@code /*_<uuid8>} whose uuid8 is in {@code uuid8s}, chosen by their names
     * alone (no file is read: the caller checks the thread.json), sorted by path.
     */
    public static List<Path> findAll(Path out, java.util.Set<String> uuid8s) throws IOException {
        List<Path> found = new ArrayList<>();
        if (uuid8s.isEmpty() || !Files.isDirectory(out)) {
            return found;
        }
        for (Path account : subdirs(out)) {
            for (Path mode : subdirs(account)) {
                // names first, a Path only for a match: a mode folder of a large archive holds tens of thousands
                for (String name : ModeFolders.named(mode, uuid8s)) {
                    found.add(mode.resolve(name));
                }
            }
        }
        found.sort(null);
        return found;
    }

    private static List<Path> subdirs(Path dir) throws IOException {
        List<Path> l = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                if (!p.getFileName().toString().startsWith(".") && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    l.add(p);
                }
            }
        }
        l.sort(Comparator.naturalOrder());
        return l;
    }

    private static boolean isThreadDirOf(Path dir, String webUuid) {
        Path tj = dir.resolve("thread.json");
        if (!Files.isRegularFile(tj, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try {
            return webUuid.equals(J.get(Json.readObject(tj), "web_uuid"));
        } catch (IOException | JsonException e) {
            return false;
        }
    }

    /**
     * What one merge did; {@code failure} is null on success. Paths in the lists are relative to the
     * directories, with {@code /} separators.
     */
    public record MergeReport(Path from, Path into, List<String> copied, List<String> identical,
                              List<String> conflicts, boolean removedOld, String failure) {
        public boolean ok() {
            return failure == null;
        }
    }

    /**
     * Moves the thread's other directories (see {@link #findExisting}) into {@code target}, one
     * {@link #merge} each; {@code target} itself is skipped.
     */
    public static List<MergeReport> migrateInto(Path out, String webUuid, Path target) throws IOException {
        Path t = target.toAbsolutePath().normalize();
        List<MergeReport> reports = new ArrayList<>();
        for (Path dir : findExisting(out, webUuid)) {
            if (!dir.toAbsolutePath().normalize().equals(t)) {
                ChangeJournal.touched(dir); // it goes: the search index drops it
                reports.add(merge(dir, target));
            }
        }
        return reports;
    }

    /**
     * Merges directory {@code from} into {@code into}, then deletes {@code from}: union of files;
     * a same-name file with identical content (sha256) is skipped; a same-name file with other content
     * is a conflict and the target's version is kept (one warning lists up to 20); every copied file
     * is verified by sha256 before {@code from} is deleted. Any failure (I/O error, a copy that does
     * not verify, a symbolic link or special file in {@code from}) leaves {@code from} in place, and
     * running the merge again is safe: copies land under a temporary name and are renamed only once
     * verified, so no half-copied file ever holds a real name.
     */
    public static MergeReport merge(Path from, Path into) {
        Path src = from.toAbsolutePath().normalize();
        Path dst = into.toAbsolutePath().normalize();
        List<String> copied = new ArrayList<>();
        List<String> identical = new ArrayList<>();
        List<String> conflicts = new ArrayList<>();
        if (src.equals(dst) || src.startsWith(dst) || dst.startsWith(src)) {
            return report(from, into, copied, identical, conflicts, false,
                    src.equals(dst) ? null : "one directory contains the other");
        }
        try {
            Files.createDirectories(dst);
            for (Path file : filesOf(src)) {
                String rel = relative(src, file);
                Path target = dst.resolve(src.relativize(file));
                String hash = sha256(file);
                if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                    if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS) && hash.equals(sha256(target))) {
                        identical.add(rel);
                    } else {
                        conflicts.add(rel);
                    }
                    continue;
                }
                copyVerified(file, target, hash);
                copied.add(rel);
            }
        } catch (IOException | RuntimeException e) {
            String failure = "merge of " + from + " into " + into + " failed, old directory kept: " + e.getMessage();
            LOG.warn("[migrate] {}", failure);
            return report(from, into, copied, identical, conflicts, false, failure);
        }
        if (!conflicts.isEmpty()) {
            LOG.warn("[migrate] {} file(s) of {} differ from {} and were not copied (kept the target's): {}{}",
                    conflicts.size(), from, into, String.join(", ", conflicts.subList(0,
                            Math.min(CONFLICTS_LISTED, conflicts.size()))),
                    conflicts.size() > CONFLICTS_LISTED ? " …" : "");
        }
        try {
            FileTrees.delete(src);
        } catch (IOException e) {
            String failure = "merged " + from + " into " + into + " but could not delete it: " + e.getMessage();
            LOG.warn("[migrate] {}", failure);
            return report(from, into, copied, identical, conflicts, false, failure);
        }
        LOG.info("[migrate] {} -> {} ({} copied, {} identical, {} conflicts)", from, into, copied.size(),
                identical.size(), conflicts.size());
        return report(from, into, copied, identical, conflicts, true, null);
    }

    private static MergeReport report(Path from, Path into, List<String> copied, List<String> identical,
                                      List<String> conflicts, boolean removed, String failure) {
        return new MergeReport(from, into, List.copyOf(copied), List.copyOf(identical), List.copyOf(conflicts),
                removed, failure);
    }

    /** Regular files below {@code dir}, sorted; anything that is neither a file nor a directory is refused. */
    private static List<Path> filesOf(Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (a.isRegularFile()) {
                    files.add(p);
                } else if (!a.isDirectory()) {
                    throw new IOException("not a regular file: " + relative(dir, p));
                }
            }
        }
        files.sort(Comparator.naturalOrder());
        return files;
    }

    private static void copyVerified(Path file, Path target, String hash) throws IOException {
        Files.createDirectories(target.getParent());
        Path tmp = target.resolveSibling(target.getFileName() + ".migrating-tmp");
        try {
            Files.copy(file, tmp, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
            if (!hash.equals(sha256(tmp))) {
                throw new IOException("copy of " + file.getFileName() + " does not verify");
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static String relative(Path base, Path p) {
        return base.relativize(p).toString().replace('\\', '/');
    }

    static String sha256(Path file) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        byte[] buf = new byte[64 * 1024];
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
