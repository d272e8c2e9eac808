package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The replay API as a pure function: (request number, request) to response, reading the archive
 * afresh each time. It knows nothing about HTTP servers; {@link ReplayServer} adapts it.
 *
 * <p>Endpoints: {@code POST /rest/perplexity_ask/graphql} (library listing, see
 * {@link LibraryQuery}), {@code GET /rest/thread/<uuid>} plain and schematized (see
 * {@link ThreadPages}), {@code GET /api/auth/session}, and the asset data / CDN paths (see
 * {@link AssetRoutes}). Unknown thread uuids get 403
 * {@code VIEW_THREAD_NOT_ALLOWED}, as the real API answers for a thread one may not see.
 */
public final class ReplayApi {
    static final String GRAPHQL_PATH = "/rest/perplexity_ask/graphql";
    static final String THREAD_PREFIX = "/rest/thread/";
    static final String SESSION_PATH = "/api/auth/session";
    static final String DEFAULT_ACCOUNT = "replay";

    private final ReplayArchive archive;
    private final int pageSize;
    /** The session cookie of the web app; its value selects a simulated account (see {@link #accountOf}). */
    public static final String SESSION_COOKIE = "__Secure-next-auth.session-token";

    private final String account;
    private final String email;
    private final FaultPlan faults;

    /**
     * Uses the archive, page size, account, e-mail and faults of {@code options} (port and
     * request log belong to the server). A null account serves every thread and names the
     * session after the archive's only author folder (or {@value #DEFAULT_ACCOUNT}); the account,
     * when given, also filters the library to that author. A null e-mail gives
     * {@code <account>@example.com}.
     */
    public ReplayApi(ReplayOptions options) {
        this.archive = new ReplayArchive(options.archive());
        this.pageSize = options.pageSize();
        this.account = options.account();
        this.email = options.email();
        this.faults = options.faults();
    }

    public Path archiveRoot() {
        return archive.root();
    }

    /** Answers the {@code n}-th request (1-based; fault rules count requests this way). */
    public ReplayResponse handle(long n, ReplayRequest request) {
        String operation = request.path().equals(GRAPHQL_PATH) ? operationName(request) : null;
        Optional<FaultPlan.Fault> fault = faults.forRequest(n);
        ReplayResponse response = fault.isPresent()
                ? FaultResponses.apply(fault.get(), () -> route(request))
                : route(request);
        return operation == null ? response : response.withOperation(operation);
    }

    private ReplayResponse route(ReplayRequest request) {
        String path = request.path();
        try {
            if (path.equals(GRAPHQL_PATH)) {
                return only("POST", request) ? graphql(request) : notAllowed();
            }
            if (path.startsWith(THREAD_PREFIX)) {
                return only("GET", request) ? thread(request) : notAllowed();
            }
            if (path.equals(SESSION_PATH)) {
                return only("GET", request) ? session(request) : notAllowed();
            }
            if (AssetRoutes.serves(path)) {
                return only("GET", request) ? AssetRoutes.answer(request, archive) : notAllowed();
            }
            return ReplayResponse.error(404, "NOT_FOUND");
        } catch (IOException | RuntimeException e) {
            // a broken archive file is the server's fault, and the client should see it as one
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error_code", "REPLAY_ARCHIVE_UNREADABLE");
            body.put("message", String.valueOf(e.getMessage()));
            return ReplayResponse.json(500, body);
        }
    }

    private ReplayResponse graphql(ReplayRequest request) {
        Map<String, Object> body = J.asMap(parseOrNull(request.bodyText()));
        if (body == null) {
            return ReplayResponse.json(400, Map.of("errors", List.of(Map.of("message", "request body is not a JSON object"))));
        }
        return LibraryQuery.answer(body, archive, accountOf(request));
    }

    private ReplayResponse thread(ReplayRequest request) throws IOException {
        String uuid = QueryString.decodeSegment(request.path().substring(THREAD_PREFIX.length()));
        if (uuid.isEmpty() || uuid.contains("/")) {
            return ReplayResponse.error(404, "NOT_FOUND");
        }
        Optional<String> gone = faults.terminalFor(uuid);
        if (gone.isPresent()) {
            return ReplayResponse.error(400, gone.get());
        }
        Optional<ThreadRecord> found = archive.find(uuid);
        if (found.isEmpty()) {
            return ReplayResponse.error(403, "VIEW_THREAD_NOT_ALLOWED");
        }
        ThreadRecord t = found.get();
        Map<String, List<String>> query = request.query();
        boolean blocks = "true".equals(QueryString.first(query, "with_schematized_response"));
        String scope = (blocks ? "blocks:" : "entries:") + uuid;

        int offset = 0;
        String cursor = QueryString.first(query, "cursor");
        if (cursor != null && !cursor.isEmpty()) {
            OptionalInt decoded = Cursors.decode(scope, cursor);
            if (decoded.isEmpty()) {
                return ReplayResponse.error(400, "INVALID_CURSOR");
            }
            offset = decoded.getAsInt();
        }
        return ReplayResponse.json(200, ThreadPages.page(stored(t, blocks), pageSize, offset, scope));
    }

    /** The stored response for one form; a thread archived without blocks answers an empty one. */
    private static Map<String, Object> stored(ThreadRecord t, boolean blocks) throws IOException {
        Map<String, Object> entries = Json.readObject(t.rawEntries());
        if (!blocks) {
            return entries;
        }
        if (t.hasRawBlocks()) {
            return Json.readObject(t.rawBlocks());
        }
        Map<String, Object> empty = new LinkedHashMap<>();
        empty.put("thread_metadata", J.get(entries, "thread_metadata"));
        empty.put("entries", List.of());
        empty.put("background_entries", List.of());
        return empty;
    }

    private ReplayResponse session(ReplayRequest request) {
        String fromCookie = cookieAccount(request);
        String name = fromCookie != null ? fromCookie : sessionAccount();
        Map<String, Object> user = new LinkedHashMap<>();
        user.put("name", name);
        user.put("email", email != null && fromCookie == null ? email : name + "@example.com");
        user.put("username", name);
        user.put("image", null);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user", user);
        body.put("expires", "2099-01-01T00:00:00.000Z");
        return ReplayResponse.json(200, body);
    }

    /**
     * Several simulated accounts on one server: a session cookie whose value names an author folder
     * logs in as that author (listing limited to their threads); otherwise the configured account.
     */
    private String accountOf(ReplayRequest request) {
        String fromCookie = cookieAccount(request);
        return fromCookie != null ? fromCookie : account;
    }

    private String cookieAccount(ReplayRequest request) {
        String token = request.cookie(SESSION_COOKIE);
        return token != null && archive.authorFolders().contains(token) ? token : null;
    }

    String sessionAccount() {
        if (account != null) {
            return account;
        }
        List<String> authors = archive.authorFolders();
        return authors.size() == 1 ? authors.get(0) : DEFAULT_ACCOUNT;
    }

    private static boolean only(String method, ReplayRequest request) {
        return request.method().equals(method);
    }

    private static ReplayResponse notAllowed() {
        return ReplayResponse.error(405, "METHOD_NOT_ALLOWED");
    }

    private static String operationName(ReplayRequest request) {
        String op = J.str(parseOrNull(request.bodyText()), "operationName");
        return op.isEmpty() ? null : op;
    }

    private static Object parseOrNull(String text) {
        try {
            return Json.parse(text);
        } catch (JsonException e) {
            return null;
        }
    }
}
