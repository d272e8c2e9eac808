package io.github.pplxexport.ask;

import io.github.pplxexport.space.SpaceUrl;

import java.util.List;

/**
 * One question to ask (the {@code ask} command or a scheduled ask): the account asking, the prompt, the mode and
 * its {@code --models}, the space to create the thread in (its slug or URL, kept as the slug; {@code null} or
 * {@code home}: the home library), the best-effort read receipt, whether to archive the finished thread, and, for a
 * follow-up, the thread to continue.
 *
 * @param schedule the name of the scheduled ask ({@code [[asks]]} name), null for the command line
 */
public record AskRequest(String account, String prompt, AskMode mode, List<String> models, String space,
                         boolean markRead, boolean export, String thread, String schedule) {
    public AskRequest {
        models = List.copyOf(models == null ? List.of() : models);
        space = SpaceUrl.slugOrHome(space);
        thread = thread == null || thread.isBlank() ? null : thread;
        if (prompt == null || prompt.isBlank()) {
            throw new IllegalArgumentException("the prompt is empty");
        }
        mode.checkModels(models);
    }

    public boolean followUp() {
        return thread != null;
    }

    /** The run around the ask (the pending asks of its account go through it). */
    public io.github.pplxexport.export.BatchOptions options() {
        return new io.github.pplxexport.export.BatchOptions(account, false, false, 0, null);
    }
}
