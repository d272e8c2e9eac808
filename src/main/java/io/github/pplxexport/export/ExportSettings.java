package io.github.pplxexport.export;

import io.github.pplxexport.config.UserConfig;

import java.nio.file.Path;
import java.time.Clock;

/**
 * What one export run needs to know besides the thread: the archive root, the account exporting (its
 * username goes to {@code export_via}) and the user config for author display folders.
 */
public record ExportSettings(Path out, String account, UserConfig config, Clock clock) {
    public String displayFolder(String username) {
        return config.displayFolder(username);
    }
}
