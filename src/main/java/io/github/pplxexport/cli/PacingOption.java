package io.github.pplxexport.cli;

import picocli.CommandLine.Option;

import java.util.Map;

/** {@code --no-pacing}: no pauses between API calls, for a local replay API. */
public class PacingOption {
    /** Every pause of application.properties' pacing at zero (the retry backoff is kept). */
    static final Map<String, String> NO_PACING = Map.of(
            "pplx.pacing.thread-delay-min-ms", "0",
            "pplx.pacing.thread-delay-max-ms", "0",
            "pplx.pacing.page-delay-ms", "0",
            "pplx.pacing.blocks-delay-ms", "0",
            "pplx.pacing.asset-delay-ms", "0");

    @Option(names = "--no-pacing", description = "No pause between threads, pages, fetches and asset downloads: for a replay API on"
            + " this machine. Against the real site keep the pauses (it rate-limits and may block the account).")
    boolean off;

    /** The pacing settings this flag asks for (none when it is not given). */
    Map<String, String> properties() {
        return off ? NO_PACING : Map.of();
    }
}
