package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The spaces of asking, served by the replay: {@code POST /rest/collections/create_collection} (a new space, kept
 * while the server runs), {@code GET /rest/collections/get_collection?collection_slug=} (a space made here, or one
 * the archive's threads are in; 404 {@code COLLECTION_NOT_FOUND} otherwise) and
 * {@code POST /rest/collections/batch_move_threads} (an asked thread's space changes; its listing shows it).
 */
final class CollectionEndpoints {
    static final String CREATE = "/rest/collections/create_collection";
    static final String GET = "/rest/collections/get_collection";
    static final String MOVE = "/rest/collections/batch_move_threads";

    private final ReplayArchive served;
    private final AskedThreads asked;
    private final Map<String, Map<String, Object>> created = new ConcurrentHashMap<>();

    CollectionEndpoints(ReplayArchive served, AskedThreads asked) {
        this.served = served;
        this.asked = asked;
    }

    Optional<ReplayResponse> route(ReplayRequest request) {
        return switch (request.path()) {
            case CREATE -> Optional.of(request.method().equals("POST") ? create(request) : ReplayResponse.error(405, "METHOD_NOT_ALLOWED"));
            case GET -> Optional.of(request.method().equals("GET") ? get(request) : ReplayResponse.error(405, "METHOD_NOT_ALLOWED"));
            case MOVE -> Optional.of(request.method().equals("POST") ? move(request) : ReplayResponse.error(405, "METHOD_NOT_ALLOWED"));
            default -> Optional.empty();
        };
    }

    private ReplayResponse create(ReplayRequest request) {
        Map<String, Object> body = J.asMap(AskReplay.parse(request));
        String title = J.str(body, "title");
        if (body == null || title.isBlank()) {
            return AskReplay.badRequest("title is required");
        }
        String uuid = UUID.randomUUID().toString();
        String base = title.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", "-").replaceAll("^-|-$", "");
        String slug = (base.isEmpty() ? "space" : base) + "-" + uuid.substring(0, 6);
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("uuid", uuid);
        c.put("title", title);
        c.put("description", J.str(body, "description"));
        c.put("slug", slug);
        c.put("url", "https://www.perplexity.ai/collections/" + slug);
        c.put("emoji", J.get(body, "emoji"));
        c.put("instructions", J.str(body, "instructions"));
        c.put("access", J.get(body, "access"));
        c.put("user_permission", 4);
        c.put("thread_count", 0);
        created.put(slug, c);
        return ReplayResponse.json(200, c);
    }

    private ReplayResponse get(ReplayRequest request) {
        String slug = QueryString.first(request.query(), "collection_slug");
        Map<String, Object> c = slug == null ? null : created.get(slug);
        if (c == null && slug != null) {
            c = served.library(null).stream().map(ThreadRecord::space)
                    .filter(s -> s != null && slug.equals(J.str(s, "slug"))).findFirst()
                    .map(s -> {
                        Map<String, Object> m = new LinkedHashMap<>(s);
                        m.put("user_permission", 4);
                        return m;
                    }).orElse(null);
        }
        return c == null ? ReplayResponse.error(404, "COLLECTION_NOT_FOUND") : ReplayResponse.json(200, c);
    }

    /** The space of an asked thread's uuid as the listing shows it: {uuid, title, slug}. */
    Map<String, Object> space(String uuid) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("uuid", uuid);
        Map<String, Object> known = created.values().stream().filter(c -> uuid.equals(J.str(c, "uuid"))).findFirst()
                .orElseGet(() -> served.library(null).stream().map(ThreadRecord::space)
                        .filter(sp -> sp != null && uuid.equals(J.str(sp, "uuid"))).findFirst().orElse(Map.of()));
        s.put("title", J.get(known, "title"));
        s.put("slug", J.get(known, "slug"));
        return s;
    }

    private ReplayResponse move(ReplayRequest request) {
        Map<String, Object> body = J.asMap(AskReplay.parse(request));
        List<Object> contexts = J.list(body, "context_uuids");
        String target = J.str(body, "new_collection_uuid");
        if (contexts.isEmpty() || target.isEmpty()) {
            return AskReplay.badRequest("context_uuids and new_collection_uuid are required");
        }
        int moved = 0;
        ReplayArchive mine = asked.archive();
        for (ThreadRecord t : mine == null ? List.<ThreadRecord>of() : mine.library(null)) {
            if (contexts.contains(contextOf(t))) {
                Map<String, Object> threadJson = new LinkedHashMap<>(readJson(t));
                threadJson.put("space", space(target));
                asked.rewriteThreadJson(t.dir(), threadJson);
                moved++;
            }
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("status", "success");
        answer.put("moved_count", moved);
        return ReplayResponse.json(200, answer);
    }

    private static String contextOf(ThreadRecord t) {
        return J.str(J.list(readRaw(t), "entries").stream().findFirst().orElse(null), "context_uuid");
    }

    private static Map<String, Object> readRaw(ThreadRecord t) {
        try {
            return io.github.pplxexport.json.Json.readObject(t.rawEntries());
        } catch (java.io.IOException e) {
            return Map.of();
        }
    }

    private static Map<String, Object> readJson(ThreadRecord t) {
        try {
            return io.github.pplxexport.json.Json.readObject(t.dir().resolve(ThreadRecord.THREAD_JSON));
        } catch (java.io.IOException e) {
            return Map.of();
        }
    }
}
