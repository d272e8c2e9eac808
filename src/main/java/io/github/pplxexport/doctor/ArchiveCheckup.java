package io.github.pplxexport.doctor;

import io.github.pplxexport.ask.PendingAsks;
import io.github.pplxexport.asset.AssetFiles;
import io.github.pplxexport.asset.AssetBody;
import io.github.pplxexport.export.PendingDeadLetters;
import io.github.pplxexport.json.J;
import io.github.pplxexport.rerender.ThreadDirs;
import io.github.pplxexport.search.SearchIndex;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * doctor's offline look at the archive as a whole (every file read, nothing written): its thread dirs, the temp
 * files a killed run left, asset files holding an error page, what the dead letters and pending asks still leave
 * undone, the search index against the archive, and the free disk space.
 */
public final class ArchiveCheckup {
    /** Below this, a sync may fail half-way through writing: said as a finding. */
    static final long LOW_DISK_BYTES = 512L * 1024 * 1024;

    private ArchiveCheckup() {
    }

    public static List<Check> of(Path out) {
        List<Check> checks = new ArrayList<>();
        if (!Files.isDirectory(out)) {
            checks.add(Check.fail("archive", out + " does not exist yet", "run `pplx-export sync` to make the first export"));
            checks.add(disk(out.toAbsolutePath().getParent() == null ? out : out.toAbsolutePath().getParent()));
            return checks;
        }
        int threads = 0;
        Map<String, AssetBody.Problem> damaged = new java.util.LinkedHashMap<>();
        for (Iterator<Path> it = ThreadDirs.walk(out, 0); it.hasNext(); ) {
            Path dir = it.next();
            threads++;
            AssetFiles.damaged(dir, AssetFiles.previousManifest(dir))
                    .forEach((file, problem) -> damaged.put(out.relativize(dir).resolve(file).toString(), problem));
        }
        checks.add(Check.ok("archive", out + ": " + threads + " thread dir(s)"));
        List<Path> temps = temps(out);
        checks.add(temps.isEmpty() ? Check.ok("temp files", "none left by a killed run")
                : Check.fail("temp files", temps.size() + " left by a killed run (" + out.relativize(temps.get(0)) + (temps.size() > 1 ? ", …" : "") + ")",
                "run `pplx-export sync` again: a run removes what an earlier one left"));
        checks.add(damaged.isEmpty() ? Check.ok("asset files", "none holds an error page")
                : Check.fail("asset files", damaged.size() + " file(s) holding an error page instead of the asset ("
                + damaged.keySet().iterator().next() + ": " + damaged.values().iterator().next().reason() + ")",
                "run `pplx-export sync`: it downloads them again"));
        checks.add(deadLetters(out));
        checks.add(pendingAsks(out));
        checks.add(searchIndex(out, threads));
        checks.add(disk(out));
        return checks;
    }

    private static List<Path> temps(Path out) {
        try (Stream<Path> s = Files.walk(out)) {
            return s.filter(p -> {
                String n = p.getFileName().toString();
                return n.startsWith(".") && n.endsWith(".tmp");
            }).sorted().toList();
        } catch (IOException | java.io.UncheckedIOException e) {
            return List.of();
        }
    }

    private static Check deadLetters(Path out) {
        try {
            Map<String, Object> pending = PendingDeadLetters.of(out);
            int threads = J.list(pending, "threads").size();
            int assets = J.list(pending, "assets").size();
            String detail = threads + " thread(s) still failing, " + assets + " asset version(s) without a file, "
                    + J.get(pending, "sibling_links") + " sibling link(s) not fetchable (index/dead_letters.jsonl)";
            return threads + assets == 0 ? Check.ok("dead letters", detail)
                    : Check.fail("dead letters", detail, "run `pplx-export sync`: it tries them again (`pplx-export status` lists them)");
        } catch (IOException | RuntimeException e) {
            return Check.fail("dead letters", "unreadable: " + e.getMessage(), "move index/dead_letters.jsonl aside and run `pplx-export sync`");
        }
    }

    private static Check pendingAsks(Path out) {
        Path f = out.resolve("index").resolve(PendingAsks.FILE);
        try {
            long n = Files.exists(f) ? Files.readAllLines(f).stream().filter(l -> !l.isBlank()).count() : 0;
            return n == 0 ? Check.ok("pending asks", "none")
                    : Check.fail("pending asks", n + " ask(s) whose answer was not archived yet (index/" + PendingAsks.FILE + ")",
                    "run `pplx-export sync`: it archives them once the platform has them");
        } catch (IOException e) {
            return Check.fail("pending asks", "unreadable: " + e.getMessage(), "check the permissions of " + f);
        }
    }

    private static Check searchIndex(Path out, int threads) {
        if (!Files.isDirectory(out.resolve(SearchIndex.DIR))) {
            return Check.ok("search index", "none (built by `pplx-export serve`)");
        }
        try (SearchIndex index = SearchIndex.open(out)) {
            int n = index.size();
            return n == threads ? Check.ok("search index", "opens, " + n + " thread(s), as many as the archive")
                    : Check.fail("search index", "opens, " + n + " thread(s) for the archive's " + threads,
                    "run `pplx-export serve` once: it catches the index up with the archive");
        } catch (IOException | RuntimeException e) {
            return Check.fail("search index", "does not open: " + e.getMessage(),
                    "delete " + out.resolve(SearchIndex.DIR) + "; `pplx-export serve` builds it again");
        }
    }

    static Check disk(Path out) {
        try {
            Path existing = out;
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            FileStore store = Files.getFileStore(existing == null ? Path.of(".") : existing);
            long free = store.getUsableSpace();
            String detail = String.format(Locale.ROOT, "%.1f GiB free on %s", free / (1024.0 * 1024 * 1024), store);
            return free >= LOW_DISK_BYTES ? Check.ok("disk", detail)
                    : Check.fail("disk", detail, "free some space: a sync writes every thread dir again in full");
        } catch (IOException e) {
            return Check.fail("disk", "cannot see the free space: " + e.getMessage(), "check that the archive folder is mounted");
        }
    }
}
