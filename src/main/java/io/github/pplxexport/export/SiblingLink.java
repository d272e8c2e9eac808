package io.github.pplxexport.export;

import io.github.pplxexport.api.ApiRequests;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An answer the platform replaced (reference-behaviour.md §4.1): entry {@code entryUuid} of thread
 * {@code webUuid} has a sibling {@code siblingUuid}, which the API usually refuses (403
 * {@code VIEW_THREAD_NOT_ALLOWED}).
 */
public record SiblingLink(String webUuid, String title, String entryUuid, String siblingUuid) implements DeadLetter {
    /** The probe's query: the plain fetch, first page. */
    public String query() {
        return ApiRequests.plainQuery(null);
    }

    String key() {
        return webUuid + "\u0000" + entryUuid + "\u0000" + siblingUuid;
    }

    @Override
    public Map<String, Object> deadLetterFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", "sibling_link");
        m.put("web_uuid", webUuid);
        m.put("entry_uuid", entryUuid);
        m.put("sibling_uuid", siblingUuid);
        return m;
    }
}
