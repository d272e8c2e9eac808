package io.github.pplxexport.camel;

import io.github.pplxexport.browse.Access;
import io.github.pplxexport.browse.BrowseApp;
import io.github.pplxexport.browse.WebRequest;
import io.github.pplxexport.browse.WebResponse;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The serve routes' edge (routes/serve.camel.yaml): turns a platform-http exchange into a {@link WebRequest} for the
 * {@link BrowseApp} and its {@link WebResponse} into the reply. The request's headers never travel back: the reply
 * carries only the app's own headers. The app is made on the first request, so an online command that loads the
 * (stopped) serve routes opens nothing.
 */
public final class BrowseHttp {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.serve");
    private static final String REMEMBER = "pplx.rememberToken";

    private final Supplier<BrowseApp> app;
    private volatile BrowseApp made;

    public BrowseHttp(Supplier<BrowseApp> app) {
        this.app = app;
    }

    private BrowseApp app() {
        BrowseApp a = made;
        if (a == null) {
            synchronized (this) {
                if (made == null) {
                    made = app.get();
                }
                a = made;
            }
        }
        return a;
    }

    /** The token check of every request: true when it must be refused. */
    public boolean denied(Exchange e) {
        WebRequest r = request(e);
        Access.Decision d = app().access().check(r.tokenHeader(), r.tokenCookie(), r.param("token"));
        if (d == Access.Decision.ALLOW_AND_REMEMBER) {
            e.setProperty(REMEMBER, Boolean.TRUE);
        }
        return d == Access.Decision.DENY;
    }

    public void deny(Exchange e) {
        reply(e, app().denied());
    }

    public void library(Exchange e) throws IOException {
        reply(e, app().library(request(e)));
    }

    public void search(Exchange e) throws IOException {
        reply(e, app().search(request(e)));
    }

    public void thread(Exchange e) throws IOException {
        WebRequest r = request(e);
        reply(e, r.path().startsWith("/t/") ? app().thread(r, r.path().substring(3)) : app().notFound());
    }

    public void apiThreads(Exchange e) throws IOException {
        WebRequest r = request(e);
        String rest = r.path().startsWith("/api/threads/") ? r.path().substring("/api/threads/".length()) : "";
        reply(e, rest.isEmpty() ? app().apiThreads(r) : app().apiThread(r, rest));
    }

    public void apiSearch(Exchange e) throws IOException {
        reply(e, app().apiSearch(request(e)));
    }

    public void resource(Exchange e) {
        WebRequest r = request(e);
        reply(e, r.path().startsWith("/static/") ? app().resource(r.path().substring(8)) : app().notFound());
    }

    /** A request that failed inside: logged with its cause, answered with a plain 500 page. */
    public void failed(Exchange e) {
        Exception cause = e.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class);
        LOG.warn("[serve] {}: {}", e.getMessage().getHeader(Exchange.HTTP_PATH), cause == null ? "?" : cause.toString());
        reply(e, app().failed());
    }

    static WebRequest request(Exchange e) {
        Message m = e.getMessage();
        String uri = m.getHeader(Exchange.HTTP_URI, "", String.class);
        int q = uri.indexOf('?');
        String rawPath = q < 0 ? uri : uri.substring(0, q);
        String query = m.getHeader(Exchange.HTTP_RAW_QUERY, String.class);
        if (query == null) {
            query = m.getHeader(Exchange.HTTP_QUERY, q < 0 ? "" : uri.substring(q + 1), String.class);
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String k = decode(eq < 0 ? pair : pair.substring(0, eq));
            params.putIfAbsent(k, eq < 0 ? "" : decode(pair.substring(eq + 1)));
        }
        return new WebRequest(decodePath(rawPath), params, m.getHeader(Access.HEADER, String.class), cookie(m.getHeader("Cookie", String.class)));
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    /** Percent-decoding of a path ('+' is a plus there). */
    private static String decodePath(String s) {
        return decode(s.replace("+", "%2B"));
    }

    private static String cookie(String header) {
        if (header == null) {
            return null;
        }
        for (String part : header.split(";")) {
            String p = part.strip();
            if (p.startsWith(Access.COOKIE + "=")) {
                return p.substring(Access.COOKIE.length() + 1);
            }
        }
        return null;
    }

    private void reply(Exchange e, WebResponse r) {
        Message m = e.getMessage();
        m.removeHeaders("*");
        r.headers().forEach(m::setHeader);
        if (Boolean.TRUE.equals(e.getProperty(REMEMBER))) {
            m.setHeader("Set-Cookie", app().access().cookie());
        }
        m.setHeader(Exchange.HTTP_RESPONSE_CODE, r.status());
        m.setHeader(Exchange.CONTENT_TYPE, r.contentType());
        if (r.file() != null) {
            try {
                m.setHeader("Content-Length", Files.size(r.file()));
                m.setBody(Files.newInputStream(r.file()));
            } catch (IOException ex) {
                reply(e, app().notFound());
            }
        } else {
            m.setBody(r.body());
        }
    }
}
