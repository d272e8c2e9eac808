package io.github.pplxexport.export;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;

/** The result records of the export-thread route's two endings: written, or already up to date. */
public final class ExportOutcomes {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.export");

    public ExportedThread written(Conversation c, Path dir) {
        return new ExportedThread(c.webUuid(), c.title(), c.mode(), c.lastUpdated(), dir, true, c.answerVariants().size());
    }

    public ExportedThread upToDate(Conversation c, Path dir) {
        LOG.info(Labels.messages().format(Label.EXPORT_UP_TO_DATE, c.lastUpdated(), dir));
        return new ExportedThread(c.webUuid(), c.title(), c.mode(), c.lastUpdated(), dir, false, c.answerVariants().size());
    }
}
