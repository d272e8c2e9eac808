package io.github.pplxexport.cookies;

import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;

/**
 * How the Chromium family encrypts a cookie value on Linux and macOS: {@code "v10"} or {@code "v11"}, then
 * AES-128-CBC with an IV of 16 spaces and PKCS#7 padding, under a key derived by PBKDF2-HMAC-SHA1 from a
 * password with the salt {@code saltysalt} (1 iteration on Linux, 1003 on macOS). The password of {@code v10} on
 * Linux is the fixed {@code peanuts}; of {@code v11}, the desktop keyring's; on macOS, the Keychain's. Since
 * database version 24 the clear text starts with the SHA-256 of the cookie's host (32 bytes), which is cut off.
 * The JDK's own crypto, nothing else.
 */
final class ChromiumCrypto {
    /** The {@code v10} password of Chromium on Linux without a keyring. */
    static final String LINUX_V10_PASSWORD = "peanuts";
    static final int LINUX_ITERATIONS = 1;
    static final int MAC_ITERATIONS = 1003;
    /** The database version from which values start with the host's SHA-256. */
    static final int DOMAIN_HASH_VERSION = 24;
    private static final byte[] SALT = "saltysalt".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] IV = "                ".getBytes(StandardCharsets.US_ASCII);

    private ChromiumCrypto() {
    }

    /** The AES-128 key of {@code password}. */
    static SecretKeySpec key(String password, int iterations) {
        try {
            PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), SALT, iterations, 128);
            byte[] k = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA1").generateSecret(spec).getEncoded();
            spec.clearPassword();
            return new SecretKeySpec(k, "AES");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2WithHmacSHA1 is part of every JDK", e);
        }
    }

    /** The version prefix of an encrypted value ({@code v10}, {@code v11}), "" when it has none. */
    static String version(byte[] encrypted) {
        if (encrypted == null || encrypted.length < 3) {
            return "";
        }
        String p = new String(encrypted, 0, 3, StandardCharsets.US_ASCII);
        return p.equals("v10") || p.equals("v11") ? p : "";
    }

    /**
     * The clear value; null when the key does not fit (bad padding or not UTF-8 text: the wrong password).
     *
     * @param dbVersion the {@code meta} table's version of the database
     */
    static String decrypt(byte[] encrypted, SecretKeySpec key, int dbVersion) {
        try {
            Cipher c = Cipher.getInstance("AES/CBC/PKCS5Padding");
            c.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(IV));
            byte[] clear = c.doFinal(encrypted, 3, encrypted.length - 3);
            if (dbVersion >= DOMAIN_HASH_VERSION) {
                if (clear.length < 32) {
                    return null;
                }
                clear = Arrays.copyOfRange(clear, 32, clear.length);
            }
            return utf8(clear);
        } catch (BadPaddingException | IllegalBlockSizeException e) {
            return null;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES/CBC/PKCS5Padding is part of every JDK", e);
        }
    }

    private static String utf8(byte[] b) {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(b)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            return null;
        }
    }
}
