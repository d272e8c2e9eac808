package io.github.pplxexport.cli;

import io.github.pplxexport.ask.ModelCatalog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/** {@code models [--refresh]}: the platform's model catalog (models/config/v2), printed; --refresh keeps it for ask. */
@Command(name = "models", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "List the models ask can use (--refresh keeps them for ask).",
        description = "GET /rest/models/config/v2: the default model of each mode, council's default members and the"
                + " models by mode, on stderr. --refresh stores the catalog in <out>/index/models_cache.json, where ask"
                + " takes each mode's model and council's members from (pinned defaults without it).",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar --cookies ~/perplexity-cookies.txt models",
                "  java -jar target/pplx-export.jar --cookies ~/perplexity-cookies.txt models --refresh"})
public class ModelsCommand extends OnlineCommand {
    @Option(names = "--refresh", description = "Store the catalog in <out>/index/models_cache.json for ask.")
    boolean refresh;

    @Override
    int run() throws Exception {
        Logger log = LoggerFactory.getLogger("pplx.ask");
        OnlineRun run = online();
        @SuppressWarnings("unchecked")
        Map<String, Object> config = run.run("direct:models-config", account -> account, Map.class);
        ModelCatalog.describe(config).forEach(log::info);
        if (refresh) {
            Path f = ModelCatalog.refresh(run.archiveRoot(), config, Instant.now());
            log.info("[models] catalog saved: {}", f);
        }
        return PplxExportCli.EXIT_OK;
    }
}
