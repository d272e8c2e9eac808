package io.github.pplxexport.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/**
 * {@code debug-js CODE}: evaluates JavaScript in the browser's tab through the WebBridge daemon and prints the value
 * as JSON, cut at 5,000 characters (reference-cli-and-archive.md §2.18; route debug-js).
 */
@Command(name = "debug-js", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Evaluate JavaScript in the browser's tab through WebBridge.",
        description = "Sends CODE to the WebBridge daemon (--webbridge-url, default http://127.0.0.1:10086), which"
                + " evaluates it in the logged-in perplexity.ai tab, and prints the value as JSON (a string that reads"
                + " as JSON is printed parsed), cut at 5,000 characters. Reads no config and sends nothing to the API"
                + " but what CODE does.",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar debug-js 'document.title'",
                "  java -jar target/pplx-export.jar debug-js '(async () => (await fetch(\"/api/auth/session\")).status)()'"})
public class DebugJsCommand implements Callable<Integer> {
    @ParentCommand
    PplxExportCli parent;

    @Parameters(paramLabel = "CODE", description = "A JavaScript expression (an async IIFE for a fetch).")
    String code;

    @Mixin
    GlobalOptions.All globals;

    @Override
    public Integer call() {
        Logging.configure(parent.global, "debug-js");
        OnlineRun run = OnlineRun.webBridgeOnly(parent.global);
        System.out.println(run.run("direct:debug-js", account -> code, String.class));
        return PplxExportCli.EXIT_OK;
    }
}
