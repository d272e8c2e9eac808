package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The space endpoints (reference-behaviour.md §1.6), served from {@code thread.json.space} of the archive: a space
 * is every thread whose {@code space.slug} names it; its owner is the author of its oldest thread, the other
 * authors are its contributors, and a member is an author with a thread in it.
 * <ul>
 *   <li>{@code GET /rest/collections/list_collection_threads?collection_slug=&offset=}: a JSON array of 20 threads
 *       a page, newest first ({@code uuid}, {@code context_uuid}, {@code frontend_uuid}, {@code author_username},
 *       {@code title}, {@code mode}, {@code last_query_datetime}, {@code thread_access}, {@code answer_preview},
 *       {@code has_next_page});</li>
 *   <li>{@code GET /rest/collections/get_collection?collection_slug=}: the space with its owner and contributors;</li>
 *   <li>{@code GET /rest/collections/list_user_collections}: the caller's spaces;</li>
 *   <li>{@code POST /rest/collections/create_collection}: a new empty space, kept while the server runs (the
 *       minimal form {@code init --create-bot-space} needs).</li>
 * </ul>
 * A space the caller is no member of (strict mode) answers 200 {@code {"status": "failed", "_response_type":
 * "VIEW_COLLECTION_NOT_ALLOWED"}}, as the platform does; an unknown slug 404 {@code COLLECTION_NOT_FOUND}.
 */
final class SpaceRoutes {
    static final String PREFIX = "/rest/collections/";
    static final int PAGE = 20;

    /** Spaces made by create_collection: slug to space, with the creator as owner. */
    private final Map<String, Map<String, Object>> created = new ConcurrentHashMap<>();

    static boolean handles(String path) {
        return path.startsWith(PREFIX);
    }

    /** @param caller the session's account, null in open mode without one (sees every space) */
    ReplayResponse answer(ReplayRequest request, String caller, ReplayArchive archive) throws IOException {
        String op = request.path().substring(PREFIX.length());
        String method = request.method();
        String slug = QueryString.first(request.query(), "collection_slug");
        switch (op) {
            case "list_collection_threads":
                return method.equals("GET") ? threads(archive, slug, caller, offset(request)) : notAllowed();
            case "get_collection":
                return method.equals("GET") ? collection(archive, slug, caller) : notAllowed();
            case "list_user_collections":
                return method.equals("GET") ? userCollections(archive, caller) : notAllowed();
            case "create_collection":
                return method.equals("POST") ? create(request, caller) : notAllowed();
            default:
                return ReplayResponse.error(404, "NOT_FOUND");
        }
    }

    private static ReplayResponse notAllowed() {
        return ReplayResponse.error(405, "METHOD_NOT_ALLOWED");
    }

    private static int offset(ReplayRequest request) {
        try {
            return Math.max(0, Integer.parseInt(String.valueOf(QueryString.first(request.query(), "offset"))));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The threads of the space, newest first. */
    private static List<ThreadRecord> inSpace(ReplayArchive archive, String slug) {
        return archive.library(null).stream().filter(t -> t.space() != null && slug != null
                && slug.equals(J.str(t.space(), "slug"))).toList();
    }

    private static boolean member(List<ThreadRecord> threads, String caller) {
        return caller == null || threads.stream().anyMatch(t -> caller.equals(t.author()));
    }

    private static ReplayResponse notAllowedToView() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", "failed");
        body.put("_response_type", "VIEW_COLLECTION_NOT_ALLOWED");
        return ReplayResponse.json(200, body);
    }

    private ReplayResponse threads(ReplayArchive archive, String slug, String caller, int offset) throws IOException {
        List<ThreadRecord> all = inSpace(archive, slug);
        if (all.isEmpty()) {
            return created.containsKey(String.valueOf(slug)) ? ReplayResponse.json(200, List.of())
                    : ReplayResponse.error(404, "COLLECTION_NOT_FOUND");
        }
        if (!member(all, caller)) {
            return notAllowedToView();
        }
        List<Object> page = new ArrayList<>();
        int end = Math.min(all.size(), offset + PAGE);
        for (int i = offset; i < end; i++) {
            ThreadRecord t = all.get(i);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("uuid", t.webUuid());
            row.put("context_uuid", contextUuid(t));
            row.put("frontend_uuid", null);
            row.put("author_username", t.author());
            row.put("title", t.title());
            row.put("mode", t.computer() ? "ASI" : "COPILOT");
            row.put("last_query_datetime", t.updatedAt());
            row.put("thread_access", 1);
            row.put("answer_preview", t.title());
            row.put("has_next_page", end < all.size());
            page.add(row);
        }
        return ReplayResponse.json(200, page);
    }

    private ReplayResponse collection(ReplayArchive archive, String slug, String caller) {
        Map<String, Object> made = created.get(String.valueOf(slug));
        if (made != null) {
            return ReplayResponse.json(200, made);
        }
        List<ThreadRecord> all = inSpace(archive, slug);
        if (all.isEmpty()) {
            return ReplayResponse.error(404, "COLLECTION_NOT_FOUND");
        }
        if (!member(all, caller)) {
            return notAllowedToView();
        }
        return ReplayResponse.json(200, space(all, caller));
    }

    /** The space of these threads (all of one slug) as get_collection answers it. */
    private static Map<String, Object> space(List<ThreadRecord> threads, String caller) {
        Set<String> authors = new LinkedHashSet<>();
        for (int i = threads.size() - 1; i >= 0; i--) {
            authors.add(threads.get(i).author());    // oldest first: the first is the owner
        }
        String owner = authors.iterator().next();
        Map<String, Object> s = new LinkedHashMap<>();
        Map<String, Object> space = threads.get(0).space();
        s.put("uuid", J.str(space, "uuid"));
        s.put("title", J.str(space, "title"));
        s.put("slug", J.str(space, "slug"));
        s.put("emoji", "1f4c1");
        s.put("access", 1);
        s.put("max_contributors", 10);
        s.put("owner_user", user(owner, 4));
        List<Object> contributors = new ArrayList<>();
        authors.stream().skip(1).forEach(a -> contributors.add(user(a, 2)));
        s.put("contributor_users", contributors);
        s.put("user_permission", caller == null || caller.equals(owner) ? 4 : 2);
        return s;
    }

    private static Map<String, Object> user(String name, int permission) {
        Map<String, Object> u = new LinkedHashMap<>();
        u.put("username", name);
        u.put("email", name + "@example.com");
        u.put("name", name);
        u.put("permission", permission);
        return u;
    }

    private ReplayResponse userCollections(ReplayArchive archive, String caller) {
        Map<String, List<ThreadRecord>> bySlug = new LinkedHashMap<>();
        for (ThreadRecord t : archive.library(null)) {
            if (t.space() != null && !J.str(t.space(), "slug").isEmpty()) {
                bySlug.computeIfAbsent(J.str(t.space(), "slug"), k -> new ArrayList<>()).add(t);
            }
        }
        List<Object> out = new ArrayList<>();
        created.values().stream().filter(s -> caller == null || caller.equals(J.str(J.map(s, "owner_user"), "username")))
                .forEach(out::add);
        bySlug.values().stream().filter(ts -> member(ts, caller)).forEach(ts -> out.add(space(ts, caller)));
        return ReplayResponse.json(200, out);
    }

    private ReplayResponse create(ReplayRequest request, String caller) {
        Object body;
        try {
            body = Json.parse(request.bodyText());
        } catch (JsonException e) {
            body = null;
        }
        String title = J.str(body, "title").strip();
        if (title.isEmpty()) {
            return ReplayResponse.error(400, "INVALID_TITLE");
        }
        UUID uuid = UUID.nameUUIDFromBytes((String.valueOf(caller) + "\n" + title).getBytes(StandardCharsets.UTF_8));
        String slug = title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "")
                + "-" + uuid.toString().substring(0, 6);
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("uuid", uuid.toString());
        s.put("title", title);
        s.put("slug", slug);
        s.put("url", "https://www.perplexity.ai/spaces/" + slug);
        s.put("description", J.str(body, "description"));
        s.put("emoji", J.str(body, "emoji"));
        s.put("access", J.get(body, "access"));
        s.put("owner_user", user(caller == null ? ReplayApi.DEFAULT_ACCOUNT : caller, 4));
        s.put("contributor_users", List.of());
        s.put("user_permission", 4);
        created.put(slug, s);
        return ReplayResponse.json(200, s);
    }

    /** thread.json's {@code psc_uuid}: the thread's context uuid, which the space and credit APIs take. */
    static String contextUuid(ThreadRecord t) {
        try {
            return J.str(Json.readObject(t.dir().resolve(ThreadRecord.THREAD_JSON)), "psc_uuid");
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
