package io.github.pplxexport.cli;

import io.github.pplxexport.export.BatchSummary;
import io.github.pplxexport.export.ExportRequest;
import io.github.pplxexport.export.ThreadUrls;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/** {@code export <url|uuid>}: one thread; writes nothing when the archive copy is up to date. */
@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Export one thread by URL or uuid.",
        description = "Fetches one thread and writes its thread dir. Writes nothing when the archived thread.json"
                + " has the same lastUpdated as the library index, unless --force.",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar --cookies ~/perplexity-cookies.txt export https://www.perplexity.ai/search/<uuid>",
                "  java -jar target/pplx-export.jar --cookies ~/perplexity-cookies.txt export <uuid> --force"})
public class ExportCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Parameters(paramLabel = "THREAD", description = "Thread URL (https://www.perplexity.ai/search/<uuid>,"
            + " …/computer/tasks/<uuid>) or the bare uuid.")
    String thread;

    @Option(names = "--force", description = "Re-export even when lastUpdated is unchanged.")
    boolean force;

    @Mixin
    PacingOption pacing;
    @Mixin
    GlobalOptions.All globals;

    /** The thread uuid of a URL or bare uuid argument; none is a usage error. */
    static String threadUuid(String urlOrUuid) {
        try {
            return ExportRequest.parseUuid(urlOrUuid);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "export");
        String uuid = threadUuid(thread);
        OnlineRun run = OnlineRun.prepare(parent.global, parent.global.skipAuthCheck, pacing.properties());
        String url = thread.startsWith("http") ? thread : ThreadUrls.canonical(uuid, false);
        // the route adds the thread's row of the local library index, if any
        BatchSummary s = run.run("direct:export", account -> new ExportRequest(account, uuid, url, null, !force),
                BatchSummary.class);
        return Outcome.of(s, "export");
    }
}
