package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Every space endpoint of the replay ({@code /rest/collections/}; reference-behaviour.md §1.6, ask-stream.md §6).
 * A space is either one the archive's threads are in ({@code thread.json.space}: its owner is the author of its
 * oldest thread, the other authors are its contributors, a member is an author with a thread in it) or one made by
 * {@code create_collection} while the server runs (its owner is the caller). The asked threads ({@link AskedThreads})
 * are part of the archive served, so a thread asked in a space, or moved into one, is listed with it.
 * <ul>
 *   <li>{@code GET list_collection_threads?collection_slug=&offset=}: a JSON array of 20 threads a page, newest
 *       first ({@code uuid}, {@code context_uuid}, {@code frontend_uuid}, {@code author_username}, {@code title},
 *       {@code mode}, {@code last_query_datetime}, {@code thread_access}, {@code answer_preview},
 *       {@code has_next_page}); a made space without threads: an empty array;</li>
 *   <li>{@code GET get_collection?collection_slug=}: a made space as made, else the archive's space with its owner
 *       and contributors;</li>
 *   <li>{@code GET list_user_collections}: the spaces the caller made, then those it takes part in;</li>
 *   <li>{@code POST create_collection}: a new empty space (a new uuid each time, as the platform: a second POST is a
 *       second space); an empty title: 400 {@code INVALID_TITLE};</li>
 *   <li>{@code POST batch_move_threads}: the asked threads with those {@code context_uuids} get the space (the archive
 *       itself is never written); {@code {"status": "success", "moved_count": n}}.</li>
 * </ul>
 * A space the caller is no member of (strict mode) answers 200 {@code {"status": "failed", "_response_type":
 * "VIEW_COLLECTION_NOT_ALLOWED"}}, as the platform does; an unknown slug 404 {@code COLLECTION_NOT_FOUND}.
 */
final class SpaceRoutes {
    static final String PREFIX = "/rest/collections/";
    static final int PAGE = 20;

    private final ReplayArchive archive;
    private final AskedThreads asked;
    private final Supplier<String> sessionAccount;
    /** Spaces made by create_collection: slug to space, with the creator as owner. */
    private final Map<String, Map<String, Object>> created = new ConcurrentHashMap<>();

    /**
     * @param archive        the archive served, the asked threads included
     * @param asked          where the asked threads are (batch_move_threads rewrites their thread.json)
     * @param sessionAccount the account of a caller without a session (open mode)
     */
    SpaceRoutes(ReplayArchive archive, AskedThreads asked, Supplier<String> sessionAccount) {
        this.archive = archive;
        this.asked = asked;
        this.sessionAccount = sessionAccount;
    }

    static boolean handles(String path) {
        return path.startsWith(PREFIX);
    }

    /** @param caller the session's account, null in open mode without one (sees every space) */
    ReplayResponse answer(ReplayRequest request, String caller) throws IOException {
        String op = request.path().substring(PREFIX.length());
        String slug = QueryString.first(request.query(), "collection_slug");
        return switch (op) {
            case "list_collection_threads" -> get(request) ? threads(slug, caller, offset(request)) : notAllowed();
            case "get_collection" -> get(request) ? collection(slug, caller) : notAllowed();
            case "list_user_collections" -> get(request) ? userCollections(caller) : notAllowed();
            case "create_collection" -> post(request) ? create(request, caller) : notAllowed();
            case "batch_move_threads" -> post(request) ? move(request) : notAllowed();
            default -> ReplayResponse.error(404, "NOT_FOUND");
        };
    }

    /** The space with this uuid as a thread's {@code space} (and an entry's {@code collection_info}) names it. */
    Map<String, Object> listed(String uuid) {
        Map<String, Object> known = created.values().stream().filter(c -> uuid.equals(J.str(c, "uuid"))).findFirst()
                .orElseGet(() -> archive.library(null).stream().map(ThreadRecord::space)
                        .filter(s -> s != null && uuid.equals(J.str(s, "uuid"))).findFirst().orElse(Map.of()));
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("uuid", uuid);
        s.put("title", J.get(known, "title"));
        s.put("slug", J.get(known, "slug"));
        return s;
    }

    /**
     * A thread's context uuid, which the space and credit APIs take: thread.json's {@code psc_uuid}, else (a thread
     * asked here) its first entry's {@code context_uuid}.
     */
    static String contextUuid(ThreadRecord t) {
        String psc = J.str(readOrEmpty(t, ThreadRecord.THREAD_JSON), "psc_uuid");
        return psc.isEmpty() ? J.str(J.list(readOrEmpty(t, ThreadRecord.RAW_ENTRIES), "entries").stream().findFirst()
                .orElse(null), "context_uuid") : psc;
    }

    private static Map<String, Object> readOrEmpty(ThreadRecord t, String file) {
        try {
            return Json.readObject(t.dir().resolve(file));
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
    }

    private static boolean get(ReplayRequest request) {
        return request.method().equals("GET");
    }

    private static boolean post(ReplayRequest request) {
        return request.method().equals("POST");
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
    private List<ThreadRecord> inSpace(String slug) {
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

    private ReplayResponse threads(String slug, String caller, int offset) {
        List<ThreadRecord> all = inSpace(slug);
        if (all.isEmpty()) {
            return created.containsKey(String.valueOf(slug)) ? ReplayResponse.json(200, List.of())
                    : ReplayResponse.error(404, "COLLECTION_NOT_FOUND");
        }
        if (!created.containsKey(slug) && !member(all, caller)) {
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

    private ReplayResponse collection(String slug, String caller) {
        Map<String, Object> made = created.get(String.valueOf(slug));
        if (made != null) {
            return ReplayResponse.json(200, made);
        }
        List<ThreadRecord> all = inSpace(slug);
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

    private ReplayResponse userCollections(String caller) {
        Map<String, List<ThreadRecord>> bySlug = new LinkedHashMap<>();
        for (ThreadRecord t : archive.library(null)) {
            String slug = t.space() == null ? "" : J.str(t.space(), "slug");
            if (!slug.isEmpty() && !created.containsKey(slug)) {
                bySlug.computeIfAbsent(slug, k -> new ArrayList<>()).add(t);
            }
        }
        List<Object> out = new ArrayList<>();
        created.values().stream().filter(s -> caller == null || caller.equals(J.str(J.map(s, "owner_user"), "username")))
                .forEach(out::add);
        bySlug.values().stream().filter(ts -> member(ts, caller)).forEach(ts -> out.add(space(ts, caller)));
        return ReplayResponse.json(200, out);
    }

    private ReplayResponse create(ReplayRequest request, String caller) {
        Map<String, Object> body = J.asMap(AskReplay.parse(request));
        String title = J.str(body, "title").strip();
        if (title.isEmpty()) {
            return ReplayResponse.error(400, "INVALID_TITLE");
        }
        String uuid = UUID.randomUUID().toString();
        String base = title.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", "-").replaceAll("^-|-$", "");
        String slug = (base.isEmpty() ? "space" : base) + "-" + uuid.substring(0, 6);
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("uuid", uuid);
        s.put("title", title);
        s.put("description", J.str(body, "description"));
        s.put("slug", slug);
        s.put("url", "https://www.perplexity.ai/spaces/" + slug);
        s.put("emoji", J.get(body, "emoji"));
        s.put("instructions", J.str(body, "instructions"));
        s.put("access", J.get(body, "access"));
        s.put("owner_user", user(caller == null ? sessionAccount.get() : caller, 4));
        s.put("contributor_users", List.of());
        s.put("user_permission", 4);
        s.put("thread_count", 0);
        created.put(slug, s);
        return ReplayResponse.json(200, s);
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
            if (contexts.contains(contextUuid(t))) {
                Map<String, Object> threadJson = new LinkedHashMap<>(readOrEmpty(t, ThreadRecord.THREAD_JSON));
                threadJson.put("space", listed(target));
                asked.rewriteThreadJson(t.dir(), threadJson);
                moved++;
            }
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("status", "success");
        answer.put("moved_count", moved);
        return ReplayResponse.json(200, answer);
    }
}
