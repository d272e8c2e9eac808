package io.github.pplxexport.doctor;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One finding of {@code doctor}: what was looked at, whether it holds, what was seen, and for one that does not hold
 * the fix in one sentence. Nothing secret goes into one (an email, never a token or cookie value).
 */
public record Check(String name, boolean ok, String detail, String fix) {
    public static Check ok(String name, String detail) {
        return new Check(name, true, detail, "");
    }

    public static Check fail(String name, String detail, String fix) {
        return new Check(name, false, detail, fix);
    }

    /** {@code ✓ session: signed in as alice@example.com} / {@code ✗ api: … → fix}. */
    public String line() {
        return (ok ? "✓ " : "✗ ") + name + ": " + detail + (ok || fix.isEmpty() ? "" : " → " + fix);
    }

    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("check", name);
        m.put("ok", ok);
        m.put("detail", detail);
        m.put("fix", fix);
        return m;
    }
}
