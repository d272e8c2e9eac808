package io.github.pplxexport.backfill;

import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.export.AuthFailures;
import io.github.pplxexport.export.Pacing;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.library.BatchState;
import io.github.pplxexport.library.LibraryIndex;
import io.github.pplxexport.library.MissingIndexException;
import io.github.pplxexport.mode.Mode;
import io.github.pplxexport.rerender.ThreadDirs;
import io.github.pplxexport.text.PyStrings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * {@code search-mode-backfill} (bean {@code searchModeBackfill}, route {@code search-mode-backfill};
 * reference-behaviour.md §6.3, reference-cli-and-archive.md §2.10): the thread's raw {@code search_mode}
 * ({@code SEARCH}, {@code RESEARCH}, {@code ASI}, …; the most specific one when a thread has several) into each row of
 * {@code index/library_<account>.json} that has none, so that {@code batch --mode} matches exactly. From the archived
 * {@code raw_entries.json} first; a row without one is fetched ({@code GET /rest/thread/<uuid>}, a random pause
 * between two) unless {@code --offline}. Rows that have the key, and threads in state {@code expired} (as the
 * reference) or {@code deleted} (they cannot answer either: a second run asks nothing) are skipped; a thread the
 * platform answers ENTRY_DELETED/ENTRY_EXPIRED for is recorded in batch_state.json. The index is saved
 * every 25 rows and at the end; every other field of a row is kept as it is.
 */
public final class SearchModeBackfill {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.backfill");
    static final int SAVE_EVERY = 25;

    private final Path out;
    private final Pacing pacing;
    private final BooleanSupplier stopping;

    public SearchModeBackfill(Path out, Pacing pacing, BooleanSupplier stopping) {
        this.out = out;
        this.pacing = pacing;
        this.stopping = stopping;
    }

    /** What a run is asked to do. */
    public record Options(String account, int limit, boolean offline) {
    }

    /**
     * One row to fetch online; the fetch-entries route reads {@code ${body.uuid}}, the record's own accessor (as of
     * ExportRequest): a {@code getUuid()} beside it made that call ambiguous to Camel, depending on reflection order.
     */
    public record Item(String uuid, String title, String lastUpdated, Map<String, Object> row) {
    }

    /** The rows pending for {@code o}, read only: the local ones and those the online fallback would fetch. */
    public record Plan(Path file, String account, List<Map<String, Object>> rows, List<Map<String, Object>> local,
                       List<Item> online, int skipped) {
        /** True when the run needs the API (something to fetch and not --offline). */
        public boolean needsNetwork() {
            return !online.isEmpty();
        }
    }

    /** The numbers of a run. */
    public record Summary(int local, int fetched, int gone, int failed, int left) {
        public String line() {
            return "[search-mode-backfill] " + local + " row(s) from raw_entries.json, " + fetched + " fetched, " + gone
                    + " gone (deleted/expired, in batch_state.json), " + failed + " failed, " + left
                    + " left without search_mode";
        }
    }

    /** One run, in variable {@code backfill}. */
    public static final class Run {
        final Plan plan;
        final BatchState state;
        int position;
        int local;
        int fetched;
        int gone;
        int failed;
        final AuthFailures auth = new AuthFailures();
        int unsaved;

        Run(Plan plan, BatchState state) {
            this.plan = plan;
            this.state = state;
        }
    }

    /**
     * The plan of a run, from the files only: the account's index rows without {@code search_mode}, not expired,
     * those with a raw_entries.json (all of them), then, unless offline, the first {@code limit} of the others.
     */
    public static Plan plan(Path out, Options o) throws IOException {
        Path file = LibraryIndex.file(out, o.account());
        // the rows as read are shared read-only (LibraryIndex.readThreads); this run writes search_mode into copies
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map<String, Object> row : LibraryIndex.readThreads(file).orElseThrow(() -> new MissingIndexException(
                "no library index " + file + ": run `pplx-export index` first"))) {
            rows.add(new LinkedHashMap<>(row));
        }
        BatchState state = BatchState.load(BatchState.file(out));
        Map<String, ThreadDirs.Archived> archived = ThreadDirs.byUuid(out);
        List<Map<String, Object>> local = new ArrayList<>();
        List<Item> online = new ArrayList<>();
        int skipped = 0;
        for (Map<String, Object> row : rows) {
            String uuid = J.str(row, "entryUUID");
            String status = state.status(uuid);
            if (uuid.isEmpty() || row.containsKey("search_mode") || BatchState.EXPIRED.equals(status)
                    || BatchState.DELETED.equals(status)) {
                continue;
            }
            if (o.limit() > 0 && local.size() + online.size() >= o.limit()) {
                skipped++;
                continue;
            }
            ThreadDirs.Archived a = archived.get(uuid);
            if (a != null && Files.isRegularFile(a.dir().resolve(ThreadFiles.RAW_ENTRIES))) {
                local.add(row);
            } else if (!o.offline()) {
                online.add(new Item(uuid, J.str(row, "title"), J.str(row, "lastUpdated"), row));
            } else {
                skipped++;
            }
        }
        String account = J.str(Json.readObject(file), "account");
        return new Plan(file, account.isEmpty() ? o.account() : account, rows, local, online, skipped);
    }

    /** The run: the local rows are filled in at once (saved every 25); the online ones follow one by one. */
    public Run start(Options o) throws IOException {
        Plan p = plan(out, o);
        Run run = new Run(p, BatchState.load(BatchState.file(out)));
        Map<String, ThreadDirs.Archived> archived = p.local().isEmpty() ? Map.of() : ThreadDirs.byUuid(out);
        for (Map<String, Object> row : p.local()) {
            Path raw = archived.get(J.str(row, "entryUUID")).dir().resolve(ThreadFiles.RAW_ENTRIES);
            try {
                if (set(run, row, J.asMap(Json.readObject(raw)))) {
                    run.local++;
                }
            } catch (IOException | JsonException e) {
                LOG.warn("[search-mode-backfill] {}: cannot read {} ({}); left for a later run",
                        PyStrings.head(J.str(row, "entryUUID"), 8), raw, e.getMessage());
            }
        }
        LOG.info("[search-mode-backfill] {}: {} row(s) filled from raw_entries.json, {} to fetch{}",
                out.relativize(p.file()), run.local, p.online().size(),
                p.skipped() > 0 ? ", " + p.skipped() + " left for later (--limit or --offline)" : "");
        return run;
    }

    public List<Item> items(Run run) {
        return run.plan.online();
    }

    /** A random pause between two fetched threads (none before the first); a stop ends it. */
    public void pause(Run run) throws InterruptedException {
        if (run.position++ > 0 && !stopping.getAsBoolean()) {
            Pacing.await(pacing.betweenThreads(), stopping);
        }
    }

    /** The thread's entries (fetch-entries' answer): its search_mode into the row. */
    public void fetched(Run run, Item item, Map<String, Object> response) throws IOException {
        run.auth.answered();
        if (set(run, item.row(), response)) {
            run.fetched++;
        } else {
            LOG.warn("[search-mode-backfill] {} {}: no entry has a search_mode", PyStrings.head(item.uuid(), 8), item.title());
        }
    }

    /** 400 ENTRY_DELETED / ENTRY_EXPIRED: recorded in batch_state.json as the batch records it. */
    public void gone(Run run, Item item, String code) throws IOException {
        run.auth.answered();
        run.gone++;
        if ("ENTRY_EXPIRED".equals(code)) {
            run.state.markExpired(item.uuid(), item.lastUpdated(), item.title(), BatchState.NOTE_ENTRY_EXPIRED);
        } else {
            run.state.markDeleted(item.uuid(), item.lastUpdated(), item.title(), BatchState.NOTE_ENTRY_DELETED);
        }
        run.state.save();
        LOG.warn("[search-mode-backfill] {} {}: {} on the platform; recorded in index/batch_state.json",
                PyStrings.head(item.uuid(), 8), item.title(), code);
    }

    /** Any other failure: the row stays without search_mode for a later run; the third 401/403 in a row stops. */
    public void failed(Run run, Item item, Integer status, String why) {
        run.failed++;
        LOG.error("[search-mode-backfill] {} {}: {}; left for a later run", PyStrings.head(item.uuid(), 8), item.title(), why);
        run.auth.failed(status, why, () -> save(run));
    }

    public Summary finish(Run run) {
        save(run);
        int left = 0;
        for (Map<String, Object> row : run.plan.rows()) {
            if (!J.str(row, "entryUUID").isEmpty() && !row.containsKey("search_mode")) {
                left++;
            }
        }
        Summary s = new Summary(run.local, run.fetched, run.gone, run.failed, left);
        LOG.info(s.line());
        return s;
    }

    /**
     * The raw search_mode of a thread response ({@code entries[].search_mode}): the value of the most specific mode
     * (computer > council > study > deep-research > search) when several differ; an unknown value only when no
     * known one is there.
     */
    public static Optional<String> rawSearchMode(Map<String, Object> response) {
        String best = null;
        int bestRank = -1;
        for (Object e : J.list(response, "entries")) {
            if (!(J.get(e, "search_mode") instanceof String s) || s.isEmpty()) {
                continue;
            }
            int rank = Mode.fromSearchMode(s).map(Mode::specificity).orElse(0);
            if (rank > bestRank) {
                best = s;
                bestRank = rank;
            }
        }
        return Optional.ofNullable(best);
    }

    private boolean set(Run run, Map<String, Object> row, Map<String, Object> response) {
        Optional<String> mode = rawSearchMode(response);
        if (mode.isEmpty()) {
            return false;
        }
        row.put("search_mode", mode.get());
        if (++run.unsaved >= SAVE_EVERY) {
            save(run);
        }
        return true;
    }

    private void save(Run run) {
        if (run.unsaved == 0) {
            return;
        }
        try {
            LibraryIndex.write(run.plan.file(), run.plan.account(), run.plan.rows());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save " + run.plan.file() + ": " + e.getMessage(), e);
        }
        run.unsaved = 0;
    }
}
