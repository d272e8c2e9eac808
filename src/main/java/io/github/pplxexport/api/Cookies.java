package io.github.pplxexport.api;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A {@code --cookies FILE} (reference-cli-and-archive.md §5.5, reference-behaviour.md §1.0 and
 * Appendix A): a Netscape cookies.txt (comments skipped, the {@code #HttpOnly_} prefix restored as a
 * cookie line) or a JSON export (a list of {@code {name, value, domain, ...}} objects, or
 * {@code {"cookies": [...]}}), turned into the {@code Cookie} header ({@code name=value} joined by
 * {@code "; "}) for one host.
 *
 * <p>Only cookies whose domain matches the host go out, so perplexity.ai cookies reach the API host
 * and never a CDN or asset host. Values are secrets: no {@code toString} and no error message here
 * ever contains one.
 */
public final class Cookies {

    /** The cookie that carries the login (reference-cli-and-archive.md §5.4–5.5); the others are optional. */
    public static final String SESSION_COOKIE = "__Secure-next-auth.session-token";

    /**
     * The per-account session tokens of one browser login, {@code __Secure-pplx.session.<uid>}: putting one's value
     * into {@link #SESSION_COOKIE} switches to that account (reference-cli-and-archive.md §5.4).
     */
    public static final String ACCOUNT_TOKEN_PREFIX = "__Secure-pplx.session.";

    /** Default domain for a JSON entry without one: the file is a Perplexity cookie export. */
    static final String DEFAULT_DOMAIN = ".perplexity.ai";

    /**
     * One cookie. {@code domain} is kept as written; {@code hostOnly} cookies match their exact host,
     * the others also every subdomain.
     */
    public record Cookie(String name, String value, String domain, boolean hostOnly, String path,
                         boolean secure, boolean httpOnly) {

        /** RFC 6265 domain matching, on a dot boundary ({@code evilperplexity.ai} is no subdomain). */
        public boolean matchesHost(String host) {
            String h = normaliseHost(host);
            String d = bareDomain();
            if (h.isEmpty() || d.isEmpty()) {
                return false;
            }
            if (hostOnly) {
                return h.equals(d);
            }
            // a domain cookie for a bare top-level name (".ai") is never sent, as browsers refuse it
            return d.indexOf('.') > 0 && (h.equals(d) || h.endsWith("." + d));
        }

        String bareDomain() {
            String d = domain.toLowerCase(Locale.ROOT);
            return d.startsWith(".") ? d.substring(1) : d;
        }

        @Override
        public String toString() {
            return "Cookie[" + name + " @ " + domain + (hostOnly ? " (host only)" : "") + ", value hidden]";
        }
    }

    /** The cookie file cannot be read as either format; the message never quotes file content. */
    public static final class FormatException extends RuntimeException {
        public FormatException(String message) {
            super(message);
        }
    }

    private final List<Cookie> cookies;
    private final String source;

    private Cookies(List<Cookie> cookies, String source) {
        this.cookies = List.copyOf(cookies);
        this.source = source;
    }

    /** Cookies read elsewhere (a browser's store); {@code source} is how logs name them. */
    public static Cookies of(List<Cookie> cookies, String source) {
        List<Cookie> out = new ArrayList<>();
        cookies.forEach(c -> add(out, c));
        return new Cookies(out, source);
    }

    /**
     * The same cookies where every {@code name} cookie that {@code host} gets has {@code value} (one is added for
     * the host when none does): how the session cookie is switched to another account's token.
     */
    public Cookies withValue(String name, String value, String host) {
        List<Cookie> out = new ArrayList<>();
        boolean replaced = false;
        for (Cookie c : cookies) {
            if (c.name().equals(name) && c.matchesHost(host)) {
                out.add(new Cookie(name, value, c.domain(), c.hostOnly(), c.path(), c.secure(), c.httpOnly()));
                replaced = true;
            } else {
                out.add(c);
            }
        }
        if (!replaced) {
            out.add(new Cookie(name, value, normaliseHost(host), true, "/", true, true));
        }
        return new Cookies(out, source);
    }

    /** Reads a cookie file; the format is told from its first non-blank character. */
    public static Cookies parse(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), "file:" + file);
    }

    /**
     * Reads {@code --cookies FILE}; every failure is an exception whose message is one line for the user
     * naming the file ("cookie file not found: X", "cannot read cookie file X: ...", a format problem).
     */
    public static Cookies read(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new IOException("cookie file not found: " + file);
        }
        if (Files.isDirectory(file)) {
            throw new IOException("cannot read cookie file " + file + ": it is a folder");
        }
        try {
            return parse(file);
        } catch (MalformedInputException e) {
            throw new IOException("cannot read cookie file " + file + ": not UTF-8 text", e);
        } catch (AccessDeniedException e) {
            throw new IOException("cannot read cookie file " + file + ": permission denied", e);
        }
    }

    /**
     * A warning when the file cannot log anyone in: it held no cookie at all (wrong file or format), or
     * none named {@link #SESSION_COOKIE}. Names only cookie names and the file, never a value.
     */
    public Optional<String> sessionWarning() {
        if (cookies.isEmpty()) {
            return Optional.of("0 cookies read from " + source + ": expected a Netscape cookies.txt (tab-separated"
                    + " lines) or a JSON cookie export holding " + SESSION_COOKIE);
        }
        if (cookies.stream().noneMatch(c -> c.name().equals(SESSION_COOKIE))) {
            return Optional.of(cookies.size() + " cookie(s) read from " + source + ", but no " + SESSION_COOKIE
                    + ": export the cookies of perplexity.ai while logged in");
        }
        return Optional.empty();
    }

    /** Parses cookie-file text; {@code source} is how logs name it (e.g. {@code file:/path}). */
    public static Cookies parse(String text, String source) {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        String head = t.stripLeading();
        boolean json = head.startsWith("[") || head.startsWith("{");
        return new Cookies(json ? parseJson(t, source) : parseNetscape(t), source);
    }

    /**
     * Netscape format: seven tab-separated fields {@code domain, includeSubdomains, path, secure,
     * expiry, name, value}. Lines starting with {@code #} are comments, except {@code #HttpOnly_},
     * which marks an HttpOnly cookie line. Malformed lines are skipped. Expiry is not checked: an
     * expired cookie is simply refused by the server, while a skewed clock must not drop a live one.
     */
    private static List<Cookie> parseNetscape(String text) {
        List<Cookie> out = new ArrayList<>();
        for (String raw : text.split("\r?\n|\r")) {
            String line = raw;
            boolean httpOnly = false;
            if (line.startsWith("#HttpOnly_")) {
                line = line.substring("#HttpOnly_".length());
                httpOnly = true;
            } else if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t", 7);
            if (f.length < 7) {
                continue;
            }
            String domain = f[0].strip();
            boolean subdomains = f[1].strip().equalsIgnoreCase("TRUE");
            add(out, new Cookie(f[5], f[6], domain, !subdomains && !domain.startsWith("."), f[2],
                    f[3].strip().equalsIgnoreCase("TRUE"), httpOnly));
        }
        return out;
    }

    private static List<Cookie> parseJson(String text, String source) {
        Object doc;
        try {
            doc = Json.parse(text);
        } catch (JsonException e) {
            throw new FormatException("cookie file " + source + " is not valid JSON" + where(e));
        }
        List<Object> entries = doc instanceof List<?> ? J.asList(doc) : J.list(doc, "cookies");
        if (!(doc instanceof List<?>) && !(J.get(doc, "cookies") instanceof List<?>)) {
            throw new FormatException("cookie file " + source
                    + " is JSON but neither a list of cookies nor an object with a \"cookies\" list");
        }
        List<Cookie> out = new ArrayList<>();
        for (Object e : entries) {
            String name = J.str(e, "name");
            if (name.isEmpty() || !(J.get(e, "value") instanceof String value)) {
                continue;
            }
            String domain = J.str(e, "domain");
            if (domain.isEmpty()) {
                domain = DEFAULT_DOMAIN;
            }
            boolean hostOnly = J.get(e, "hostOnly") instanceof Boolean b ? b : !domain.startsWith(".");
            String path = J.str(e, "path");
            add(out, new Cookie(name, value, domain, hostOnly, path.isEmpty() ? "/" : path,
                    Boolean.TRUE.equals(J.get(e, "secure")), Boolean.TRUE.equals(J.get(e, "httpOnly"))));
        }
        return out;
    }

    /** Keeps cookies that can travel in a header: no control characters, no {@code ;} or {@code =} in names. */
    private static void add(List<Cookie> out, Cookie c) {
        if (c.name().isEmpty() || !headerSafe(c.name()) || !headerSafe(c.value())
                || c.name().indexOf(';') >= 0 || c.name().indexOf('=') >= 0 || c.value().indexOf(';') >= 0) {
            return;
        }
        out.add(c);
    }

    private static boolean headerSafe(String s) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch < 0x20 || ch == 0x7f) {
                return false;
            }
        }
        return true;
    }

    private static String where(JsonException e) {
        if (e.getCause() instanceof JacksonException je) {
            JsonLocation loc = je.getLocation();
            if (loc != null && loc.getLineNr() > 0) {
                return " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")";
            }
        }
        return "";
    }

    private static String normaliseHost(String host) {
        if (host == null) {
            return "";
        }
        String h = host.strip().toLowerCase(Locale.ROOT);
        return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
    }

    public List<Cookie> all() {
        return cookies;
    }

    public boolean isEmpty() {
        return cookies.isEmpty();
    }

    /** Where the cookies came from, for the startup auth line ({@code file:<path>}). */
    public String source() {
        return source;
    }

    /**
     * The {@code Cookie} header for {@code host}: the matching cookies as {@code name=value} joined by
     * {@code "; "}, in file order; when a name appears for several matching domains, the most specific
     * domain wins (e.g. {@code www.perplexity.ai} over {@code .perplexity.ai}). Empty when nothing
     * matches, so the caller sends no header at all.
     */
    public Optional<String> headerFor(String host) {
        Map<String, Cookie> chosen = forHost(host);
        if (chosen.isEmpty()) {
            return Optional.empty();
        }
        // file order of the chosen cookies, not the order their names were first seen
        return Optional.of(cookies.stream().filter(c -> chosen.get(c.name()) == c)
                .map(c -> c.name() + "=" + c.value()).collect(Collectors.joining("; ")));
    }

    /**
     * The cookie of each name that {@code host} gets, by name in the order the names first appear: when a name
     * appears for several matching domains, the most specific domain's (the first of equally specific ones).
     */
    public Map<String, Cookie> forHost(String host) {
        Map<String, Cookie> chosen = new LinkedHashMap<>();
        for (Cookie c : cookies) {
            if (!c.matchesHost(host)) {
                continue;
            }
            Cookie prev = chosen.get(c.name());
            if (prev == null || c.bareDomain().length() > prev.bareDomain().length()) {
                chosen.put(c.name(), c);
            }
        }
        return chosen;
    }

    /** Count, source and cookie names only; never a value. */
    @Override
    public String toString() {
        return "Cookies[" + cookies.size() + " from " + source + ": "
                + cookies.stream().map(c -> c.name() + "@" + c.domain()).collect(Collectors.joining(", ")) + "]";
    }
}
