package io.github.pplxexport.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/** {@code mark-read <url|uuid>}: the read receipt of one thread (mark_viewed with its context). */
@Command(name = "mark-read", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Mark a thread as read.",
        description = "Reads the thread's context (GET /rest/thread/<uuid>), then POST /rest/thread/mark_viewed; prints"
                + " {\"uuid\", \"context_uuid\", \"result\"} on stdout.",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar --cookies c.txt mark-read <url|uuid>"})
public class MarkReadCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Parameters(paramLabel = "THREAD", description = "Thread URL or uuid.")
    String thread;

    @Mixin
    PacingOption pacing;
    @Mixin
    GlobalOptions.All globals;

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "mark-read");
        String uuid = ExportCommand.threadUuid(thread);
        return JsonReply.print(parent, pacing, "direct:mark-read", account -> uuid);
    }
}
