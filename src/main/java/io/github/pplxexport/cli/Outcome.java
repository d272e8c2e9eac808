package io.github.pplxexport.cli;

import io.github.pplxexport.camel.ApiErrors;
import io.github.pplxexport.camel.PplxRuntime;
import io.github.pplxexport.config.ConfigException;
import io.github.pplxexport.export.BatchSummary;
import io.github.pplxexport.export.RunAbortedException;
import io.github.pplxexport.library.MissingIndexException;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.CamelExchangeException;
import org.apache.camel.RuntimeCamelException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.InvocationTargetException;

/**
 * How a command ended, as its one console line and its exit code: the only place that maps outcomes to codes.
 * 0 all good; 1 some threads failed (the others were exported); 2 a usage or configuration problem (a flag, the
 * config, the cookie file, no library index, a pipeline that cannot start); 3 aborted (auth failures, a Cloudflare
 * challenge, the wrong account's cookie, the API cannot be reached, a session check or listing that failed after
 * its retries); 130 / 143 stopped by Ctrl-C / SIGTERM.
 */
final class Outcome {
    private static final Logger LOG = LoggerFactory.getLogger("pplx");

    private Outcome() {
    }

    /** The API did not answer at all (after the retries): the base URL and why. */
    static final class Unreachable extends RuntimeException {
        Unreachable(String baseUrl, String why, Throwable cause) {
            super("cannot reach " + baseUrl + " (" + why + ")", cause);
        }

        /** {@code what} is not the API (the WebBridge daemon): the line ends with what to do. */
        Unreachable(String what, String why, String hint, Throwable cause) {
            super("cannot reach " + what + " (" + why + "): " + hint, cause);
        }
    }

    /**
     * A batch-like run's summary: stopped (the line of what is left), some threads failed or asset versions could
     * not be downloaded (exit 1: the next run has work), or all good.
     */
    static int of(BatchSummary s, String command) {
        if (s.stopped()) {
            return stopped(s.progress(), command);
        }
        return s.failures() ? PplxExportCli.EXIT_THREADS_FAILED : PplxExportCli.EXIT_OK;
    }

    /**
     * {@code stopped by SIGTERM: 12 of 40 exported, 28 left; run sync again to continue} ({@code command} null:
     * the service, which has nothing to continue).
     */
    static int stopped(String what, String command) {
        String signal = StopSignals.received().orElse("TERM");
        LOG.info("stopped by SIG{}: {}{}", signal, what, command == null ? "" : "; run " + command + " again to continue");
        return StopSignals.exitCode(PplxExportCli.EXIT_ABORTED);
    }

    /** A command that failed as a whole: one line (the stack trace only with -v) and its code. */
    static int of(Throwable failure, String command) {
        Throwable e = unwrap(failure);
        if (StopSignals.received().isPresent()) {
            Logging.debug("failure while stopping", e);
            // the service has nothing to continue: it is started again
            return stopped(command + " did not finish", "run".equals(command) ? null : command);
        }
        int code;
        String line;
        if (e instanceof UsageException || e instanceof ConfigException || e instanceof MissingIndexException
                || e instanceof PplxRuntime.StartFailure) {
            code = PplxExportCli.EXIT_USAGE;
            line = message(e);
        } else if (e instanceof RunAbortedException) {
            code = PplxExportCli.EXIT_ABORTED;
            line = "aborted: " + message(e);
        } else if (e instanceof Unreachable) {
            code = PplxExportCli.EXIT_ABORTED;
            line = message(e);
        } else {
            code = PplxExportCli.EXIT_ABORTED;
            line = e instanceof Exception x ? "aborted: " + new ApiErrors().line(x) : message(e);
        }
        LOG.error(line);
        Logging.debug("stack trace", failure);
        return code;
    }

    /** The failure itself, out of Camel's and reflection's wrappers. */
    static Throwable unwrap(Throwable failure) {
        Throwable e = failure;
        while ((e instanceof CamelExecutionException || e instanceof CamelExchangeException || e instanceof RuntimeCamelException
                || e instanceof InvocationTargetException) && e.getCause() != null && e.getCause() != e) {
            e = e.getCause();
        }
        return e;
    }

    private static String message(Throwable e) {
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }
}
