package io.github.pplxexport.cli;

import io.github.pplxexport.json.PyJson;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;

/**
 * What the commands of asking, spaces and usage share (ask, models, mark-read, space-create, space-index, spaces,
 * usage-backfill): the global options and {@code --no-pacing}, the log set up under the command's name, the run
 * prepared from them ({@link OnlineRun}), and, for a command that is one route call, its answer printed as one line
 * of JSON on stdout.
 */
abstract class OnlineCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Spec
    CommandSpec spec;

    @Mixin
    PacingOption pacing;
    @Mixin
    GlobalOptions.All globals;

    @Override
    public final Integer call() throws Exception {
        Logging.configure(parent.global, spec.name());
        return run();
    }

    /** The command, after its log is set up; returns the exit code. */
    abstract int run() throws Exception;

    /** The run of the command line's options, its pacing and {@code flags} (they win); the session is checked. */
    OnlineRun online(Map<String, String> flags) {
        Map<String, String> all = new LinkedHashMap<>(pacing.properties());
        all.putAll(flags);
        return OnlineRun.prepare(parent.global, parent.global.skipAuthCheck, all);
    }

    OnlineRun online() {
        return online(Map.of());
    }

    /** The session check, then {@code request} (built for the account) sent to {@code endpoint}; its answer printed. */
    int printJson(String endpoint, Function<String, Object> request) {
        Map<?, ?> result = online().run(endpoint, request, Map.class);
        System.out.println(PyJson.compact(result));
        return PplxExportCli.EXIT_OK;
    }
}
