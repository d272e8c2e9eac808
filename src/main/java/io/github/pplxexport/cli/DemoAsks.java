package io.github.pplxexport.cli;

import io.github.pplxexport.ask.AskMode;
import io.github.pplxexport.ask.AskRequest;
import io.github.pplxexport.ask.AskState;
import io.github.pplxexport.ask.ModelCatalog;
import io.github.pplxexport.camel.PplxRuntime;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The demo's asks: one question in each of the four modes, asked of the replay as one of the sample's accounts and
 * archived into an archive of their own ({@code demo --asks-out}, default {@code <out>-asks}), so the demo archive stays
 * the sample's exact copy. Prints where each thread went.
 */
final class DemoAsks {
    private static final String MODELS_CONFIG = "direct:models-config";
    private static final String ASK = "direct:ask";
    /** The demo's questions, one per mode. */
    static final Map<AskMode, String> QUESTIONS = Map.of(
            AskMode.SEARCH, "How do HTTP ETags work with a CDN in front?",
            AskMode.DEEP_RESEARCH, "How should a Bloom filter be sized for a billion keys?",
            AskMode.COUNCIL, "Hugo, Zola or Astro for a small documentation site?",
            AskMode.STUDY, "Teach me Rust lifetimes step by step");

    private DemoAsks() {
    }

    /** Asks the four as {@code g}'s account; returns the worst exit code. */
    static int run(GlobalOptions g, Map<String, String> props) throws IOException {
        OnlineRun run = OnlineRun.prepare(g, false, props);
        int code = PplxExportCli.EXIT_OK;
        try (PplxRuntime runtime = run.startFor(MODELS_CONFIG, ASK)) {
            String account = run.session(runtime);
            // the catalog first, as models --refresh keeps it: each mode's model and council's members come from it
            @SuppressWarnings("unchecked")
            Map<String, Object> config = runtime.request(MODELS_CONFIG, account, Map.class);
            Path catalog = ModelCatalog.refresh(g.out(), config, Instant.now());
            System.out.println("demo: models: " + catalog);
            for (AskMode mode : List.of(AskMode.SEARCH, AskMode.DEEP_RESEARCH, AskMode.COUNCIL, AskMode.STUDY)) {
                AskState s = runtime.request(ASK, new AskRequest(account, QUESTIONS.get(mode), mode, List.of(),
                        null, false, true, null, null), AskState.class);
                System.out.println("demo: asked (" + mode.id() + "): " + (s.archivedTo() != null
                        ? g.out().resolve(s.archivedTo()) : "not archived: " + s.error()));
                code = Math.max(code, s.exitCode());
                if (StopSignals.received().isPresent()) {
                    break;
                }
            }
        }
        return code;
    }

    /** {@code <out>-asks} beside the demo archive. */
    static Path defaultOut(Path out) {
        return out.resolveSibling(out.getFileName() + "-asks");
    }
}
