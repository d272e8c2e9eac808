package io.github.pplxexport.library;

import io.github.pplxexport.json.J;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * The offline plan report ({@code status}, reference-cli-and-archive.md §2.8): per account the index size,
 * every row's class (new/updated/done/expired/deleted, same planner), what the next batch would export and the
 * early-stop count (the done/expired/deleted tail it will not even look at); globally the state counts and the
 * "state-only" threads (exported once, no longer in any index: deletion candidates). Reads only
 * {@code index/library_*.json} and {@code index/batch_state.json}; zero network.
 */
public final class StatusReport {
    private StatusReport() {
    }

    /** The report as an ordered JSON-able tree; null {@code account} means every account with an index. */
    public static Map<String, Object> build(Path out, String account) throws IOException {
        Path index = out.resolve("index");
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(index)) {
            try (DirectoryStream<Path> s = Files.newDirectoryStream(index, "library_*.json")) {
                s.forEach(files::add);
            }
        }
        files.sort(null);
        if (account != null) {
            files.removeIf(f -> !f.getFileName().toString().equals("library_" + account + ".json"));
        }
        if (files.isEmpty()) {
            throw new MissingIndexException("no library index in " + index + ": run `pplx-export index` first");
        }
        // the state is read on the other core while this one reads the indexes
        CompletableFuture<BatchState> loading = CompletableFuture.supplyAsync(
                () -> BatchState.load(BatchState.file(out)));
        Map<String, Object> accounts = new LinkedHashMap<>();
        CompletableFuture<DeletedThreads.Plan> candidates = null;
        for (Path f : files) {
            String name = f.getFileName().toString().replaceFirst("^library_", "").replaceFirst("\\.json$", "");
            List<Map<String, Object>> rows = LibraryIndex.readThreads(f).orElse(List.of());
            BatchState state = loading.join();
            if (candidates == null) {
                // on the other core while this one plans (both only read the files read above); not before the
                // state's load, which may set an unreadable state file aside
                candidates = CompletableFuture.supplyAsync(() -> {
                    try {
                        return DeletedThreads.read(out);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
            }
            // every row counted once, the early-stopped tail included (a batch's plan leaves it out: a complete
            // archive would read done=0); the batch's early stop is that plan's trailing run of skips
            IncrementalPlanner.Plan all = IncrementalPlanner.plan(rows, state.records(), true, false);
            int keep = all.items().size();
            while (keep > 0 && !all.items().get(keep - 1).action().exports()) {
                keep--;
            }
            Map<String, Object> a = new LinkedHashMap<>();
            a.put("index_count", rows.size());
            a.put("newest", rows.isEmpty() ? "" : J.str(all.items().get(0).row(), "lastUpdated"));
            for (IncrementalPlanner.Action act : IncrementalPlanner.Action.values()) {
                a.put(act.id(), all.count(act));
            }
            a.put("early_stop", all.items().size() - keep);
            List<Object> pending = new ArrayList<>();
            for (IncrementalPlanner.Item item : all.items().subList(0, keep)) {
                if (item.action().exports()) {
                    Map<String, Object> p = new LinkedHashMap<>();
                    p.put("uuid", item.uuid());
                    p.put("action", item.action().id());
                    p.put("title", J.str(item.row(), "title"));
                    p.put("lastUpdated", J.str(item.row(), "lastUpdated"));
                    pending.add(p);
                }
            }
            a.put("pending", pending);
            accounts.put(name, a);
        }
        Map<String, Object> totals = new TreeMap<>();
        for (Object record : loading.join().records().values()) {
            String status = J.str(record, "status");
            totals.merge(status.isEmpty() ? "unknown" : status, 1, (x, y) -> (Integer) x + (Integer) y);
        }
        // the deletion candidates of sync-deleted: against the union of every account's index, whatever --account
        List<Object> stateOnly = new ArrayList<>();
        joined(candidates).candidates().forEach(c -> stateOnly.add(c.uuid()));
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("accounts", accounts);
        report.put("state", totals);
        report.put("state_only", stateOnly);
        return report;
    }

    /** What the other core read, its failure as it would have been here. */
    private static <T> T joined(CompletableFuture<T> f) throws IOException {
        try {
            return f.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof java.io.UncheckedIOException u) {
                throw u.getCause();
            }
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /**
     * The deeper tiers of {@code status} (reference-cli-and-archive.md §2.8), after the summary lines: {@code -vv}
     * lists, per account, the rows batch skips (done, expired, deleted) with their index {@code lastUpdated} and their
     * state stamp ({@code exported_at}, {@code expired_at}, {@code deleted_at}), titles cut at 60; {@code -vvv} lists
     * every row untruncated with its uuid, index {@code mode} and {@code search_mode}, then the state-only threads
     * (in batch_state.json, in no index: the deletion candidates).
     */
    public static List<String> detailLines(Path out, String account, int verbosity) throws IOException {
        List<String> lines = new ArrayList<>();
        if (verbosity < 2) {
            return lines;
        }
        boolean all = verbosity >= 3;
        Map<String, Object> report = build(out, account);
        BatchState state = BatchState.load(BatchState.file(out));
        for (String name : J.map(report, "accounts").keySet()) {
            List<Map<String, Object>> rows = LibraryIndex.readThreads(LibraryIndex.file(out, name)).orElse(List.of());
            lines.add("[status] " + name + (all ? ": every row" : ": rows the next batch skips"));
            for (IncrementalPlanner.Item item : IncrementalPlanner.plan(rows, state.records(), true, false).items()) {
                if (!all && item.action().exports()) {
                    continue;
                }
                Object record = state.records().get(item.uuid());
                String stamp = J.firstStr(record, "exported_at", "expired_at", "deleted_at", "failed_at");
                String title = J.str(item.row(), "title");
                if (all) {
                    lines.add("  " + item.action().id() + "  " + item.uuid() + "  " + J.str(item.row(), "lastUpdated")
                            + "  " + (stamp.isEmpty() ? "-" : stamp) + "  mode=" + J.str(item.row(), "mode")
                            + " search_mode=" + J.str(item.row(), "search_mode") + "  " + title);
                } else {
                    lines.add("  " + item.action().id() + "  " + J.str(item.row(), "lastUpdated") + "  "
                            + (stamp.isEmpty() ? "-" : stamp) + "  " + shortTitle(title));
                }
            }
        }
        if (all) {
            List<Object> stateOnly = J.list(report, "state_only");
            lines.add("[status] state-only (in batch_state.json, in no index): " + stateOnly.size());
            for (Object uuid : stateOnly) {
                Object record = state.records().get(String.valueOf(uuid));
                lines.add("  " + uuid + "  " + J.str(record, "status") + "  " + J.str(record, "lastUpdated") + "  "
                        + J.str(record, "title"));
            }
        }
        return lines;
    }

    /** The first line of a title, cut at 60 characters (the -v and -vv tiers). */
    static String shortTitle(String title) {
        String first = title.lines().findFirst().orElse("");
        return first.length() > 60 ? first.substring(0, 60) + "…" : first;
    }

    /** The human lines: one per account, then the global state line. */
    public static List<String> lines(Map<String, Object> report, boolean verbose) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Object> e : J.map(report, "accounts").entrySet()) {
            Object a = e.getValue();
            out.add(Labels.messages().format(Label.STATUS_ACCOUNT, e.getKey(), J.get(a, "index_count"), J.str(a, "newest"), J.get(a, "new"), J.get(a, "updated"),
                    J.get(a, "done"), J.get(a, "expired"), J.get(a, "deleted"), J.get(a, "early_stop")));
            if (verbose) {
                for (Object p : J.list(a, "pending")) {
                    String title = J.str(p, "title");
                    out.add("  " + J.str(p, "action") + "  " + (title.length() > 60 ? title.substring(0, 60) + "…" : title));
                }
            }
        }
        List<String> parts = new ArrayList<>();
        J.map(report, "state").forEach((k, v) -> parts.add(v + " " + k));
        out.add("[status] batch_state: " + (parts.isEmpty() ? "(empty)" : String.join(" + ", parts))
                + "; state-only (deletion candidates, see sync-deleted): " + J.list(report, "state_only").size());
        return out;
    }
}
