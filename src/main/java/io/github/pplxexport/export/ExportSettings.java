package io.github.pplxexport.export;

import io.github.pplxexport.config.UserConfig;

import java.nio.file.Path;
import java.time.Clock;

/**
 * What every export needs to know besides the thread and the account: the archive root and the user config
 * (author display folders).
 */
public record ExportSettings(Path out, UserConfig config, Clock clock) {
    public String displayFolder(String username) {
        return config.displayFolder(username);
    }
}
