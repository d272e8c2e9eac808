package io.github.pplxexport.cookies;

import io.github.pplxexport.api.Cookies;

import javax.crypto.spec.SecretKeySpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The Chromium family's {@code Cookies} database (table {@code cookies}) of the default profile ({@code Default},
 * Opera's user-data folder itself), or of the one {@code --browser-profile} names (a folder name of the user-data folder, or a path). Values are
 * decrypted with {@link ChromiumCrypto}: {@code v10} with the fixed Linux key or the macOS Keychain's, {@code v11}
 * with the desktop keyring's, asked only when such a value is there. Windows encrypts with DPAPI, which this
 * program cannot read: one line saying to use {@code --cookies FILE}.
 */
final class ChromiumStore {
    /** Chromium moved the database into Network/ (Windows first); both places are looked at. */
    private static final List<String> DB_PLACES = List.of("Cookies", "Network/Cookies");
    /** Microseconds between 1601-01-01 (Chromium's epoch) and 1970-01-01. */
    private static final long EPOCH_1601_MICROS = 11_644_473_600_000_000L;

    private ChromiumStore() {
    }

    /** A {@code --browser-profile} that is a path: the database in it (or the file itself); null for a name. */
    static Path givenPath(String profile, String... dbNames) throws CookieStoreException {
        if (profile == null || !(profile.contains("/") || profile.contains("\\") || Files.exists(Path.of(profile)))) {
            return null;
        }
        Path p = Path.of(profile).toAbsolutePath().normalize();
        if (Files.isRegularFile(p)) {
            return p;
        }
        for (String name : dbNames) {
            if (Files.isRegularFile(p.resolve(name))) {
                return p.resolve(name);
            }
        }
        throw new CookieStoreException("--browser-profile " + profile + ": no cookie database ("
                + String.join(" or ", dbNames) + ") there");
    }

    /** The cookie database of the chosen profile, or null when this desktop has no such browser profile. */
    static Path database(Browser browser, Desktop desktop, String profile) throws CookieStoreException {
        if (desktop.os() == Desktop.Os.WINDOWS) {
            throw new CookieStoreException(browser.label() + " encrypts its cookies on Windows with DPAPI, which"
                    + " pplx-export cannot read: " + CookieStoreException.INSTEAD);
        }
        Path given = givenPath(profile, DB_PLACES.toArray(String[]::new));
        if (given != null) {
            return given;
        }
        List<String> names = profile == null ? browser.defaultProfiles() : List.of(profile);
        for (Path root : browser.roots(desktop)) {
            for (String name : names) {
                for (String place : DB_PLACES) {
                    Path db = root.resolve(name).resolve(place);
                    if (Files.isRegularFile(db)) {
                        return db;
                    }
                }
            }
        }
        if (profile != null) {
            throw new CookieStoreException(browser.label() + " has no profile folder '" + profile + "' in "
                    + browser.roots(desktop).get(0));
        }
        return null;
    }

    /** The unexpired cookies of {@code database} that the API host gets, decrypted. */
    static List<Cookies.Cookie> read(Browser browser, Desktop desktop, Path database, String host, long nowSeconds)
            throws CookieStoreException {
        List<Cookies.Cookie> out = new ArrayList<>();
        Keys keys = new Keys(browser, desktop);
        try (StoreCopy copy = StoreCopy.open(database)) {
            int version = version(copy);
            try (PreparedStatement q = copy.connection().prepareStatement("SELECT host_key, name, value, encrypted_value,"
                    + " path, is_secure, is_httponly, expires_utc FROM cookies ORDER BY creation_utc");
                 ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    String domain = rs.getString(1);
                    String name = rs.getString(2);
                    long expires = rs.getLong(8);
                    Cookies.Cookie probe = new Cookies.Cookie(name, "", domain, !domain.startsWith("."), rs.getString(5),
                            rs.getInt(6) != 0, rs.getInt(7) != 0);
                    if (!probe.matchesHost(host) || (expires != 0 && (expires - EPOCH_1601_MICROS) / 1_000_000 <= nowSeconds)) {
                        continue;
                    }
                    String value = rs.getString(3);
                    if (value == null || value.isEmpty()) {
                        value = keys.decrypt(rs.getBytes(4), version, name);
                    }
                    out.add(new Cookies.Cookie(name, value, domain, probe.hostOnly(), probe.path(), probe.secure(),
                            probe.httpOnly()));
                }
            }
        } catch (SQLException e) {
            throw new CookieStoreException("cannot read the " + browser.label() + " cookie store " + database + ": "
                    + e.getMessage(), e);
        }
        return out;
    }

    private static int version(StoreCopy copy) throws SQLException {
        try (PreparedStatement q = copy.connection().prepareStatement("SELECT value FROM meta WHERE key = 'version'");
             ResultSet rs = q.executeQuery()) {
            return rs.next() ? Integer.parseInt(rs.getString(1).strip()) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The keys of one read, each asked for once and only when a value needs it. */
    private static final class Keys {
        private final Browser browser;
        private final Desktop desktop;
        private SecretKeySpec v10;
        private SecretKeySpec v11;

        Keys(Browser browser, Desktop desktop) {
            this.browser = browser;
            this.desktop = desktop;
        }

        String decrypt(byte[] encrypted, int dbVersion, String name) throws CookieStoreException {
            String prefix = ChromiumCrypto.version(encrypted);
            if (prefix.isEmpty()) {
                return "";
            }
            SecretKeySpec key = prefix.equals("v10") ? v10() : v11();
            String clear = ChromiumCrypto.decrypt(encrypted, key, dbVersion);
            if (clear == null) {
                throw new CookieStoreException("cannot decrypt the " + browser.label() + " cookie " + name + " ("
                        + prefix + "): the key does not fit; " + CookieStoreException.INSTEAD);
            }
            return clear;
        }

        private SecretKeySpec v10() throws CookieStoreException {
            if (v10 == null) {
                v10 = desktop.os() == Desktop.Os.MAC
                        ? ChromiumCrypto.key(Keyring.keychain(desktop, browser), ChromiumCrypto.MAC_ITERATIONS)
                        : ChromiumCrypto.key(ChromiumCrypto.LINUX_V10_PASSWORD, ChromiumCrypto.LINUX_ITERATIONS);
            }
            return v10;
        }

        private SecretKeySpec v11() throws CookieStoreException {
            if (v11 == null) {
                v11 = ChromiumCrypto.key(Keyring.secretService(desktop, browser), ChromiumCrypto.LINUX_ITERATIONS);
            }
            return v11;
        }
    }
}
