package io.github.pplxexport.launcher;

import sun.misc.Signal;

import java.io.IOException;
import java.util.List;

/**
 * Passes SIGINT, SIGTERM and SIGHUP on to the child, so the pair behaves as one process: the child shuts
 * down as it would have, and the launcher, which ignores the signal itself, exits with the child's code.
 * A terminal's Ctrl-C reaches both processes anyway (same process group); a signal sent to the launcher's
 * pid alone reaches the child only through this.
 */
final class Signals {
    private static final List<String> FORWARDED = List.of("INT", "TERM", "HUP");

    private Signals() {
    }

    static void forwardTo(Process child) {
        for (String name : FORWARDED) {
            try {
                Signal.handle(new Signal(name), s -> send(child, name));
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // a signal this platform does not have: nothing to pass on
            }
        }
    }

    private static void send(Process child, String name) {
        if (!child.isAlive()) {
            return;
        }
        if (name.equals("TERM")) {
            child.destroy(); // SIGTERM
            return;
        }
        try {
            new ProcessBuilder("kill", "-" + name, Long.toString(child.pid())).inheritIO().start();
        } catch (IOException e) {
            child.destroy(); // no kill(1): a plain termination request is the closest
        }
    }
}
