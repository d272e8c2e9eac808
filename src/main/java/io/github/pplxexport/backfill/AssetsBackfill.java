package io.github.pplxexport.backfill;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.asset.AssetCollector;
import io.github.pplxexport.asset.AssetRun;
import io.github.pplxexport.export.AssetWork;
import io.github.pplxexport.export.Pacing;
import io.github.pplxexport.export.ThreadAssets;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.mode.Mode;
import io.github.pplxexport.rerender.ThreadDirs;
import io.github.pplxexport.text.PyStrings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * {@code assets-backfill} (bean {@code assetsBackfill}, route {@code assets-backfill}; reference-cli-and-archive.md
 * §2.11, reference-behaviour.md §5.4 "Backfill extras"): the products of threads archived before they existed, or
 * by the reference. For each thread dir (the first {@code --limit}): its inline ASSET_DIFF/CODE_ASSET bodies into
 * {@code assets/files/}, its workspace handles into the manifest ({@code no_download_channel}), as an export does
 * ({@link ThreadAssets}, the same code). {@code --fetch-blocks}: a deep-research/computer/council/study thread without
 * raw_blocks.json gets it fetched (3 s between threads) and its assets downloaded from the fresh URLs.
 * {@code --online}: the versions without a file are re-signed ({@code GET /rest/assets/<uuid>/data}) and downloaded.
 * Requests go out only for the threads the run's account exported ({@code export_via}); the others are counted and
 * named for a run with their {@code --account}. Idempotent: a second run finds every file there and asks nothing.
 */
public final class AssetsBackfill {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.backfill");

    private final Path out;
    private final ThreadAssets assets;
    private final long pause;
    private final BooleanSupplier stopping;

    public AssetsBackfill(Path out, ThreadAssets assets, long pauseMillis, BooleanSupplier stopping) {
        this.out = out;
        this.assets = assets;
        this.pause = pauseMillis;
        this.stopping = stopping;
    }

    /** What a run is asked to do; {@code account} is the run's (null offline: no request is sent). */
    public record Options(String account, int limit, boolean fetchBlocks, boolean online) {
    }

    /** One archived thread; {@link #getUuid()} is what the fetch-blocks route reads. */
    public static final class Item {
        final Path dir;
        final Map<String, Object> thread;
        final boolean fetchBlocks;
        final boolean online;
        Map<String, Object> blocks;
        boolean fresh;

        Item(Path dir, Map<String, Object> thread, boolean fetchBlocks, boolean online) {
            this.dir = dir;
            this.thread = thread;
            this.fetchBlocks = fetchBlocks;
            this.online = online;
        }

        public String getUuid() {
            return J.str(thread, "web_uuid");
        }

        /** True when its raw_blocks.json is to be fetched now. */
        public boolean isFetchBlocks() {
            return fetchBlocks;
        }

        String title() {
            return J.str(thread, "title");
        }
    }

    /** The numbers of a run. */
    public record Summary(int threads, int withBlocks, int blocksFetched, int downloaded, int failed, int expired,
                          int otherAccount) {
        public String line() {
            return "[assets-backfill] " + threads + " thread dir(s), " + withBlocks + " with raw_blocks.json ("
                    + blocksFetched + " fetched now): " + downloaded + " file(s) downloaded, " + failed + " failed, "
                    + expired + " expired" + (otherAccount > 0 ? "; " + otherAccount
                    + " thread(s) of other accounts not asked about (run with their --account)" : "");
        }
    }

    /** One run, in variable {@code backfill}. */
    public static final class Run {
        final Options options;
        final List<Item> items;
        int requests;
        int withBlocks;
        int blocksFetched;
        int downloaded;
        int failed;
        int expired;
        int otherAccount;

        Run(Options options, List<Item> items) {
            this.options = options;
            this.items = items;
        }
    }

    public Run start(Options o) {
        Run run = list(out, o);
        LOG.info("[assets-backfill] {} thread dir(s){}{}", run.items.size(),
                o.fetchBlocks() ? ", " + run.items.stream().filter(i -> i.fetchBlocks).count() + " raw_blocks.json to fetch" : "",
                o.online() ? ", missing files re-signed and downloaded" : "");
        return run;
    }

    /**
     * Whether a run of {@code o} would send any request: a raw_blocks.json to fetch, or with --online a version without
     * a file that can be re-signed. False on a second run, which then reads no cookie and checks no session.
     */
    public static boolean needsNetwork(Path out, Options o) {
        for (Item item : list(out, o).items) {
            if (item.fetchBlocks) {
                return true;
            }
            Path raw = item.dir.resolve(ThreadFiles.RAW_BLOCKS);
            if (item.online && Files.isRegularFile(raw)) {
                try {
                    if (!AssetRun.plan(AssetCollector.collect(Json.readObject(raw)), item.dir).resigningAll()
                            .downloads().isEmpty()) {
                        return true;
                    }
                } catch (IOException | JsonException e) {
                    // unreadable: the run skips it as well
                }
            }
        }
        return false;
    }

    private static Run list(Path out, Options o) {
        List<Item> items = new ArrayList<>();
        int other = 0;
        for (Iterator<Path> it = ThreadDirs.walk(out, o.limit()); it.hasNext(); ) {
            Path dir = it.next();
            Map<String, Object> thread;
            try {
                thread = Json.readObject(dir.resolve(ThreadFiles.THREAD_JSON));
            } catch (IOException | JsonException e) {
                continue; // no thread dir, or one being changed
            }
            if (J.str(thread, "web_uuid").isEmpty()) {
                continue;
            }
            String via = J.str(thread, "export_via");
            boolean ours = o.account() != null && (via.isEmpty() || via.equals(o.account()));
            boolean hasBlocks = Files.isRegularFile(dir.resolve(ThreadFiles.RAW_BLOCKS));
            boolean wantsBlocks = !hasBlocks && Mode.fromId(J.str(thread, "mode")).map(Mode::needsBlocks).orElse(false);
            if (!ours && o.account() != null && ((o.fetchBlocks() && wantsBlocks) || o.online())) {
                other++;
            }
            items.add(new Item(dir, thread, ours && o.fetchBlocks() && wantsBlocks, ours && o.online()));
        }
        Run run = new Run(o, items);
        run.otherAccount = other;
        return run;
    }

    public List<Item> items(Run run) {
        return run.items;
    }

    /** 3 s before a raw_blocks.json fetch (none before the first); a stop ends it. */
    public void pause(Run run) throws InterruptedException {
        if (run.requests++ > 0 && !stopping.getAsBoolean()) {
            Pacing.await(pause, stopping);
        }
    }

    /** The fetched schematized response: archived as raw_blocks.json, the export's bytes. */
    public void blocksFetched(Run run, Item item, Map<String, Object> blocks) throws IOException {
        AtomicFiles.writeIfChanged(item.dir.resolve(ThreadFiles.RAW_BLOCKS), PyJson.compact(blocks));
        item.blocks = blocks;
        item.fresh = true;
        run.blocksFetched++;
        LOG.info("[assets-backfill] {} {}: raw_blocks.json fetched", PyStrings.head(item.getUuid(), 8), item.title());
    }

    /** The fetch of raw_blocks.json failed: one line; the thread's other products are still done. */
    public void blocksFailed(Run run, Item item, String why) {
        run.failed++;
        LOG.error("[assets-backfill] {} {}: raw_blocks.json not fetched: {}; tried again next run",
                PyStrings.head(item.getUuid(), 8), item.title(), why);
    }

    /**
     * The asset step of the thread (route thread-assets), null when it has no raw_blocks.json: downloads only from
     * blocks fetched now, or re-signed with --online.
     */
    public AssetWork work(Run run, Item item) {
        Map<String, Object> blocks = item.blocks;
        if (blocks == null) {
            Path raw = item.dir.resolve(ThreadFiles.RAW_BLOCKS);
            if (!Files.isRegularFile(raw)) {
                return null;
            }
            try {
                blocks = Json.readObject(raw);
            } catch (IOException | JsonException e) {
                LOG.warn("[assets-backfill] {} {}: {} is unreadable ({}); skipped", PyStrings.head(item.getUuid(), 8),
                        item.title(), raw, e.getMessage());
                return null;
            }
        }
        run.withBlocks++;
        // each re-signing waits its own 3 s in the route (resign-asset), each download 0.5 s
        return assets.backfill(item.getUuid(), item.title(), item.dir, blocks, J.asMap(item.thread.get("report_info")),
                item.fresh || item.online, !item.fresh);
    }

    /** The thread's asset step is done (its manifest written): its counts into the run's. */
    public void done(Run run, AssetWork w) {
        run.downloaded += w.downloaded();
        run.failed += w.failed();
        run.expired += w.expired();
    }

    public Summary finish(Run run) {
        Summary s = new Summary(run.items.size(), run.withBlocks, run.blocksFetched, run.downloaded, run.failed,
                run.expired, run.otherAccount);
        LOG.info(s.line());
        return s;
    }
}
