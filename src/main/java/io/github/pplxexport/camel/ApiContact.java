package io.github.pplxexport.camel;

import org.apache.camel.Exchange;
import org.apache.camel.component.http.HttpActivityListener;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;

import java.net.URI;
import java.util.Locale;

/**
 * Whether the API has answered anything yet in this run (bean {@code apiContact}): camel-http's activity listener
 * sees every answer, and one from the API's host and port, whatever its status, means the address is right and
 * reachable. Until then a refused connection or an unknown host is a typo or a stopped server, not a blip, and
 * {@link ApiRetry} does not wait for it. Every event is passed on to the next listener (the metrics).
 */
public final class ApiContact implements HttpActivityListener {
    private final String host;
    private final int port;
    private final HttpActivityListener next;
    private volatile boolean answered;

    public ApiContact(String baseUrl, HttpActivityListener next) {
        URI u = URI.create(baseUrl);
        this.host = u.getHost() == null ? "" : u.getHost().toLowerCase(Locale.ROOT);
        this.port = port(u.getPort(), u.getScheme());
        this.next = next;
    }

    /** The port as given, else the scheme's default (-1: none given). */
    private static int port(int given, String scheme) {
        return given >= 0 ? given : "https".equalsIgnoreCase(scheme) ? 443 : 80;
    }

    /** True once the API answered a request of this run. */
    public boolean answered() {
        return answered;
    }

    @Override
    public void onRequestSubmitted(Object source, Exchange exchange, HttpHost target, HttpRequest request, HttpEntity entity) {
        next.onRequestSubmitted(source, exchange, target, request, entity);
    }

    @Override
    public void onResponseReceived(Object source, Exchange exchange, HttpHost target, HttpResponse response, HttpEntity entity,
                                   long elapsed) {
        if (!answered && target != null && host.equals(target.getHostName().toLowerCase(Locale.ROOT))
                && port(target.getPort(), target.getSchemeName()) == port) {
            answered = true;
        }
        next.onResponseReceived(source, exchange, target, response, entity, elapsed);
    }
}
