package io.github.pplxexport.cli;

import io.github.pplxexport.space.SpacePages;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code spaces [--fetch-meta]}: one page per space under &lt;out&gt;/spaces/ (route {@code space-meta} with --fetch-meta). */
@Command(name = "spaces", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "One page per space under <out>/spaces/, with links.",
        description = "Offline by default: every space the library indexes name (index/library_*.json) and every"
                + " index/space_<slug>.json of space-index, one <slug>.md each (the accounts that take part, a table of"
                + " its threads, newest first, each linked to its archived conversation.md) and spaces.json, under"
                + " --out/spaces/. --fetch-meta first asks each space's owner and members (one request a space, 3 s"
                + " apart, as another account of the same login when this one may not view it) into"
                + " index/space_meta.json, and the pages name them.",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar spaces",
                "  java -jar target/pplx-export.jar spaces --fetch-meta"})
public class SpacesCommand extends OnlineCommand {
    @Option(names = "--fetch-meta", description = "Ask each space's owner and members first (network).")
    boolean fetchMeta;

    @Override
    int run() throws Exception {
        if (!fetchMeta) {
            Path out = parent.global.archiveRoot();
            int n = SpacePages.write(out);
            System.out.println("[spaces] " + n + " space page(s) in " + out.resolve(SpacePages.DIR));
            return PplxExportCli.EXIT_OK;
        }
        OnlineRun run = online();
        int n = run.run("direct:space-meta", account -> account, Integer.class);
        System.out.println("[spaces] " + n + " space page(s) in " + Path.of(run.properties.get("pplx.archive.root"))
                .resolve(SpacePages.DIR));
        return PplxExportCli.EXIT_OK;
    }
}
