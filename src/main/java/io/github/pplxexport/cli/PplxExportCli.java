package io.github.pplxexport.cli;

import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

import java.util.List;

/**
 * {@code java -jar pplx-export.jar [global options] <command> [command options]}: a drop-in for the
 * reference's pplx-export. Exit codes: see {@link Outcome}, the one place that maps how a command ended to them.
 */
@Command(name = "pplx-export",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        abbreviateSynopsis = true,
        description = "Archives a Perplexity library (search, Deep Research, Computer, Model Council and Study threads)"
                + " into a faithful Markdown + raw-JSON archive, as an Apache Camel pipeline."
                + " Run a command with --help for its options and examples.",
        footer = {"", "Exit codes: 0 all good, 1 some threads failed (the others were exported), 2 usage or"
                + " configuration error, 3 aborted (auth failures, a Cloudflare challenge, the wrong account's cookie,"
                + " the API cannot be reached), 130/143 stopped by Ctrl-C/SIGTERM.",
                "", "Examples:",
                "  java -jar target/pplx-export.jar demo",
                "  java -jar target/pplx-export.jar --cookies ~/perplexity-cookies.txt sync",
                "  java -jar target/pplx-export.jar re-render --thread-json",
                "  java -jar target/pplx-export.jar help sync"})
public class PplxExportCli implements Runnable {
    /**
     * The commands. Only the one being run is built (picocli's model of every command and its options costs a
     * sizeable share of the start-up); all of them for the top-level help, {@code help} or a name not found.
     */
    static final List<Class<?>> COMMANDS = List.of(
            DemoCommand.class,
            IndexCommand.class,
            BatchCommand.class,
            SyncCommand.class,
            ExportCommand.class,
            ReRenderCommand.class,
            StatusCommand.class,
            SyncDeletedCommand.class,
            RunCommand.class,
            ReplayCommand.class,
            BenchCommand.class,
            AskCommand.class,
            ModelsCommand.class,
            MarkReadCommand.class,
            SpaceCreateCommand.class,
            InitCommand.class,
            SpaceIndexCommand.class,
            SpacesCommand.class,
            SyncSpaceCommand.class,
            UsageBackfillCommand.class,
            ServeCommand.class,
            RelationsCommand.class,
            DebugJsCommand.class,
            SearchModeBackfillCommand.class,
            AssetsBackfillCommand.class,
            ScheduleCommand.class,
            InstallCommand.class,
            McpCommand.class,
            DoctorCommand.class,
            CommandLine.HelpCommand.class);

    public static final int EXIT_OK = 0;
    public static final int EXIT_THREADS_FAILED = 1;
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_ABORTED = 3;

    @Mixin
    GlobalOptions.All options;

    /** The global options as the command sees them: the top level's, then the command's own mixins. */
    final GlobalOptions global = new GlobalOptions();

    @CommandLine.Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }

    /**
     * Logging starts on another thread while the command line is read: logback's start and picocli's reading of
     * the command's annotations are the two longest steps before the pipeline's (picocli's Java 5 classes cannot
     * be in the class-data archive), and neither needs the other. Nothing may ask slf4j for a logger while the
     * command line is built (it would get a stand-in), so the signals are handled from the join on; a signal
     * before that ends the process as the JVM's own handler does, which is also what ours does when no pipeline
     * runs.
     */
    public static void main(String[] args) {
        Thread logging = new Thread(LoggerFactory::getILoggerFactory, "pplx-logging-start");
        logging.setDaemon(true);
        logging.start();
        CommandLine cli = commandLine(args);
        while (logging.isAlive()) {
            try {
                logging.join();
            } catch (InterruptedException e) {
                // keep waiting: nothing may log before logging has started
            }
        }
        StopSignals.install();
        System.exit(StopSignals.exitCode(cli.execute(args)));
    }

    /** Runs the CLI and returns the exit code (tests call this instead of main). */
    public static int execute(String... args) {
        return commandLine(args).execute(args);
    }

    /** The command line for {@code args}: the invoked command only (all of them for help), nothing run yet. */
    static CommandLine commandLine(String... args) {
        PplxExportCli top = new PplxExportCli();
        CommandLine cli = new CommandLine(top);
        String invoked = commandName(cli.getCommandSpec(), args);
        for (Class<?> command : COMMANDS) {
            if (invoked == null || invoked.equals(command.getAnnotation(Command.class).name())) {
                cli.addSubcommand(command);
            }
        }
        HelpLayout.install(cli);
        cli.getSubcommands().values().forEach(c -> c.getCommandSpec().versionProvider(new VersionProvider()));
        cli.setExecutionStrategy(parsed -> {
            top.mergeGlobalOptions(parsed);
            return new CommandLine.RunLast().execute(parsed);
        });
        cli.setParameterExceptionHandler((ex, arguments) -> {
            // the mistake and where to look, not the whole usage
            java.io.PrintWriter err = ex.getCommandLine().getErr();
            err.println(ex.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
            err.println("See '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
            return EXIT_USAGE;
        });
        cli.setExecutionExceptionHandler((ex, cmd, parseResult) -> Outcome.of(ex, cmd.getCommandName()));
        return cli;
    }

    /**
     * The command named in {@code args}: the first argument that is not an option nor the value of one (a global
     * option that takes a value, given as two arguments, skips the next), if it is a command other than
     * {@code help}; else null.
     */
    static String commandName(CommandSpec top, String... args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                return null;
            }
            if (a.startsWith("-")) {
                OptionSpec option = a.contains("=") ? null : top.findOption(a);
                if (option != null && option.arity().min() > 0) {
                    i++;
                }
                continue;
            }
            for (Class<?> command : COMMANDS) {
                String name = command.getAnnotation(Command.class).name();
                if (name.equals(a) && !name.equals("help")) {
                    return name;
                }
            }
            return null;
        }
        return null;
    }

    /** Applies the global options given before the command name, then those given after it. */
    private void mergeGlobalOptions(ParseResult parsed) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            for (CommandSpec mixin : p.commandSpec().mixins().values()) {
                if (mixin.userObject() instanceof GlobalOptions.Part part) {
                    part.applyTo(global);
                }
            }
        }
    }
}
