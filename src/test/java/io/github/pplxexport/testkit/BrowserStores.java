package io.github.pplxexport.testkit;

import javax.crypto.Cipher;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Real browser cookie stores, built the way the browsers write them, in a test's temp HOME: Firefox's profiles.ini
 * and cookies.sqlite (values in clear), the Chromium family's Cookies database with values encrypted under a known
 * password (AES-128-CBC, PBKDF2-HMAC-SHA1 with salt "saltysalt", IV of 16 spaces, written here with the JDK's crypto,
 * independently of the code under test), Safari's Cookies.binarycookies in its binary layout, and fake
 * {@code secret-tool} / {@code security} programs on a test PATH.
 */
public final class BrowserStores {
    private BrowserStores() {
    }

    /** One cookie as a browser stores it: host (".perplexity.ai" for a domain cookie), name, value. */
    public record C(String host, String name, String value) {
    }

    /** {@code <root>/profiles.ini} naming {@code folder} as the default profile, and its cookies.sqlite. */
    public static Path firefox(Path root, String folder, List<C> cookies) throws IOException, SQLException {
        Path profile = Files.createDirectories(root.resolve(folder));
        Files.writeString(root.resolve("profiles.ini"), "[Profile1]\nName=other\nIsRelative=1\nPath=other.profile\n\n"
                + "[Profile0]\nName=default-release\nIsRelative=1\nPath=" + folder + "\nDefault=1\n\n"
                + "[General]\nStartWithLastProfile=1\nVersion=2\n", StandardCharsets.UTF_8);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + profile.resolve("cookies.sqlite"));
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE moz_cookies (id INTEGER PRIMARY KEY, originAttributes TEXT NOT NULL DEFAULT '',"
                    + " name TEXT, value TEXT, host TEXT, path TEXT, expiry INTEGER, lastAccessed INTEGER,"
                    + " creationTime INTEGER, isSecure INTEGER, isHttpOnly INTEGER, inBrowserElement INTEGER DEFAULT 0,"
                    + " sameSite INTEGER DEFAULT 0, rawSameSite INTEGER DEFAULT 0, schemeMap INTEGER DEFAULT 0)");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO moz_cookies (name, value, host, path, expiry,"
                    + " lastAccessed, creationTime, isSecure, isHttpOnly) VALUES (?, ?, ?, '/', ?, 0, 0, 1, 1)")) {
                for (C k : cookies) {
                    p.setString(1, k.name());
                    p.setString(2, k.value());
                    p.setString(3, k.host());
                    p.setLong(4, 4_102_444_800L);
                    p.executeUpdate();
                }
            }
        }
        return profile;
    }

    /**
     * {@code <userData>/<profile>/Cookies} of database {@code version} (24 and later: the value starts with the
     * SHA-256 of its host), each value encrypted with {@code prefix} ("v10"/"v11") under {@code password}
     * ({@code iterations} 1 on Linux, 1003 on macOS).
     */
    public static Path chromium(Path userData, String profile, int version, String prefix, String password, int iterations,
                                List<C> cookies) throws IOException, SQLException, GeneralSecurityException {
        Path dir = Files.createDirectories(userData.resolve(profile));
        Path db = dir.resolve("Cookies");
        SecretKeySpec key = new SecretKeySpec(SecretKeyFactory.getInstance("PBKDF2WithHmacSHA1").generateSecret(
                new PBEKeySpec(password.toCharArray(), "saltysalt".getBytes(StandardCharsets.US_ASCII), iterations, 128))
                .getEncoded(), "AES");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE meta (key LONGVARCHAR NOT NULL UNIQUE PRIMARY KEY, value LONGVARCHAR)");
            s.execute("INSERT INTO meta VALUES ('version', '" + version + "'), ('last_compatible_version', '" + version + "')");
            s.execute("CREATE TABLE cookies (creation_utc INTEGER NOT NULL, host_key TEXT NOT NULL, top_frame_site_key TEXT"
                    + " NOT NULL DEFAULT '', name TEXT NOT NULL, value TEXT NOT NULL, encrypted_value BLOB NOT NULL, path TEXT"
                    + " NOT NULL, expires_utc INTEGER NOT NULL, is_secure INTEGER NOT NULL, is_httponly INTEGER NOT NULL,"
                    + " last_access_utc INTEGER NOT NULL, has_expires INTEGER NOT NULL DEFAULT 1, is_persistent INTEGER NOT"
                    + " NULL DEFAULT 1, priority INTEGER NOT NULL DEFAULT 1, samesite INTEGER NOT NULL DEFAULT -1)");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO cookies (creation_utc, host_key, name, value,"
                    + " encrypted_value, path, expires_utc, is_secure, is_httponly, last_access_utc)"
                    + " VALUES (?, ?, ?, '', ?, '/', ?, 1, 1, 0)")) {
                long t = 13_300_000_000_000_000L;
                for (C k : cookies) {
                    p.setLong(1, t++);
                    p.setString(2, k.host());
                    p.setString(3, k.name());
                    p.setBytes(4, encrypt(prefix, k.value(), key, version >= 24 ? sha256(k.host()) : new byte[0]));
                    p.setLong(5, 13_500_000_000_000_000L);
                    p.executeUpdate();
                }
            }
        }
        return db;
    }

    /** A Safari cookie: a {@link C}, its flags (1 secure, 4 HttpOnly) and its expiry (Unix seconds). */
    public record SafariCookie(C cookie, int flags, long expires) {
    }

    /**
     * {@code file} as Safari writes Cookies.binarycookies: magic "cook", the page count and sizes (big-endian), each
     * page ({@code 00 00 01 00}, its cookie count and offsets little-endian, {@code 00 00 00 00}, the records), the
     * checksum (the sum of every fourth byte of each page), the footer {@code 07 17 20 05 00 00 00 4b}. A record:
     * size, version, flags, a reserved word, the offsets of domain, name, path and value, comment offset and end word
     * (0), expiry and creation as little-endian doubles in Mac absolute time (seconds since 2001-01-01), the strings
     * NUL-terminated. {@code pages} lists the cookies of each page.
     */
    public static Path safari(Path file, List<List<SafariCookie>> pages) throws IOException {
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        List<byte[]> built = new java.util.ArrayList<>();
        for (List<SafariCookie> page : pages) {
            List<byte[]> records = new java.util.ArrayList<>();
            for (SafariCookie k : page) {
                byte[][] strings = {z(k.cookie().host()), z(k.cookie().name()), z("/"), z(k.cookie().value())};
                int size = 56;
                for (byte[] b : strings) {
                    size += b.length;
                }
                java.nio.ByteBuffer r = java.nio.ByteBuffer.allocate(size).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                r.putInt(size).putInt(0).putInt(k.flags()).putInt(0);
                int at = 56;
                for (byte[] b : strings) {
                    r.putInt(at);
                    at += b.length;
                }
                r.putInt(0).putInt(0);
                r.putDouble(k.expires() - 978_307_200L).putDouble(1_700_000_000L - 978_307_200L);
                for (byte[] b : strings) {
                    r.put(b);
                }
                records.add(r.array());
            }
            int head = 4 + 4 + 4 * records.size() + 4;
            int size = head + records.stream().mapToInt(b -> b.length).sum();
            java.nio.ByteBuffer p = java.nio.ByteBuffer.allocate(size);
            p.order(java.nio.ByteOrder.BIG_ENDIAN).putInt(0x100);
            p.order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(records.size());
            int at = head;
            for (byte[] r : records) {
                p.putInt(at);
                at += r.length;
            }
            p.putInt(0);
            records.forEach(p::put);
            built.add(p.array());
        }
        java.io.DataOutputStream out = new java.io.DataOutputStream(body);
        out.writeBytes("cook");
        out.writeInt(built.size());
        for (byte[] p : built) {
            out.writeInt(p.length);
        }
        int checksum = 0;
        for (byte[] p : built) {
            out.write(p);
            for (int i = 0; i < p.length; i += 4) {
                checksum += p[i] & 0xff;
            }
        }
        out.writeInt(checksum);
        out.write(new byte[] {0x07, 0x17, 0x20, 0x05, 0x00, 0x00, 0x00, 0x4b});
        Files.createDirectories(file.getParent());
        Files.write(file, body.toByteArray());
        return file;
    }

    private static byte[] z(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return java.util.Arrays.copyOf(b, b.length + 1);
    }

    private static byte[] encrypt(String prefix, String value, SecretKeySpec key, byte[] head) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/CBC/PKCS5Padding");
        cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec("                ".getBytes(StandardCharsets.US_ASCII)));
        byte[] v = value.getBytes(StandardCharsets.UTF_8);
        byte[] clear = new byte[head.length + v.length];
        System.arraycopy(head, 0, clear, 0, head.length);
        System.arraycopy(v, 0, clear, head.length, v.length);
        byte[] enc = cipher.doFinal(clear);
        byte[] out = new byte[3 + enc.length];
        System.arraycopy(prefix.getBytes(StandardCharsets.US_ASCII), 0, out, 0, 3);
        System.arraycopy(enc, 0, out, 3, enc.length);
        return out;
    }

    private static byte[] sha256(String s) throws GeneralSecurityException {
        return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A fake helper program {@code bin/name} that prints {@code output} when its arguments are exactly
     * {@code expectedArgs}, and fails (exit 1, nothing printed: a locked keyring) otherwise or when output is null.
     */
    public static Path program(Path bin, String name, String expectedArgs, String output) throws IOException {
        Files.createDirectories(bin);
        Path p = bin.resolve(name);
        String body = output == null ? "exit 1\n"
                : "if [ \"$*\" = '" + expectedArgs + "' ]; then printf '%s\\n' '" + output + "'; exit 0; fi\nexit 1\n";
        Files.writeString(p, "#!/bin/sh\n" + body, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }
}
