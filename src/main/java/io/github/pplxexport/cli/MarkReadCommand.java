package io.github.pplxexport.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code mark-read <url|uuid>}: the read receipt of one thread (mark_viewed with its context). */
@Command(name = "mark-read", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Mark a thread as read.",
        description = "Reads the thread's context (GET /rest/thread/<uuid>), then POST /rest/thread/mark_viewed; prints"
                + " {\"uuid\", \"context_uuid\", \"result\"} on stdout.",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar --cookies c.txt mark-read <url|uuid>"})
public class MarkReadCommand extends OnlineCommand {
    @Parameters(paramLabel = "THREAD", description = "Thread URL or uuid.")
    String thread;

    @Override
    int run() throws Exception {
        String uuid = ExportCommand.threadUuid(thread);
        return printJson("direct:mark-read", account -> uuid);
    }
}
