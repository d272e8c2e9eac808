package io.github.pplxexport.account;

import java.nio.file.Path;

/**
 * What {@code init} was asked for (reference-cli-and-archive.md §2.2).
 *
 * @param config      where the config is written
 * @param botTitle    the title of the BOT space, matched without regard to case
 * @param createSpace create the BOT space when no space has that title
 */
public record InitRequest(Path config, String botTitle, boolean createSpace) {
}
