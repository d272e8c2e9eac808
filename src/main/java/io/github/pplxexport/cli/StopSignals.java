package io.github.pplxexport.cli;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (SIGINT) and SIGTERM, in the process that runs the pipeline: the one place that receives them.
 *
 * <p>Why own handlers and not a JVM shutdown hook: a hook cannot tell which signal came (the exit code must be
 * 130 for SIGINT, 143 for SIGTERM) and runs only once the JVM is already exiting, while the command still has to
 * write its one line of what was done and what is left. So {@link #install()} replaces the JVM's handlers of INT
 * and TERM: the first signal stops the running pipeline ({@link #stopWith}: the Camel context stops, the HTTP
 * call in flight and any pacing or backoff wait are abandoned), the command returns normally with its line, and
 * {@code main} exits with {@link #exitCode}. With no pipeline running the signal exits at once, as the JVM's own
 * handler would. A stop that takes longer than {@link #GRACE_MILLIS} halts the process (the state file was saved
 * after the last finished thread; every write is atomic); a second signal halts it at once.
 *
 * <p>A launcher that runs the pipeline in another process forwards the signal it gets to it ({@code kill -INT} /
 * {@code -TERM <pid>}) and exits with the child's code; a copy that arrives within {@link #SAME_SIGNAL_MILLIS} of the
 * first counts once (Ctrl-C in a terminal reaches both processes, then the launcher forwards it). A launcher that
 * runs the pipeline in its own process calls {@link #raise}.
 */
public final class StopSignals {
    private static final Logger LOG = LoggerFactory.getLogger("pplx");
    /** From the signal to a forced exit: the issue asks for an exit within 5 s. */
    static final long GRACE_MILLIS = 4000;
    /** A second signal sooner than this is the same stop (forwarded by a launcher), not a demand to halt. */
    static final long SAME_SIGNAL_MILLIS = 1000;

    private static volatile String received;
    private static long receivedAt;
    private static volatile Runnable pipeline;
    private static boolean installed;

    private StopSignals() {
    }

    /** Handles INT and TERM from now on (once per process; tests that call the CLI in-process never install). */
    public static synchronized void install() {
        if (installed) {
            return;
        }
        installed = true;
        for (String name : new String[]{"INT", "TERM"}) {
            try {
                Signal.handle(new Signal(name), s -> raise(s.getName()));
            } catch (IllegalArgumentException ignoredByTheParent) {
                // started with the signal ignored (nohup, a background job of a script): leave it ignored
                LOG.debug("SIG{} not handled: {}", name, ignoredByTheParent.getMessage());
            }
        }
    }

    /**
     * What a signal does: the first stops the running pipeline (or exits when none runs), a second one halts.
     *
     * @param name {@code INT} or {@code TERM}
     */
    public static void raise(String name) {
        String first;
        synchronized (StopSignals.class) {
            first = received;
            if (first == null) {
                received = name;
                receivedAt = System.nanoTime();
            } else if (System.nanoTime() - receivedAt < TimeUnit.MILLISECONDS.toNanos(SAME_SIGNAL_MILLIS)) {
                return;
            }
        }
        if (first != null) {
            Runtime.getRuntime().halt(code(first));
            return;
        }
        Runnable stop = pipeline;
        if (stop == null) {
            new Thread(() -> System.exit(code(name)), "pplx-exit").start();
            return;
        }
        Thread watchdog = new Thread(() -> {
            try {
                TimeUnit.MILLISECONDS.sleep(GRACE_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            LOG.error("stopped by SIG{}: the pipeline did not stop within {} s; exiting now (the state was saved after"
                    + " the last finished thread)", name, GRACE_MILLIS / 1000);
            Runtime.getRuntime().halt(code(name));
        }, "pplx-stop-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        Thread stopper = new Thread(stop, "pplx-stop");
        stopper.setDaemon(true);
        stopper.start();
    }

    /**
     * The pipeline a signal stops from now on (the latest started one). If a signal came while it was starting,
     * it is stopped at once.
     */
    public static void stopWith(Runnable stop) {
        pipeline = stop;
        if (received != null) {
            Thread stopper = new Thread(stop, "pplx-stop");
            stopper.setDaemon(true);
            stopper.start();
        }
    }

    /** The signal that stopped this run ({@code INT} or {@code TERM}), if one came. */
    public static Optional<String> received() {
        return Optional.ofNullable(received);
    }

    /** The exit code: 130 after SIGINT, 143 after SIGTERM (128 + the signal's number, as a shell reports it), else {@code normal}. */
    public static int exitCode(int normal) {
        String s = received;
        return s == null ? normal : code(s);
    }

    private static int code(String signal) {
        return "INT".equals(signal) ? 130 : 143;
    }
}
