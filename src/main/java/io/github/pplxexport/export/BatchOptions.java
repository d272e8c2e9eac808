package io.github.pplxexport.export;

import io.github.pplxexport.mode.Mode;

/** {@code batch} / {@code sync} flags: --full, --force, --limit (0 = all), --mode (null = all). */
public record BatchOptions(boolean full, boolean force, int limit, Mode mode) {
}
