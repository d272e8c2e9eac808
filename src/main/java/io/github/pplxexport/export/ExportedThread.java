package io.github.pplxexport.export;

import java.nio.file.Path;

/** The outcome of one export: where it went, or that it was already up to date. */
public record ExportedThread(String uuid, String title, String mode, String lastUpdated, Path dir, boolean written,
                             int answerVariants) {
}
