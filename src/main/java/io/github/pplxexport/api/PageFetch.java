package io.github.pplxexport.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A request sent from inside the user's logged-in browser tab through the WebBridge daemon
 * (../shared/spec/webbridge.md): the daemon's {@code evaluate} command, the JavaScript it runs in the page (the
 * page's own {@code fetch}, so the browser attaches its cookies and passes Cloudflare), and the page's answer read
 * back. Every request, API call or asset download, comes back the same way, as a JSON string
 * {@code {"url", "status", "type", "retry_after", "b64"}} (the body's bytes, whatever its status), or
 * {@code {"url", "status": 0, "error"}} when the page's fetch got no answer: the caller reads it as camel-http's
 * answer, so the checks and the failure policy are the cookie path's. No {@code Content-Length}: the browser has
 * already refused a body shorter than it (its read fails, a network error here), and after it decoded a gzip body
 * the header no longer gives the length of the bytes. Knows nothing of Camel.
 */
public final class PageFetch {
    /** The daemon's session name, as the reference sends it. */
    static final String SESSION = "pplx-export";

    private PageFetch() {
    }

    /** What the page's fetch answered; {@code error} set (status 0) when it got no answer at all. */
    public record Answer(String url, int status, String contentType, String retryAfter, byte[] body, String error) {
        public boolean ok() {
            return error == null && status >= 200 && status < 300;
        }

        /** The body as text (an error answer's JSON or page). */
        public String text() {
            return new String(body, java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    /** The daemon's command: {@code {"action": "evaluate", "args": {"code": code}, "session": "pplx-export"}}. */
    public static String evaluate(String code) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("action", "evaluate");
        c.put("args", Map.of("code", code));
        c.put("session", SESSION);
        return json(c);
    }

    /**
     * An API request from the page, with the browser's cookies ({@code credentials: "include"}): {@code method} to
     * {@code url}, {@code accept} as its Accept header, and for a POST the JSON {@code body} as
     * {@code Content-Type: application/json}.
     */
    public static String api(String method, String url, String accept, String body) {
        Map<String, Object> init = new LinkedHashMap<>();
        init.put("method", method);
        init.put("credentials", "include");
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Accept", accept);
        if (body != null) {
            headers.put("Content-Type", "application/json");
            init.put("body", body);
        }
        init.put("headers", headers);
        return script(url, init);
    }

    /** A signed asset URL from the page, without cookies (the CDN needs none, and refuses a request carrying one). */
    public static String download(String url) {
        return script(url, Map.of("method", "GET", "credentials", "omit"));
    }

    private static String script(String url, Map<String, Object> init) {
        return "(async () => {\n"
                + "  const url = " + json(url) + ";\n"
                + "  try {\n"
                + "    const r = await fetch(url, " + json(init) + ");\n"
                + "    const bytes = new Uint8Array(await r.arrayBuffer());\n"
                + "    let s = \"\";\n"
                + "    for (let i = 0; i < bytes.length; i += 32768) {\n"
                + "      s += String.fromCharCode.apply(null, bytes.subarray(i, i + 32768));\n"
                + "    }\n"
                + "    return JSON.stringify({url: url, status: r.status, type: r.headers.get(\"content-type\"),\n"
                + "      retry_after: r.headers.get(\"retry-after\"), b64: btoa(s)});\n"
                + "  } catch (e) {\n"
                + "    return JSON.stringify({url: url, status: 0, error: String(e)});\n"
                + "  }\n"
                + "})()";
    }

    /**
     * The daemon's answer {@code {"ok": true, "data": {"value": ...}}}: the value, parsed when it is a string that
     * reads as JSON (as the reference does); {@link WebBridgeException} for {@code ok: false} or an answer that is
     * not the daemon's.
     */
    public static Object value(String daemon, String reply) {
        Object parsed;
        try {
            parsed = Json.parse(reply);
        } catch (RuntimeException e) {
            throw new WebBridgeException(daemon, "its answer is not JSON: " + head(reply));
        }
        Map<String, Object> m = J.asMap(parsed);
        if (m == null || !(m.get("ok") instanceof Boolean ok)) {
            throw new WebBridgeException(daemon, "its answer is not {\"ok\": ...}: " + head(reply));
        }
        if (!ok) {
            throw new WebBridgeException(daemon, "it answered an error: " + head(String.valueOf(m.get("error"))));
        }
        Object value = J.get(m.get("data"), "value");
        if (value instanceof String s) {
            try {
                return Json.parse(s);
            } catch (RuntimeException notJson) {
                return s;
            }
        }
        return value;
    }

    /** The page's answer to {@link #api} or {@link #download}, from the evaluated value. */
    public static Answer answer(String daemon, Object value) {
        Map<String, Object> m = J.asMap(value);
        if (m == null || !(m.get("status") instanceof Number status)) {
            throw new WebBridgeException(daemon, "the page's answer is not a fetch result: " + head(String.valueOf(value)));
        }
        String b64 = J.str(m, "b64");
        byte[] body;
        try {
            body = Base64.getDecoder().decode(b64);
        } catch (IllegalArgumentException e) {
            throw new WebBridgeException(daemon, "the page's answer has a body that is not base64");
        }
        String error = m.get("error") == null ? null : String.valueOf(m.get("error"));
        return new Answer(J.str(m, "url"), status.intValue(), string(m, "type"), string(m, "retry_after"), body,
                status.intValue() == 0 && error == null ? "no answer" : error);
    }

    private static String string(Map<String, Object> m, String key) {
        Object v = m.get(key);
        return v == null ? null : String.valueOf(v);
    }

    private static String head(String s) {
        String one = s == null ? "" : s.strip().replaceAll("\\s+", " ");
        return one.length() > 200 ? one.substring(0, 200) + "…" : one;
    }

    private static String json(Object o) {
        try {
            return Json.MAPPER.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
