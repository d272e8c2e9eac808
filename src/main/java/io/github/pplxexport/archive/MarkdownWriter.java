package io.github.pplxexport.archive;

import io.github.pplxexport.render.RenderedThread;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes a thread's rendered Markdown into its dir: conversation.md and turns/turn_NNNN.md, each only when
 * its bytes change; turn files numbered above the current turn count are removed (non-numeric names are
 * left alone). Shared by export and re-render.
 */
public final class MarkdownWriter {
    private static final Pattern TURN_FILE = Pattern.compile("turn_(\\d+)\\.md");

    /** Counts of files written, left as they were, and removed. */
    public record Result(int written, int unchanged, int removed) {
        public boolean changedAnything() {
            return written + removed > 0;
        }
    }

    public Result write(Path threadDir, RenderedThread rendered) throws IOException {
        int written = 0;
        int unchanged = 0;
        Path turnsDir = threadDir.resolve(ThreadFiles.TURNS_DIR);
        Files.createDirectories(turnsDir);
        Changes changes = new Changes(threadDir);
        if (changes.write(threadDir.resolve(ThreadFiles.CONVERSATION), rendered.conversationMd())) {
            written++;
        } else {
            unchanged++;
        }
        for (Map.Entry<String, String> e : rendered.turnFiles().entrySet()) {
            if (changes.write(turnsDir.resolve(e.getKey()), e.getValue())) {
                written++;
            } else {
                unchanged++;
            }
        }
        int removed = removeStaleTurns(turnsDir, rendered.turnFiles().size());
        if (removed > 0) {
            changes.journal();
        }
        return new Result(written, unchanged, removed);
    }

    /** The files of one thread dir whose bytes change; the dir goes into the change journal before the first of them. */
    private static final class Changes {
        private final Path dir;
        private boolean journaled;

        Changes(Path dir) {
            this.dir = dir;
        }

        boolean write(Path file, String text) throws IOException {
            return AtomicFiles.writeIfChanged(file, text, false, this::journal);
        }

        void journal() {
            if (!journaled) {
                ChangeJournal.touched(dir);
                journaled = true;
            }
        }
    }

    /** Removes {@code turn_NNNN.md} files numbered above {@code count}; returns how many. */
    public static int removeStaleTurns(Path turnsDir, int count) throws IOException {
        int removed = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(turnsDir,
                f -> TURN_FILE.matcher(f.getFileName().toString()).matches())) {
            for (Path f : files) {
                Matcher m = TURN_FILE.matcher(f.getFileName().toString());
                if (m.matches() && m.group(1).length() < 10 && Integer.parseInt(m.group(1)) > count) {
                    Files.delete(f);
                    removed++;
                }
            }
        }
        return removed;
    }
}
