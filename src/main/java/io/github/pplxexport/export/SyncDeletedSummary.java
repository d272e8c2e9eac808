package io.github.pplxexport.export;

/** What a {@code sync-deleted --online} run found: deleted, still present, unchanged (the check failed), skipped. */
public record SyncDeletedSummary(int checked, int deleted, int present, int failed, int skipped) {
    public String line() {
        return "[sync-deleted] done: " + deleted + " deleted, " + present + " still present, " + failed
                + " not decided (asked again next time), " + skipped + " skipped / " + checked + " checked";
    }
}
