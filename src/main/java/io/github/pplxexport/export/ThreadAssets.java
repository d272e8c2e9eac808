package io.github.pplxexport.export;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.archive.ChangeJournal;
import io.github.pplxexport.archive.ProductFile;
import io.github.pplxexport.archive.ThreadDirName;
import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.archive.ThreadProducts;
import io.github.pplxexport.asset.AssetBody;
import io.github.pplxexport.asset.AssetBodyException;
import io.github.pplxexport.asset.AssetCollector;
import io.github.pplxexport.asset.AssetFiles;
import io.github.pplxexport.asset.AssetRun;
import io.github.pplxexport.asset.Manifest;
import io.github.pplxexport.asset.ReportMd;
import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.rerender.ThreadDirs;
import io.github.pplxexport.text.PyStrings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The bookkeeping of the asset step (bean {@code threadAssets}; routes {@code export-assets}, {@code thread-assets},
 * {@code download-asset}, {@code retry-assets}): what to download for a thread, where each body goes, the inline
 * files and report.md as products, and the manifest. The downloads themselves are camel-http calls in the routes;
 * which failure means what is {@code asset-failed} in {@code routes/error-handling.camel.yaml}.
 */
public final class ThreadAssets {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.export");
    static final String KIND = "asset";

    private final Path out;
    private final ThreadProducts products;
    private final Failures failures;

    public ThreadAssets(Path out, ThreadProducts products, Failures failures) {
        this.out = out;
        this.products = products;
        this.failures = failures;
    }

    /**
     * The asset step of a freshly exported thread: every version its blocks list whose file is not on disk yet
     * (none without blocks), merged with the thread's previous manifest.
     */
    public AssetWork plan(Conversation c, Map<String, Object> rawBlocks, Path dir) {
        Manifest previous = AssetFiles.previousManifest(dir);
        sayDamaged(c.webUuid(), AssetFiles.damaged(dir, previous));
        AssetRun run = AssetRun.plan(AssetCollector.collect(rawBlocks), previous, AssetFiles.present(dir));
        return new AssetWork(c.webUuid(), c.title(), dir, run, c.reportInfo(), false);
    }

    /**
     * The asset step of an archived thread (assets-backfill): its blocks as archived (or just fetched) merged with its
     * manifest; {@code downloads} false writes the inline files, handles and manifest only; {@code resign} re-signs
     * every download first (the archived blocks' URLs have expired).
     */
    public AssetWork backfill(String webUuid, String title, Path dir, Map<String, Object> rawBlocks,
                              Map<String, Object> reportInfo, boolean downloads, boolean resign) {
        Manifest previous = AssetFiles.previousManifest(dir);
        AssetRun run = AssetRun.plan(AssetCollector.collect(rawBlocks), previous, AssetFiles.present(dir));
        if (!downloads) {
            run.withoutDownloads();
        } else if (resign) {
            sayDamaged(webUuid, AssetFiles.damaged(dir, previous));
            run.resigningAll();
        }
        return new AssetWork(webUuid, title, dir, run, reportInfo, false);
    }

    /** The recorded files of a thread that hold an error page: said once, then they count as missing. */
    private static void sayDamaged(String webUuid, Map<String, AssetBody.Problem> damaged) {
        damaged.forEach((file, problem) -> LOG.warn(
                "[assets] {} {}: {}, not the asset; downloading it again", PyStrings.head(webUuid, 8), file, problem.reason()));
    }

    /**
     * The retries a batch starts with: the threads whose manifest lists versions without a file (not
     * {@code asset_expired}, not a workspace handle) that have an {@code asset} dead letter in
     * {@code index/dead_letters.jsonl}, or whose recorded file holds an error page. Only the thread dirs
     * {@code index/assets_pending.json} lists are read ({@link PendingAssets}); without that file (an archive an
     * earlier version wrote) every manifest is, once, which finds an earlier version's damage and writes the file.
     * Only the threads this account exported ({@code export_via}): the re-signing call carries its cookie.
     */
    public List<AssetWork> pending(RunState run) throws IOException {
        Set<String> lettered = letteredUuids(out);
        List<AssetWork> work = new ArrayList<>();
        List<Path> left = new ArrayList<>();
        for (Iterator<Path> it = candidates(out, lettered); it.hasNext(); ) {
            Path dir = it.next();
            if (!Files.isDirectory(dir)) {
                continue; // moved or deleted since
            }
            // the manifest and the heads of its files are read once, here
            Manifest manifest = AssetFiles.previousManifest(dir);
            Map<String, AssetBody.Problem> damaged = AssetFiles.damaged(dir, manifest);
            if (damaged.isEmpty() && !lettered.contains(ThreadDirName.uuid8Of(dir))) {
                continue;
            }
            Map<String, Object> thread;
            try {
                thread = Json.readObject(dir.resolve(ThreadFiles.THREAD_JSON));
            } catch (IOException | JsonException e) {
                left.add(dir); // a thread dir being changed is left alone, and looked at again next time
                continue;
            }
            String uuid = J.str(thread, "web_uuid");
            String via = J.str(thread, "export_via");
            if (damaged.isEmpty() && !lettered.contains(uuid)) {
                continue;
            }
            AssetRun retry = AssetRun.retry(manifest, AssetFiles.present(dir));
            if (retry.downloads().isEmpty()) {
                continue;
            }
            left.add(dir); // another account's thread stays listed for that account's run
            if (run != null && !via.isEmpty() && !via.equals(run.account)) {
                continue;
            }
            sayDamaged(uuid, damaged);
            work.add(new AssetWork(uuid, J.str(thread, "title"), dir, retry, J.asMap(thread.get("report_info")), true));
        }
        PendingAssets.write(out, left);
        if (!work.isEmpty()) {
            LOG.info("[assets] {} thread(s) with versions to download again: re-signing and trying again", work.size());
        }
        return work;
    }

    /**
     * The web uuids with an {@code asset} dead letter, and their first 8 characters (what a thread dir's name ends
     * with), in one set.
     */
    private static Set<String> letteredUuids(Path out) throws IOException {
        Set<String> uuids = new LinkedHashSet<>();
        for (Map<String, Object> d : DeadLetters.read(out)) {
            String uuid = J.str(d, "web_uuid");
            if (KIND.equals(J.str(d, "kind")) && !uuid.isEmpty()) {
                uuids.add(uuid);
                uuids.add(ThreadDirName.uuid8(uuid));
            }
        }
        return uuids;
    }

    /**
     * The thread dirs that may have versions to download again: those {@link PendingAssets} lists, plus the dirs of
     * dead-lettered threads it does not list (a run stopped between the letter and the list), found by their names
     * alone; without the list, every thread dir (the one full scan).
     */
    private static Iterator<Path> candidates(Path out, Set<String> lettered) throws IOException {
        Optional<List<Path>> recorded = PendingAssets.read(out);
        if (recorded.isEmpty()) {
            return ThreadDirs.walk(out, 0);
        }
        Set<Path> dirs = new LinkedHashSet<>(recorded.get());
        Set<String> unlisted = new HashSet<>();
        lettered.forEach(u -> unlisted.add(ThreadDirName.uuid8(u)));
        dirs.forEach(d -> unlisted.remove(ThreadDirName.uuid8Of(d)));
        if (!unlisted.isEmpty()) {
            dirs.addAll(ThreadDirName.findAll(out, unlisted));
        }
        return dirs.iterator();
    }

    /** The thread dirs with an {@code asset} dead letter, in archive order. */
    static List<Path> deadLettered(Path out) throws IOException {
        Set<String> lettered = letteredUuids(out);
        List<Path> dirs = new ArrayList<>();
        if (lettered.isEmpty()) {
            return dirs;
        }
        for (Iterator<Path> it = candidates(out, lettered); it.hasNext(); ) {
            Path dir = it.next();
            if (lettered.contains(ThreadDirName.uuid8Of(dir))) {
                try {
                    if (lettered.contains(J.str(Json.readObject(dir.resolve(ThreadFiles.THREAD_JSON)), "web_uuid"))) {
                        dirs.add(dir);
                    }
                } catch (IOException | JsonException e) {
                    // not a thread dir (or one being changed)
                }
            }
        }
        return dirs;
    }

    /** What a retry of a thread dir downloads: its recorded versions still without a file ({@link AssetRun#retry}). */
    static AssetRun retry(Path dir) {
        return AssetRun.retry(AssetFiles.previousManifest(dir), AssetFiles.present(dir));
    }

    /** The download with the URL of a {@code GET /rest/assets/<uuid>/data} answer. */
    public AssetDownload resigned(AssetDownload d, Map<String, Object> assetData) {
        String url = AssetCollector.freshUrl(assetData);
        if (url.isEmpty()) {
            throw new IllegalStateException("GET " + d.dataPath() + " answered without a download URL");
        }
        return d.withUrl(url);
    }

    /**
     * A CDN answer for {@code d}: its bytes when they are the file (status 200, as long as declared, not an error
     * page); else it fails with {@link AssetBodyException}, retried like a network error, then dead-lettered.
     */
    public byte[] received(AssetDownload d, Integer status, String contentType, String contentLength, byte[] body) {
        int code = status == null ? 200 : status;
        Optional<AssetBody.Problem> problem = AssetBody.problem(d.version(), code, contentType, contentLength, body);
        if (problem.isPresent()) {
            throw new AssetBodyException(d.request(), code, problem.get());
        }
        return body == null ? new byte[0] : body;
    }

    /** A downloaded body: its name under assets/files (extension resolved from the URL and the bytes), as a product. */
    public ProductFile accept(AssetDownload d, byte[] body) {
        byte[] bytes = body == null ? new byte[0] : body; // an empty answer is an empty file
        String rel = d.work().run().accept(d.version(), bytes);
        d.work().downloaded++;
        return new ProductFile(products.name(d.work().dir(), rel), bytes);
    }

    /**
     * A failed download (dead-lettered after its retries): the version stays without a file; a later batch re-signs
     * and retries it. Counted in the run (variable {@code run}, null outside one) for its summary.
     */
    public void failed(AssetDownload d, Exception e, RunState run) {
        d.work().run().failed(d.version(), false);
        d.work().failed++;
        if (run != null) {
            run.assetsFailed++;
        }
        LOG.warn("[assets] {} {} {}: {}; in index/dead_letters.jsonl, the next batch re-signs its URL and tries again",
                PyStrings.head(d.webUuid(), 8), d.version().filename(), d.version().version(), failures.line(e));
    }

    /**
     * A download (or re-signing) the stop abandoned: not a failure, so no dead letter and nothing in the manifest;
     * {@link #stopIfAbandoned} then ends the thread's export.
     */
    public void abandoned(AssetDownload d) {
        d.work().abandoned++;
        LOG.debug("[assets] {} {} {}: abandoned by the stop", PyStrings.head(d.webUuid(), 8), d.version().filename(),
                d.version().version());
    }

    /**
     * Ends the asset step when the stop abandoned a download: the thread's export fails while the pipeline is
     * stopping, so the run records nothing for it and the next run exports it, downloads included.
     */
    public void stopIfAbandoned(AssetWork w) {
        if (w.abandoned > 0) {
            throw new IllegalStateException("stopped: " + w.abandoned + " asset download(s) of "
                    + PyStrings.head(w.webUuid(), 8) + " abandoned");
        }
    }

    /** 404 ASSET_NOT_FOUND on re-signing: the asset is gone for good, {@code asset_expired} in the manifest. */
    public void expired(AssetDownload d, Exception e) {
        d.work().run().failed(d.version(), true);
        d.work().expired++;
        LOG.warn("[assets] {} {} {}: {}; marked asset_expired, not tried again", PyStrings.head(d.webUuid(), 8),
                d.version().filename(), d.version().version(), failures.line(e));
    }

    /** The inline diff and code files, then report.md when the report's body is there: products of the thread dir. */
    public List<ProductFile> products(AssetWork w) {
        List<ProductFile> files = new ArrayList<>();
        for (AssetRun.InlineFile f : w.run().inlineFiles()) {
            files.add(products.file(w.dir(), f.path(), f.markdown()));
        }
        ReportMd.render(w.reportInfo(), w.run().manifest(), w.dir(), products.labels())
                .ifPresent(md -> files.add(products.file(w.dir(), ThreadFiles.REPORT, md)));
        return files;
    }

    /** The manifest, a source of truth (fsync + rename; untouched when unchanged), and the step's summary line. */
    public AssetWork finish(AssetWork w) throws IOException {
        Manifest m = w.run().manifest();
        if (w.failed > 0) {
            PendingAssets.mark(out, w.dir(), true); // listed before the manifest records the failure
        }
        if (!m.isEmpty()) {
            // the search index counts the thread's assets: the dir is journaled when the manifest changes
            AtomicFiles.writeIfChanged(w.dir().resolve(Manifest.PATH), m.toJson(), true, () -> ChangeJournal.touched(w.dir()));
        }
        if (w.failed == 0) {
            PendingAssets.mark(out, w.dir(), false);
        }
        if (w.downloaded + w.failed + w.expired > 0) {
            LOG.info("[assets] {} {}: {} downloaded, {} failed, {} expired; manifest: {} version(s)",
                    PyStrings.head(w.webUuid(), 8), w.title(), w.downloaded, w.failed, w.expired, m.count());
        }
        return w;
    }
}
