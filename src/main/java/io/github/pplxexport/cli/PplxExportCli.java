package io.github.pplxexport.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code java -jar pplx-export.jar [global options] <command> [command options]}: a drop-in for the
 * reference's pplx-export. Exit codes: 0 all good; 1 some threads failed; 2 usage/config error;
 * 3 aborted (auth fail-fast, Cloudflare challenge).
 */
@Command(name = "pplx-export",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
                "Archives a Perplexity library (search, Deep Research, Computer, Model Council and Study threads)",
                "into a faithful Markdown + raw-JSON archive, as an Apache Camel pipeline.", ""},
        subcommands = {
                DemoCommand.class,
                IndexCommand.class,
                BatchCommand.class,
                SyncCommand.class,
                ExportCommand.class,
                ReRenderCommand.class,
                StatusCommand.class,
                RunCommand.class,
                ReplayCommand.class,
                BenchCommand.class,
                CommandLine.HelpCommand.class
        },
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar re-render --out ./web_archive",
                "  java -jar target/pplx-export.jar re-render --dry-run --limit 10"})
public class PplxExportCli implements Runnable {
    public static final int EXIT_OK = 0;
    public static final int EXIT_THREADS_FAILED = 1;
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_ABORTED = 3;

    @Mixin
    GlobalOptions global = new GlobalOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the CLI and returns the exit code (tests call this instead of main). */
    public static int execute(String... args) {
        CommandLine cli = new CommandLine(new PplxExportCli());
        cli.setExecutionExceptionHandler((ex, cmd, parseResult) -> {
            Logging.error(ex);
            return ex instanceof UsageException ? EXIT_USAGE : EXIT_ABORTED;
        });
        return cli.execute(args);
    }
}
