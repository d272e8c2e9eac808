package io.github.pplxexport.library;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads an account's library index and the batch state on a background thread, so that a run finds them read when
 * it plans: a sync's start (Camel, the session check, the listing's first page) waits mostly on one core and on the
 * network, and a large archive's two files take a second to read. A failure here is nobody's business: the run reads
 * the file again and reports it as it always does.
 */
public final class ReadAhead {
    private static final Logger LOG = LoggerFactory.getLogger(ReadAhead.class);

    private ReadAhead() {
    }

    /** Starts reading {@code <out>/index/library_<account>.json} (when named) and {@code batch_state.json}. */
    public static void start(Path out, String account) {
        Thread t = new Thread(() -> {
            try {
                // the index first: the refresh reads it right after the session check; the state is read by the
                // plan, after the listing's first page
                if (account != null && !account.isEmpty()) {
                    LibraryIndex.readThreads(LibraryIndex.file(out, account));
                }
                Path state = BatchState.file(out);
                if (Files.exists(state)) {
                    BatchState.readRecords(state);
                }
            } catch (Exception e) {
                LOG.debug("read ahead of {}: {}", out, e.toString());
            }
        }, "pplx-read-ahead");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }
}
