package io.github.pplxexport.asset;

import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.json.JsonException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The thin file-system side of the asset domain: which recorded files exist, their bytes, and the previous
 * manifest. A {@code downloaded_to} is read relative to the thread directory and must stay inside its
 * {@code assets/files/}: a hostile or hand-edited manifest never makes the exporter read or skip anything
 * outside it.
 */
public final class AssetFiles {
    private static final Logger LOG = LoggerFactory.getLogger(AssetFiles.class);

    /** Where downloaded and inline files go, relative to the thread directory. */
    public static final String FILES_DIR = ThreadFiles.ASSETS_DIR + "/files";

    private AssetFiles() {
    }

    /** The file a {@code downloaded_to} names, when it lies inside {@code <threadDir>/assets/files/}. */
    static Optional<Path> resolve(Path threadDir, String downloadedTo) {
        if (downloadedTo == null || downloadedTo.isEmpty()) {
            return Optional.empty();
        }
        try {
            Path base = threadDir.toAbsolutePath().normalize().resolve(FILES_DIR);
            Path file = threadDir.toAbsolutePath().normalize().resolve(downloadedTo).normalize();
            return file.startsWith(base) && !file.equals(base) ? Optional.of(file) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether a recorded {@code downloaded_to} is a regular file (not a link) inside the thread's assets/files that
     * may be the asset: one holding an error page ({@link #damage}) counts as missing, so it is downloaded again.
     */
    public static Predicate<String> present(Path threadDir) {
        return rel -> resolve(threadDir, rel).filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                .filter(p -> damage(p).isEmpty()).isPresent();
    }

    /**
     * The recorded files of a manifest that are on disk but hold an error page instead of the asset (an earlier
     * version of the exporter saved what the CDN answered with a 200): {@code downloaded_to} → what is wrong.
     */
    public static Map<String, AssetBody.Problem> damaged(Path threadDir, Manifest manifest) {
        Map<String, AssetBody.Problem> m = new LinkedHashMap<>();
        for (ManifestVersion v : manifest.versions()) {
            if (v.downloaded() && !m.containsKey(v.downloadedTo())) {
                resolve(threadDir, v.downloadedTo()).filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                        .flatMap(AssetFiles::damage).ifPresent(d -> m.put(v.downloadedTo(), d));
            }
        }
        return m;
    }

    /** What is wrong with a file on disk ({@link AssetBody#damage}), read from its head; empty when unreadable. */
    static Optional<AssetBody.Problem> damage(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return AssetBody.damage(file.getFileName().toString(), in.readNBytes(AssetBody.HEAD_BYTES));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The bytes of a version's file, null when it was not downloaded or cannot be read. */
    public static Function<ManifestVersion, byte[]> bodies(Path threadDir) {
        return v -> resolve(threadDir, v.downloadedTo())
                .filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                .map(p -> {
                    try {
                        return Files.readAllBytes(p);
                    } catch (IOException e) {
                        LOG.warn("[assets] cannot read {}: {}", p, e.getMessage());
                        return null;
                    }
                }).orElse(null);
    }

    /**
     * The thread's previous manifest, {@link Manifest#EMPTY} when there is none. An unreadable one is
     * reported and read as empty: its versions are rebuilt from the blocks, and the files it listed stay on disk.
     */
    public static Manifest previousManifest(Path threadDir) {
        try {
            return Manifest.read(threadDir).orElse(Manifest.EMPTY);
        } catch (IOException | JsonException e) {
            LOG.warn("[assets] {} is unreadable ({}); rebuilding it from the blocks",
                    threadDir.resolve(Manifest.PATH), e.getMessage());
            return Manifest.EMPTY;
        }
    }
}
