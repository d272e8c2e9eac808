package io.github.pplxexport.asset;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * One thread's asset work from plan to manifest: which versions to download, the name each download gets,
 * the inline files, and the manifest that records it all, merged with the previous run's.
 *
 * <p>A route uses it in a few steps: {@link #plan(CollectedAssets, Path)}; for each of {@link #downloads()}
 * fetch the URL (no cookie) and call {@link #accept} with the body, which returns where to write it, or
 * {@link #failed}; write {@link #inlineFiles()}; write {@link #manifest()} when it is not empty.
 *
 * <p>Merging with the previous manifest (by asset uuid): a version whose recorded file is still on disk is
 * not downloaded again and keeps its file name; {@code asset_expired} stays until a download succeeds;
 * versions the blocks no longer list are kept as recorded (the archive never forgets a file it has).
 * Downloads are serial; the methods are synchronized only so that a misconfigured parallel split stays safe.
 */
public final class AssetRun {
    /** Mutable per-version result. */
    private static final class State {
        String downloadedTo = "";
        boolean expired;
        Map<String, Object> extra = Map.of();
    }

    private final List<AssetVersion> current;
    private final Map<String, State> states = new HashMap<>();
    private final List<ManifestVersion> carried = new ArrayList<>();
    private final List<AssetVersion> downloads = new ArrayList<>();
    private final List<InlineFile> inline = new ArrayList<>();
    /** Names taken in assets/files, lower-cased: a case-insensitive file system must not merge two files. */
    private final Set<String> taken = new HashSet<>();

    /** A file to write from the blocks; {@code path} is relative to the thread directory. */
    public record InlineFile(String path, String markdown) {
    }

    private AssetRun(List<AssetVersion> current, Manifest previous, Predicate<String> present) {
        this.current = List.copyOf(current);
        Map<String, ManifestVersion> before = new LinkedHashMap<>();
        for (ManifestVersion v : previous.versions()) {
            before.putIfAbsent(key(v.uuid(), v.filename(), v.version()), v);
        }
        for (AssetVersion v : this.current) {
            State s = new State();
            ManifestVersion was = before.remove(key(v));
            if (was != null) {
                s.expired = was.assetExpired();
                s.extra = was.extra();
                if (was.downloaded() && present.test(was.downloadedTo())) {
                    s.downloadedTo = was.downloadedTo();
                    taken.add(takenKey(fileNameOf(was.downloadedTo())));
                }
            }
            states.put(key(v), s);
        }
        for (ManifestVersion v : before.values()) {
            carried.add(v);
            if (v.downloaded() && present.test(v.downloadedTo())) {
                taken.add(takenKey(fileNameOf(v.downloadedTo())));
            }
        }
    }

    /**
     * The work for a freshly fetched thread: download every version with a URL whose file is not already on
     * disk; write the inline bodies.
     *
     * @param previous the thread's manifest so far ({@link Manifest#EMPTY} on a first export)
     * @param present whether a recorded {@code downloaded_to} exists ({@link AssetFiles#present})
     */
    public static AssetRun plan(CollectedAssets collected, Manifest previous, Predicate<String> present) {
        AssetRun run = new AssetRun(collected.versions(), previous, present);
        for (InlineAsset a : collected.inline()) {
            run.inline.add(new InlineFile(AssetFiles.FILES_DIR + "/" + run.assign(a.stem(), "md", a.uuid()),
                    a.markdown()));
        }
        for (AssetVersion v : run.current) {
            if (v.downloadable() && run.states.get(key(v)).downloadedTo.isEmpty()) {
                run.downloads.add(v);
            }
        }
        return run;
    }

    /** {@link #plan(CollectedAssets, Manifest, Predicate)} against a thread directory on disk. */
    public static AssetRun plan(CollectedAssets collected, Path threadDir) {
        return plan(collected, AssetFiles.previousManifest(threadDir), AssetFiles.present(threadDir));
    }

    /**
     * The work for a later retry without the blocks (a dead-lettered download): every recorded version that
     * has no file, is not a workspace handle ({@code no_download_channel} or a {@code toolu_} uuid) and is not
     * {@code asset_expired}. Their URLs are empty: re-sign each through {@code GET /rest/assets/<uuid>/data}
     * ({@link AssetCollector#freshUrl}) and pass {@code version.withUrl(fresh)} to {@link #accept}.
     */
    public static AssetRun retry(Manifest previous, Predicate<String> present) {
        Map<String, Integer> perFile = new HashMap<>();
        previous.versions().forEach(v -> perFile.merge(v.filename(), 1, Integer::sum));
        List<AssetVersion> pending = new ArrayList<>();
        for (ManifestVersion v : previous.versions()) {
            boolean missing = !v.downloaded() || !present.test(v.downloadedTo());
            if (missing && !v.noDownloadChannel() && !v.assetExpired() && !v.uuid().isEmpty()
                    && !v.uuid().startsWith("toolu_")) {
                pending.add(new AssetVersion(v.uuid(), v.assetType(), v.filename(), "", v.createdAt(), v.version(),
                        perFile.get(v.filename()), false));
            }
        }
        AssetRun run = new AssetRun(pending, previous, present);
        run.downloads.addAll(pending);
        return run;
    }

    /** No download at all: the inline files, the handles and the manifest only (assets-backfill offline). */
    public AssetRun withoutDownloads() {
        downloads.clear();
        return this;
    }

    /**
     * Every download re-signed first ({@code GET /rest/assets/<uuid>/data}): the signed URLs of blocks archived long
     * ago have expired (assets-backfill --online). A version marked {@code asset_expired}, a {@code toolu_} handle or
     * one without a uuid is left out, so a second run asks nothing again.
     */
    public AssetRun resigningAll() {
        downloads.removeIf(v -> v.uuid().isEmpty() || v.uuid().startsWith("toolu_") || states.get(key(v)).expired);
        downloads.replaceAll(v -> v.withUrl(""));
        return this;
    }

    /** The versions to fetch, in collection order; each ends in {@link #accept} or {@link #failed}. */
    public List<AssetVersion> downloads() {
        return List.copyOf(downloads);
    }

    /** The inline diff and code files to write (rewritten each run; unchanged bytes need not touch the file). */
    public List<InlineFile> inlineFiles() {
        return List.copyOf(inline);
    }

    /**
     * Records a downloaded body and returns where to write it, relative to the thread directory
     * ({@code assets/files/<name>}): the extension resolved from the URL, the bytes or the type; a name
     * already taken in this thread gets {@code _<uuid8>}. Accepting the same version again returns the same path.
     */
    public synchronized String accept(AssetVersion v, byte[] body) {
        State s = state(v);
        if (!s.downloadedTo.isEmpty()) {
            return s.downloadedTo;
        }
        AssetNames.Stem stem = v.stem();
        String ext = AssetExtensions.resolve(v.url(), body, v.filename(), v.assetType(), stem.ext());
        s.downloadedTo = AssetFiles.FILES_DIR + "/" + assign(stem.stem(), ext, v.uuid());
        s.expired = false;
        return s.downloadedTo;
    }

    /**
     * Records a failed download (or a failed write after {@link #accept}): the version stays without a file;
     * {@code expired} marks a link that is dead for good ({@code asset_expired}), which is never retried
     * without fresh blocks.
     */
    public synchronized void failed(AssetVersion v, boolean expired) {
        State s = state(v);
        s.downloadedTo = "";
        s.expired = s.expired || expired;
    }

    /** The manifest as it stands: this run's versions, then the previous ones the blocks no longer list. */
    public synchronized Manifest manifest() {
        List<ManifestVersion> out = new ArrayList<>();
        for (AssetVersion v : current) {
            State s = states.get(key(v));
            out.add(new ManifestVersion(v.filename(), v.uuid(), v.assetType(), v.version(), v.createdAt(),
                    s.downloadedTo, v.noDownloadChannel(), s.expired, s.extra));
        }
        out.addAll(carried);
        return new Manifest(out);
    }

    private State state(AssetVersion v) {
        State s = states.get(key(v));
        if (s == null) {
            throw new IllegalArgumentException("asset " + v.uuid() + " (" + v.filename() + " " + v.version()
                    + ") is not part of this run");
        }
        return s;
    }

    /** A free name for {@code stem.ext}: as is, else with {@code _<uuid8>}, else with a counter as well. */
    private String assign(String stem, String ext, String uuid) {
        String name = AssetNames.fileName(stem, ext, "");
        if (taken.add(takenKey(name))) {
            return name;
        }
        String suffix = "_" + AssetNames.safeStem(uuid.length() <= 8 ? uuid : uuid.substring(0, 8));
        name = AssetNames.fileName(stem, ext, suffix);
        for (int n = 2; !taken.add(takenKey(name)); n++) {
            name = AssetNames.fileName(stem, ext, suffix + "_" + n);
        }
        return name;
    }

    private static String takenKey(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    private static String fileNameOf(String downloadedTo) {
        return downloadedTo.substring(downloadedTo.lastIndexOf('/') + 1);
    }

    private static String key(AssetVersion v) {
        return key(v.uuid(), v.filename(), v.version());
    }

    /** Versions are matched by uuid; one without a uuid by its file and version label. */
    private static String key(String uuid, String filename, String version) {
        return !uuid.isEmpty() ? uuid : filename + "\0" + version;
    }
}
