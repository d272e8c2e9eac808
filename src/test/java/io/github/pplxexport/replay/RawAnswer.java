package io.github.pplxexport.replay;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One GET over a plain socket, read to the end of the stream: the bytes as they came, whatever the framing
 * promised (an HTTP client would refuse a cut-short answer instead of showing it).
 *
 * @param head the status line and headers, up to and including the blank line
 * @param body every byte after the head until the server closed the connection
 */
record RawAnswer(String head, byte[] body) {
    static RawAnswer get(URI base, String pathAndQuery) throws IOException {
        try (Socket s = new Socket(base.getHost(), base.getPort())) {
            s.setSoTimeout(5000);
            OutputStream out = s.getOutputStream();
            out.write(("GET " + pathAndQuery + " HTTP/1.1\r\nHost: " + base.getAuthority()
                    + "\r\nCookie: " + TestClient.SESSION_COOKIE + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            InputStream in = s.getInputStream();
            byte[] buf = new byte[8192];
            for (int n; (n = in.read(buf)) >= 0; ) {
                all.write(buf, 0, n);
            }
            byte[] bytes = all.toByteArray();
            String text = new String(bytes, StandardCharsets.ISO_8859_1);
            int end = text.indexOf("\r\n\r\n");
            if (end < 0) {
                throw new IOException("no complete head in " + bytes.length + " bytes");
            }
            return new RawAnswer(text.substring(0, end + 4), Arrays.copyOfRange(bytes, end + 4, bytes.length));
        }
    }
}
