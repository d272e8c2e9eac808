package io.github.pplxexport.cli;

import io.github.pplxexport.export.BatchSummary;
import io.github.pplxexport.export.ExportRequest;
import io.github.pplxexport.export.ThreadUrls;
import io.github.pplxexport.json.J;
import io.github.pplxexport.library.LibraryIndex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
            OnlineRun run = OnlineRun.prepare(parent.global, parent.global.skipAuthCheck, pacing.properties());
            Map<String, Object> row = indexRow(run.out, uuid).orElse(null);
            String url = thread.startsWith("http") ? thread : ThreadUrls.canonical(uuid, false);
            BatchSummary s = run.run("direct:export", new ExportRequest(uuid, url, row, !force), BatchSummary.class);
            return OnlineRun.exitCode(s);
        });
    }

    /** The thread's row in any local index/library_*.json (same lastUpdated as batch uses). */
    static Optional<Map<String, Object>> indexRow(Path out, String uuid) throws IOException {
        Path index = out.resolve("index");
        if (!Files.isDirectory(index)) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(index, "library_*.json")) {
            for (Path f : files) {
                List<Map<String, Object>> rows = LibraryIndex.readThreads(f).orElse(List.of());
                for (Map<String, Object> r : rows) {
                    if (uuid.equals(J.str(r, "entryUUID"))) {
                        return Optional.of(r);
                    }
                }
            }
        }
        return Optional.empty();
    }
}
