package io.github.pplxexport.cookies;

import io.github.pplxexport.api.Cookies;

import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Safari's {@code Cookies.binarycookies} (macOS), values in clear, in its documented binary layout:
 * <ul>
 *   <li>file: magic {@code cook}, the number of pages and each page's size (big-endian 32-bit), the pages, then a
 *       checksum and a footer (not needed to read);</li>
 *   <li>page: {@code 00 00 01 00}, the number of cookies and each cookie's offset in the page (little-endian
 *       32-bit), {@code 00 00 00 00};</li>
 *   <li>cookie (little-endian): size, version, flags (1 secure, 4 HttpOnly), a reserved word, the offsets in the
 *       record of its domain, name, path and value (NUL-terminated UTF-8), the comment's offset and an end word, then
 *       the expiry and the creation as doubles in Mac absolute time (seconds since 2001-01-01 UTC).</li>
 * </ul>
 * A file that does not follow the layout is one line, never a crash.
 */
final class SafariStore {
    static final String FILE = "Cookies.binarycookies";
    /** Seconds from 1970-01-01 to 2001-01-01 (Mac absolute time's epoch). */
    static final long MAC_EPOCH = 978_307_200L;
    private static final int SECURE = 1;
    private static final int HTTP_ONLY = 4;

    private SafariStore() {
    }

    /** The store ({@code --browser-profile} may only be its path); null when this desktop has none. */
    static Path database(Desktop desktop, String profile) throws CookieStoreException {
        Path given = ChromiumStore.givenPath(profile, FILE);
        if (given != null) {
            return given;
        }
        if (profile != null) {
            throw new CookieStoreException("Safari has no named profiles: give --browser-profile the path of its " + FILE);
        }
        for (Path root : Browser.SAFARI.roots(desktop)) {
            if (Files.isRegularFile(root.resolve(FILE))) {
                return root.resolve(FILE);
            }
        }
        return null;
    }

    /** The unexpired cookies of {@code file} that the API host gets. */
    static List<Cookies.Cookie> read(Path file, String host, long nowSeconds) throws CookieStoreException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (AccessDeniedException e) {
            throw new CookieStoreException("cannot read the Safari cookie store " + file + ": macOS lets only programs with"
                    + " Full Disk Access read it (System Settings, Privacy & Security: add the terminal), or "
                    + CookieStoreException.INSTEAD, e);
        } catch (IOException e) {
            throw new CookieStoreException("cannot read the Safari cookie store " + file + ": " + e.getMessage(), e);
        }
        try {
            List<Cookies.Cookie> out = new ArrayList<>();
            for (Cookies.Cookie c : parse(bytes, nowSeconds)) {
                if (c.matchesHost(host)) {
                    out.add(c);
                }
            }
            return out;
        } catch (BufferUnderflowException | IndexOutOfBoundsException | IllegalArgumentException e) {
            throw new CookieStoreException("cannot read the Safari cookie store " + file + ": not a " + FILE + " file ("
                    + (e.getMessage() == null ? "cut short" : e.getMessage()) + "); " + CookieStoreException.INSTEAD, e);
        }
    }

    /** Every unexpired cookie of the file. */
    static List<Cookies.Cookie> parse(byte[] bytes, long nowSeconds) {
        ByteBuffer file = ByteBuffer.wrap(bytes).order(ByteOrder.BIG_ENDIAN);
        byte[] magic = new byte[4];
        file.get(magic);
        if (!"cook".equals(new String(magic, StandardCharsets.US_ASCII))) {
            throw new IllegalArgumentException("no 'cook' magic");
        }
        int pages = file.getInt();
        if (pages < 0 || pages > bytes.length / 4) {
            throw new IllegalArgumentException(pages + " pages");
        }
        int[] sizes = new int[pages];
        for (int i = 0; i < pages; i++) {
            sizes[i] = file.getInt();
        }
        List<Cookies.Cookie> out = new ArrayList<>();
        int at = file.position();
        for (int size : sizes) {
            if (size < 0 || at + size > bytes.length) {
                throw new IllegalArgumentException("a page past the end");
            }
            page(ByteBuffer.wrap(bytes, at, size).slice().order(ByteOrder.LITTLE_ENDIAN), nowSeconds, out);
            at += size;
        }
        return out;
    }

    private static void page(ByteBuffer page, long nowSeconds, List<Cookies.Cookie> out) {
        if (page.order(ByteOrder.BIG_ENDIAN).getInt(0) != 0x100) {
            throw new IllegalArgumentException("a page without its 00 00 01 00 header");
        }
        page.order(ByteOrder.LITTLE_ENDIAN).position(4);
        int count = page.getInt();
        if (count < 0 || count > page.limit() / 4) {
            throw new IllegalArgumentException(count + " cookies in a page");
        }
        int[] offsets = new int[count];
        for (int i = 0; i < count; i++) {
            offsets[i] = page.getInt();
        }
        for (int offset : offsets) {
            int size = page.getInt(offset);
            if (size < 56 || offset + size > page.limit()) {
                throw new IllegalArgumentException("a cookie record past its page");
            }
            ByteBuffer r = page.slice(offset, size).order(ByteOrder.LITTLE_ENDIAN);
            int flags = r.getInt(8);
            long expiry = MAC_EPOCH + (long) r.getDouble(40);
            if (expiry <= nowSeconds) {
                continue;
            }
            String domain = string(r, r.getInt(16));
            out.add(new Cookies.Cookie(string(r, r.getInt(20)), string(r, r.getInt(28)), domain, !domain.startsWith("."),
                    string(r, r.getInt(24)), (flags & SECURE) != 0, (flags & HTTP_ONLY) != 0));
        }
    }

    /** The NUL-terminated UTF-8 string at {@code offset} of the record. */
    private static String string(ByteBuffer record, int offset) {
        if (offset < 0 || offset >= record.limit()) {
            throw new IllegalArgumentException("a string offset past its cookie");
        }
        int end = offset;
        while (end < record.limit() && record.get(end) != 0) {
            end++;
        }
        if (end == record.limit()) {
            throw new IllegalArgumentException("a string without its NUL");
        }
        byte[] b = new byte[end - offset];
        record.get(offset, b);
        return new String(b, StandardCharsets.UTF_8);
    }
}
