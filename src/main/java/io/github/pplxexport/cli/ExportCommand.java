package io.github.pplxexport.cli;

import io.github.pplxexport.export.BatchSummary;
import io.github.pplxexport.export.ExportRequest;
import io.github.pplxexport.export.ThreadUrls;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.util.Map;
import java.util.concurrent.Callable;

/** {@code export <url|uuid>}: one thread; writes nothing when the archive copy is up to date. */
@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Export one thread by URL or uuid. Skips with no writes when the archived thread.json",
                "has the same lastUpdated, unless --force."})
public class ExportCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Parameters(paramLabel = "THREAD", description = "Thread URL (…/search/<uuid>, …/computer/tasks/<uuid>) or bare uuid.")
    String thread;

    @Option(names = "--force", description = "Re-export even when lastUpdated is unchanged.")
    boolean force;

    @Option(names = "--skip-auth-check", description = "Skip the startup session probe.")
    boolean skipAuthCheck;

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "export");
        String uuid;
        try {
            uuid = ExportRequest.parseUuid(thread);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return OnlineRun.guarded(() -> {
            OnlineRun run = OnlineRun.prepare(parent.global, skipAuthCheck, Map.of());
            String url = thread.startsWith("http") ? thread : ThreadUrls.canonical(uuid, false);
            // the route adds the thread's row of the local library index, if any
            BatchSummary s = run.run("direct:export", account -> new ExportRequest(account, uuid, url, null, !force),
                    BatchSummary.class);
            return OnlineRun.exitCode(s);
        });
    }
}
