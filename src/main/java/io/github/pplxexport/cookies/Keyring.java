package io.github.pplxexport.cookies;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The password the Chromium family encrypts its cookies with, from where the desktop keeps it: the Secret Service
 * on Linux ({@code secret-tool lookup application <name>}) and the login Keychain on macOS
 * ({@code security find-generic-password -w -s "<Name> Safe Storage" -a "<Name>"}). The helper's output is the
 * secret: it is read, never logged; its error output is discarded.
 */
final class Keyring {
    private static final long TIMEOUT_SECONDS = 20;

    private Keyring() {
    }

    /**
     * Linux: the Secret Service's password for {@code browser}, under the first of its names that holds one; a
     * locked or missing keyring is one line.
     */
    static String secretService(Desktop desktop, Browser browser) throws CookieStoreException {
        List<String> apps = browser.secretServiceApps();
        String what = "the " + browser.label() + " key from the desktop keyring (secret-tool lookup application "
                + String.join(", then ", apps) + ")";
        for (String app : apps) {
            Optional<String> password = run(desktop, "secret-tool", what, "lookup", "application", app);
            if (password.isPresent()) {
                return password.get();
            }
        }
        throw noSuchKey(what);
    }

    /** macOS: the login Keychain's password for {@code browser}. */
    static String keychain(Desktop desktop, Browser browser) throws CookieStoreException {
        String service = browser.keychainName() + " Safe Storage";
        String what = "the " + browser.label() + " key from the login Keychain (" + service + ")";
        return run(desktop, "security", what, "find-generic-password", "-w", "-s", service, "-a", browser.keychainName())
                .orElseThrow(() -> noSuchKey(what));
    }

    private static CookieStoreException noSuchKey(String what) {
        return new CookieStoreException("cannot read " + what + ": the keyring is locked or holds no such key"
                + " (unlock it and try again), or " + CookieStoreException.INSTEAD);
    }

    /** The helper's password; empty when it answers that it has none (or the keyring stays locked). */
    private static Optional<String> run(Desktop desktop, String program, String what, String... args) throws CookieStoreException {
        Path exe = desktop.onPath(program);
        if (exe == null) {
            throw new CookieStoreException("cannot read " + what + ": " + program + " is not installed; "
                    + CookieStoreException.INSTEAD);
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(exe.toString());
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out;
            try (InputStream in = p.getInputStream()) {
                out = in.readAllBytes();
            }
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new CookieStoreException("cannot read " + what + ": no answer in " + TIMEOUT_SECONDS + " s; "
                        + CookieStoreException.INSTEAD);
            }
            String password = new String(out, StandardCharsets.UTF_8).strip();
            return p.exitValue() != 0 || password.isEmpty() ? Optional.empty() : Optional.of(password);
        } catch (IOException e) {
            throw new CookieStoreException("cannot read " + what + ": " + e.getMessage() + "; " + CookieStoreException.INSTEAD, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CookieStoreException("cannot read " + what + ": interrupted", e);
        }
    }
}
