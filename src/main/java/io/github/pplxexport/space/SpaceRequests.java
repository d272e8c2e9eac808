package io.github.pplxexport.space;

import io.github.pplxexport.api.ApiRequests;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.PyJson;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the shared space calls send (bean {@code spaceRequests}; routes {@code get-space} and {@code create-space}),
 * whichever command asks: the query of {@code get_collection} and the one body of {@code create_collection}
 * (reference-behaviour.md §1.6, ask-stream.md §6).
 */
public final class SpaceRequests {
    /** {@code collection_slug=<slug, percent-encoded>&version=2.18&source=default}. */
    public String collectionQuery(String slug) {
        return "collection_slug=" + ApiRequests.encode(slug) + "&" + ApiRequests.COMMON_QUERY;
    }

    /**
     * create_collection's body for {@code {title, description}}: the reference's fixed emoji, no appearance or
     * instructions, access 1 (private).
     */
    public String createBody(Map<String, Object> space) {
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("title", J.str(space, "title"));
        b.put("description", J.str(space, "description"));
        b.put("emoji", "1f4c1");
        b.put("appearance", null);
        b.put("instructions", "");
        b.put("access", 1);
        return PyJson.compact(b);
    }

    /**
     * Whether an answer of the space API is the platform's refusal to show a space to this account: HTTP 200 with
     * {@code _response_type: VIEW_COLLECTION_NOT_ALLOWED} (or {@code status: failed}).
     */
    public static boolean notViewable(Object answer) {
        return "VIEW_COLLECTION_NOT_ALLOWED".equals(J.str(answer, "_response_type")) || "failed".equals(J.str(answer, "status"));
    }

    /** The {@code {title, description}} of a new space, as create-space takes it. */
    public static Map<String, Object> newSpace(String title, String description) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("title", title);
        s.put("description", description);
        return s;
    }
}
