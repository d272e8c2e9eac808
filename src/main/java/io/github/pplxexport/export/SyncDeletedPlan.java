package io.github.pplxexport.export;

import io.github.pplxexport.archive.ThreadDirName;
import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.library.DeletedThreads;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code sync-deleted} would check, read offline (zero network, zero writes): the deletion candidates of
 * {@link DeletedThreads} with the account each was exported through (thread.json {@code export_via}), as which
 * {@code --online} asks about it (switching to that account's session token of the same login); {@code --limit}
 * keeps the first N.
 *
 * @param found the candidates and skip reasons of the state and the library indexes
 * @param check the candidates to ask the platform about, in state order
 * @param skipped every thread left out, with the reason
 * @param account the account of the run, which asks about the candidates without an export_via (null: not known yet)
 */
public record SyncDeletedPlan(DeletedThreads.Plan found, List<DeletionCandidate> check,
                              List<DeletedThreads.Skipped> skipped, String account) {
    public SyncDeletedPlan {
        check = List.copyOf(check);
        skipped = List.copyOf(skipped);
    }

    public static SyncDeletedPlan read(Path out, String account, int limit) throws IOException {
        DeletedThreads.Plan found = DeletedThreads.read(out);
        List<DeletionCandidate> check = new ArrayList<>();
        List<DeletedThreads.Skipped> skipped = new ArrayList<>(found.skipped());
        for (DeletedThreads.Candidate c : found.candidates()) {
            String via = exportVia(out, c.uuid());
            if (limit > 0 && check.size() >= limit) {
                skipped.add(new DeletedThreads.Skipped(c.uuid(), "beyond --limit " + limit));
            } else {
                check.add(new DeletionCandidate(c.uuid(), c.title(), c.lastUpdated(), via));
            }
        }
        return new SyncDeletedPlan(found, check, skipped, account);
    }

    /** The first non-empty {@code export_via} of the thread's dirs, "" when none says. */
    static String exportVia(Path out, String uuid) throws IOException {
        for (Path dir : ThreadDirName.findExisting(out, uuid)) {
            try {
                String via = J.str(Json.readObject(dir.resolve(ThreadFiles.THREAD_JSON)), "export_via");
                if (!via.isEmpty()) {
                    return via;
                }
            } catch (JsonException e) {
                // findExisting accepted it a moment ago; a file changed since says nothing
            }
        }
        return "";
    }

    /** The report: the counts, one line per candidate, one per skipped thread. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        if (!found.reason().isEmpty()) {
            out.add("[sync-deleted] no candidates: " + found.reason() + "; " + found.okThreads()
                    + " exported thread(s) left alone");
            return out;
        }
        out.add("[sync-deleted] " + found.okThreads() + " exported thread(s) (state ok), " + found.indexedThreads()
                + " in the library indexes (" + String.join(", ", found.indexFiles()) + "): "
                + found.candidates().size() + " deletion candidate(s), " + check.size() + " to check"
                + (account == null ? "" : " as " + account));
        for (DeletionCandidate c : check) {
            out.add("  " + c.uuid() + "  " + c.title() + "  (lastUpdated " + c.lastUpdated()
                    + (c.exportVia().isEmpty() ? "" : ", exported via " + c.exportVia()) + ")");
        }
        for (DeletedThreads.Skipped s : skipped) {
            out.add("  skipped " + s.uuid() + ": " + s.reason());
        }
        return out;
    }
}
