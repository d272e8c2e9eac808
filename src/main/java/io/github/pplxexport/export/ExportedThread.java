package io.github.pplxexport.export;

import io.github.pplxexport.thread.SchemaDrift;

import java.nio.file.Path;
import java.util.List;

/**
 * The outcome of one export: where it went, or that it was already up to date. {@code keptPrevious}: what the new
 * copy had less of than the archived one, which was kept under versions/ (empty when nothing was kept);
 * {@code drift}: what its payload held that this version does not recognise (empty when nothing).
 */
public record ExportedThread(String uuid, String title, String mode, String lastUpdated, Path dir, boolean written,
                             int answerVariants, List<String> keptPrevious, List<SchemaDrift.Drift> drift) {
    public ExportedThread(String uuid, String title, String mode, String lastUpdated, Path dir, boolean written,
                          int answerVariants) {
        this(uuid, title, mode, lastUpdated, dir, written, answerVariants, List.of(), List.of());
    }
}
