package io.github.pplxexport.cli;

import io.github.pplxexport.space.SpaceRequests;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code space-create TITLE [--description D]}: a new space (create_collection); prints {uuid, slug, url}. */
@Command(name = "space-create", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Create a space.",
        description = "POST /rest/collections/create_collection, sent once and never again (a second POST would make a"
                + " second space); prints {\"uuid\", \"slug\", \"url\"} on stdout (the slug is what ask --space takes;"
                + " its uuid is what [bot_space] uuid of the config takes).",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar --cookies c.txt space-create BOT --description \"asks\""})
public class SpaceCreateCommand extends OnlineCommand {
    @Parameters(paramLabel = "TITLE", description = "The space's title.")
    String title;

    @Option(names = "--description", paramLabel = "D", defaultValue = "", description = "Its description (default: none).")
    String description;

    @Override
    int run() throws Exception {
        if (title.isBlank()) {
            throw new UsageException("the title is empty");
        }
        return printJson("direct:space-create", account -> SpaceRequests.newSpace(title, description));
    }
}
