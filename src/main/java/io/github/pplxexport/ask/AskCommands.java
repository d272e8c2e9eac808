package io.github.pplxexport.ask;

import io.github.pplxexport.json.J;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The small commands of asking (bean {@code askCommands}; reference-cli-and-archive.md §7.1, ask-stream.md §6):
 * {@code mark-read} (the thread's context, the printed result) and {@code space-create} (the printed
 * {@code {uuid, slug, url}} of create_collection's answer; its request is the shared route {@code create-space}).
 */
public final class AskCommands {
    /** The context of a thread: its first entry's {@code context_uuid}, else the thread uuid itself. */
    public String contextOf(String uuid, Object thread) {
        List<Object> entries = J.list(thread, "entries");
        String ctx = entries.isEmpty() ? "" : J.str(entries.get(0), "context_uuid");
        return ctx.isEmpty() ? uuid : ctx;
    }

    public Map<String, Object> markReadResult(String uuid, String context, Object answer) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("uuid", uuid);
        r.put("context_uuid", context);
        r.put("result", answer);
        return r;
    }

    /** {@code {uuid, slug, url}} of the new space, null where the answer has none. */
    public Map<String, Object> spaceResult(Object collection) {
        Map<String, Object> r = new LinkedHashMap<>();
        for (String k : List.of("uuid", "slug", "url")) {
            Object v = J.get(collection, k);
            r.put(k, v instanceof String s && !s.isEmpty() ? s : null);
        }
        return r;
    }
}
