package io.github.pplxexport.usage;

/** {@code usage-backfill} as asked: the account (the session check's) and {@code --limit} (0: all). */
public record UsageOptions(String account, int limit) {
}
