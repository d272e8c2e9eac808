package io.github.pplxexport.cli;

import io.github.pplxexport.ask.AskMode;
import io.github.pplxexport.ask.AskRequest;
import io.github.pplxexport.ask.AskState;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.space.SpaceUrl;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * {@code ask PROMPT}: a new thread (or, with {@code --thread}, a follow-up in one) asked through the platform's
 * event stream, its progress shown while it arrives, then archived like {@code export} does (routes/ask.camel.yaml).
 * Everything the command line says is checked before any request.
 */
@Command(name = "ask", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Ask a question; watch the answer arrive; archive the thread.",
        description = "Creates a thread in one of four modes (search, deep-research, council, study; never computer)"
                + " or continues one (--thread), shows the answer's progress on stderr while it streams in, moves the"
                + " finished thread to the BOT space ([bot_space] of the config, best effort), marks it read"
                + " (--mark-read, best effort) and archives it with the export pipeline. A stream that breaks after the"
                + " thread was created is archived by the next sync. No analytics are sent.",
        footer = {"", "Exit codes: 0 asked and archived; 1 the ask failed, did not complete or was not archived;"
                + " 2 a usage error (nothing sent); 3 the cookie was refused (401/403) or a challenge.",
                "", "Examples:",
                "  java -jar target/pplx-export.jar --cookies c.txt ask \"How do HTTP ETags work?\"",
                "  java -jar target/pplx-export.jar --cookies c.txt ask --mode council \"Hugo or Astro?\"",
                "  echo \"Size a Bloom filter\" | java -jar target/pplx-export.jar ask --json -",
                "  java -jar target/pplx-export.jar --cookies c.txt ask --thread <uuid> \"And why?\""})
public class AskCommand extends OnlineCommand {
    @Parameters(paramLabel = "PROMPT", description = "The question; - reads it from standard input.")
    String prompt;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "search",
            description = "search (default), deep-research, council or study.")
    String mode;

    @Option(names = "--models", paramLabel = "a,b,c", split = ",",
            description = "council: 2-3 model ids (default: the catalog's, see models); search: one id; the others: none.")
    List<String> models = List.of();

    @Option(names = "--space", paramLabel = "SLUG|home",
            description = "Create the thread in this space: its slug or URL (default: home).")
    String space;

    @Option(names = "--thread", paramLabel = "URL|UUID", description = "Ask a follow-up in this thread (then re-export all of it).")
    String thread;

    @Option(names = "--mark-read", description = "Send the read receipt (mark_viewed) for the finished thread.")
    boolean markRead;

    @Option(names = "--no-export", description = "Do not archive the finished thread.")
    boolean noExport;

    @Option(names = "--timeout", paramLabel = "S", defaultValue = "600",
            description = "Seconds to wait for each read of the answer stream (not for the whole answer; default 600).")
    int timeout;

    @Option(names = "--json", description = "The result as one JSON object on stdout.")
    boolean json;

    @Override
    int run() throws Exception {
        AskMode askMode;
        String threadUuid = null;
        try {
            askMode = AskMode.of(mode);
            askMode.checkModels(models);
            space = SpaceUrl.slugOrHome(space);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (thread != null) {
            threadUuid = ExportCommand.threadUuid(thread);
        }
        if (timeout < 1) {
            throw new UsageException("--timeout must be at least 1 second, got " + timeout);
        }
        String question = "-".equals(prompt) ? stdin() : prompt;
        if (question.isBlank()) {
            throw new UsageException("the prompt is empty" + ("-".equals(prompt) ? " (nothing on standard input)" : ""));
        }
        OnlineRun run = online(Map.of("pplx.ask.timeout-ms", Long.toString(timeout * 1000L)));
        String follow = threadUuid;
        AskMode m = askMode;
        AskState s = run.run("direct:ask", account -> new AskRequest(account, question, m, models, space, markRead,
                !noExport, follow, null), AskState.class);
        if (StopSignals.received().isPresent()) {
            return Outcome.stopped("ask " + (s.threadUrl() == null ? "not finished" : s.threadUrl() + " not finished"), null);
        }
        if (json) {
            System.out.println(PyJson.compact(s.result()));
        } else if (s.exitCode() == 0) {
            System.out.println(s.threadUrl() + (s.archivedTo() == null ? "" : "  " + s.archivedTo()));
        }
        return s.exitCode();
    }

    private static String stdin() throws IOException {
        return new String(System.in.readAllBytes(), StandardCharsets.UTF_8).strip();
    }
}
