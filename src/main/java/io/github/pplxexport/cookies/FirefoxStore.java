package io.github.pplxexport.cookies;

import io.github.pplxexport.api.Cookies;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Firefox's {@code cookies.sqlite} (table {@code moz_cookies}, values in clear): the default profile of
 * {@code profiles.ini} (the {@code [Install…]} section's {@code Default}, else the profile marked
 * {@code Default=1}, else the first), or the one {@code --browser-profile} names (its {@code Name}, its folder
 * name, or a path).
 */
final class FirefoxStore {
    private FirefoxStore() {
    }

    /** The cookie database of the chosen profile, or null when this desktop has no Firefox profile. */
    static Path database(Desktop desktop, String profile) throws CookieStoreException {
        Path given = ChromiumStore.givenPath(profile, "cookies.sqlite");
        if (given != null) {
            return given;
        }
        for (Path root : Browser.FIREFOX.roots(desktop)) {
            Path ini = root.resolve("profiles.ini");
            if (!Files.isRegularFile(ini)) {
                continue;
            }
            Path dir = profileDir(root, ini, profile);
            if (dir != null && Files.isRegularFile(dir.resolve("cookies.sqlite"))) {
                return dir.resolve("cookies.sqlite");
            }
            if (profile != null) {
                throw new CookieStoreException("Firefox has no profile named '" + profile + "' in " + ini);
            }
        }
        return null;
    }

    /** The profile folder profiles.ini names (the default, or the one called {@code wanted}), or null. */
    static Path profileDir(Path root, Path ini, String wanted) throws CookieStoreException {
        Map<String, Map<String, String>> sections;
        try {
            sections = ini(Files.readAllLines(ini, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new CookieStoreException("cannot read " + ini + ": " + e.getMessage(), e);
        }
        List<Map<String, String>> profiles = new ArrayList<>();
        String installDefault = null;
        for (Map.Entry<String, Map<String, String>> s : sections.entrySet()) {
            if (s.getKey().startsWith("Profile") && s.getValue().containsKey("Path")) {
                profiles.add(s.getValue());
            } else if (s.getKey().startsWith("Install") && installDefault == null) {
                installDefault = s.getValue().get("Default");
            }
        }
        Map<String, String> chosen = null;
        for (Map<String, String> p : profiles) {
            String folder = Path.of(p.get("Path")).getFileName().toString();
            if (wanted != null ? wanted.equals(p.get("Name")) || wanted.equals(folder)
                    : installDefault != null ? installDefault.equals(p.get("Path")) : "1".equals(p.get("Default"))) {
                chosen = p;
                break;
            }
        }
        if (chosen == null && wanted == null && !profiles.isEmpty()) {
            chosen = profiles.get(0);
        }
        if (chosen == null) {
            return null;
        }
        Path path = Path.of(chosen.get("Path"));
        return "0".equals(chosen.get("IsRelative")) ? path : root.resolve(chosen.get("Path"));
    }

    private static Map<String, Map<String, String>> ini(List<String> lines) {
        Map<String, Map<String, String>> sections = new LinkedHashMap<>();
        Map<String, String> current = null;
        for (String raw : lines) {
            String line = raw.strip();
            if (line.startsWith("[") && line.endsWith("]")) {
                current = sections.computeIfAbsent(line.substring(1, line.length() - 1), k -> new LinkedHashMap<>());
            } else if (current != null && line.contains("=") && !line.startsWith(";") && !line.startsWith("#")) {
                int eq = line.indexOf('=');
                current.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
            }
        }
        return sections;
    }

    /** The unexpired cookies of {@code database} that the API host gets. */
    static List<Cookies.Cookie> read(Path database, String host, long nowSeconds) throws CookieStoreException {
        List<Cookies.Cookie> out = new ArrayList<>();
        try (StoreCopy copy = StoreCopy.open(database);
             PreparedStatement q = copy.connection().prepareStatement(
                     "SELECT host, name, value, path, isSecure, isHttpOnly, expiry FROM moz_cookies ORDER BY id");
             ResultSet rs = q.executeQuery()) {
            while (rs.next()) {
                String domain = rs.getString(1);
                long expiry = rs.getLong(7);
                // newer Firefox stores the expiry in milliseconds
                long expirySeconds = expiry > 100_000_000_000L ? expiry / 1000 : expiry;
                Cookies.Cookie c = new Cookies.Cookie(rs.getString(2), rs.getString(3), domain, !domain.startsWith("."),
                        rs.getString(4), rs.getInt(5) != 0, rs.getInt(6) != 0);
                if (c.matchesHost(host) && (expirySeconds == 0 || expirySeconds > nowSeconds)) {
                    out.add(c);
                }
            }
        } catch (SQLException e) {
            throw new CookieStoreException("cannot read the Firefox cookie store " + database + ": " + e.getMessage(), e);
        }
        return out;
    }
}
