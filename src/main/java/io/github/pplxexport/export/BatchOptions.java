package io.github.pplxexport.export;

import io.github.pplxexport.mode.Mode;

/**
 * What {@code index}, {@code batch} and {@code sync} were asked for: the account (as the session check
 * resolved it) and the flags --full, --force, --limit (0 = all), --mode (null = all).
 */
public record BatchOptions(String account, boolean full, boolean force, int limit, Mode mode) {
}
