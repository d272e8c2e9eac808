package io.github.pplxexport.cli;

import io.github.pplxexport.space.SpaceUrl;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code space-index SPACE_URL}: every thread of a space into index/space_&lt;slug&gt;.json (route {@code space-index}). */
@Command(name = "space-index", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "List a space's threads into index/space_<slug>.json.",
        description = "Pages the space's REST listing (20 threads a page, one page every 3 s) as the account and writes"
                + " index/space_<slug>.json, newest first (entryUUID, context_uuid, author, title, lastUpdated, ...)."
                + " The spaces command links these threads too.",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar space-index https://www.perplexity.ai/spaces/reading-list-AbC123",
                "  java -jar target/pplx-export.jar --account work space-index reading-list-AbC123"})
public class SpaceIndexCommand extends OnlineCommand {
    @Parameters(paramLabel = "SPACE_URL", description = "The space's URL (https://www.perplexity.ai/spaces/<slug>) or slug.")
    String url;

    @Override
    int run() throws Exception {
        String slug;
        try {
            slug = SpaceUrl.slug(url);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        OnlineRun run = online();
        int n = run.run("direct:space-index", account -> slug, Integer.class);
        System.out.println("[space-index] " + slug + ": " + n + " thread(s)");
        return PplxExportCli.EXIT_OK;
    }
}
