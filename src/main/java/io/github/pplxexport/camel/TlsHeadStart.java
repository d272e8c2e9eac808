package io.github.pplxexport.camel;

import javax.net.ssl.SSLContext;
import java.security.GeneralSecurityException;

/**
 * The JDK's TLS set-up made on another core while Camel Main starts: the http component makes its SSL context (as
 * httpcore's {@code SSLContexts.createDefault()}: TLS, the default trust store) when its first endpoint is made, in the
 * middle of the routes' start, for an http:// base URL too; reading and parsing the trust store and initialising JSSE
 * is about a tenth of an online command's start. The JDK caches the parsed trust store only while something holds
 * it: the context made here is kept for the life of the process, so the component's own finds it parsed.
 */
final class TlsHeadStart {
    private static volatile SSLContext kept;

    private TlsHeadStart() {
    }

    static void begin() {
        if (kept != null) {
            return;
        }
        Thread t = new Thread(() -> {
            try {
                SSLContext tls = SSLContext.getInstance("TLS");
                tls.init(null, null, null);
                kept = tls;
            } catch (GeneralSecurityException | RuntimeException e) {
                // the component makes its own and says what is wrong, where it matters
            }
        }, "pplx-tls-start");
        t.setDaemon(true);
        t.start();
    }
}
