package io.github.pplxexport.export;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.thread.SchemaDrift;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.pplxexport.archive.PreviousCopies;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The result records of the export-thread route's two endings: written, or already up to date. */
public final class ExportOutcomes {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.export");

    /**
     * Written; {@code kept}: the previous copy kept under versions/ because the new one holds less (else empty);
     * {@code drift}: the payload's schema drift.
     */
    public ExportedThread written(Conversation c, Path dir, Optional<PreviousCopies.Kept> kept, List<SchemaDrift.Drift> drift) {
        return new ExportedThread(c.webUuid(), c.title(), c.mode(), c.lastUpdated(), dir, true, c.answerVariants().size(),
                kept.map(PreviousCopies.Kept::shrank).orElse(List.of()), drift == null ? List.of() : drift);
    }

    public ExportedThread upToDate(Conversation c, Path dir) {
        LOG.info(Labels.messages().format(Label.EXPORT_UP_TO_DATE, c.lastUpdated(), dir));
        return new ExportedThread(c.webUuid(), c.title(), c.mode(), c.lastUpdated(), dir, false, c.answerVariants().size());
    }
}
