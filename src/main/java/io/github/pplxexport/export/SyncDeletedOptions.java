package io.github.pplxexport.export;

/**
 * A {@code sync-deleted --online} run: the account whose cookie is used (its candidates only) and how many
 * candidates at most (0: all).
 */
public record SyncDeletedOptions(String account, int limit) {
}
