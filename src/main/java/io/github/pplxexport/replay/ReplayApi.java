package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The replay API as a pure function: (request number, request) to response, reading the archive
 * afresh each time. It knows nothing about HTTP servers; {@link ReplayServer} adapts it.
 *
 * <p>Endpoints: {@code POST /rest/perplexity_ask/graphql} (library listing, see
 * {@link LibraryQuery}), {@code GET /rest/thread/<uuid>} plain and schematized (see
 * {@link ThreadPages}; a sibling, see {@link Siblings}), {@code GET /api/auth/session}, the asset data
 * and CDN (see {@link AssetRoutes}), asking and models (see {@link AskReplay}), the spaces (every
 * {@code /rest/collections/} endpoint: {@link SpaceRoutes}) and the credit usage ({@link UsageRoutes}). Unknown thread
 * uuids get 403 {@code VIEW_THREAD_NOT_ALLOWED}, as the
 * real API answers for a thread one may not see. A request whose request line names an absolute URL
 * ({@code GET http://host/… HTTP/1.1}: the client uses this server as its HTTP proxy) is served by the CDN
 * when the host is {@value #CDN_HOST}, like a direct request when it is this machine, and gets 502 for any
 * other host: the replay never connects anywhere.
 *
 * <p>Sessions: the session cookie {@value #SESSION_COOKIE} whose value names an author folder of the archive
 * (or the configured account), alone or followed by {@code :<any secret>}, is that account's session. In the default open mode any other request is let
 * in as the configured account (null: every thread, session named after the archive's only author). In
 * strict mode ({@link ReplayOptions#strictAuth()}) every {@code /rest/} and {@code /api/} request without
 * such a session gets 401 {@code {"error_code":"UNAUTHORIZED"}} (the session endpoint too), and a session
 * fetching another account's thread gets 403 {@code VIEW_THREAD_NOT_ALLOWED}.
 */
public final class ReplayApi {
    static final String GRAPHQL_PATH = "/rest/perplexity_ask/graphql";
    static final String THREAD_PREFIX = "/rest/thread/";
    static final String SESSION_PATH = "/api/auth/session";
    static final String DEFAULT_ACCOUNT = "replay";
    /** The session cookie of the web app; its value selects a simulated account (see {@link #session}). */
    public static final String SESSION_COOKIE = "__Secure-next-auth.session-token";
    /**
     * The fake CDN host of the project's sample data: asset URLs in raw_blocks.json read
     * {@code http://cdn.pplx-sample.invalid/<web_uuid>/<asset_uuid>/<file>?Expires=…&Signature=…}; a client
     * reaches them through this server as its HTTP proxy ({@code .invalid} never resolves anywhere else).
     */
    public static final String CDN_HOST = "cdn.pplx-sample.invalid";
    private static final List<String> API_PREFIXES = List.of("/rest/", "/api/");
    private static final byte[] WEB_APP_PAGE = ("<!doctype html><html><head><meta charset=\"utf-8\"><title>Perplexity"
            + " (replay)</title></head><body><p>The replay's web app page: its origin is the API's.</p></body></html>")
            .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    private static final List<String> LOOPBACK = List.of("127.0.0.1", "localhost", "[::1]");

    private final ReplayArchive archive;
    private final int pageSize;
    private final String account;
    private final String email;
    private final FaultPlan faults;
    private final boolean strictAuth;
    private final AskReplay asks;
    private final SpaceRoutes spaces;

    /**
     * Uses the archive, page size, account, e-mail, faults and auth mode of {@code options} (port and
     * request log belong to the server). A null account serves every thread and names the
     * session after the archive's only author folder (or {@value #DEFAULT_ACCOUNT}); the account,
     * when given, also filters the library to that author. The e-mail, when given, is the configured
     * account's (default {@code <account>@example.com}).
     */
    public ReplayApi(ReplayOptions options) {
        AskedThreads asked = new AskedThreads();
        this.archive = new ReplayArchive(options.archive(), asked::archive);
        this.pageSize = options.pageSize();
        this.account = options.account();
        this.email = options.email();
        this.faults = options.faults();
        this.strictAuth = options.strictAuth();
        // the spaces see the threads asked (made in one, or moved into one) with the archive's
        this.spaces = new SpaceRoutes(archive, asked, this::sessionAccount);
        // asking and models (AskReplay); the threads asked are listed and served with the archive's
        this.asks = new AskReplay(new ReplayArchive(options.archive()), archive, asked, spaces,
                options.faults().asks(), options.askChunkMillis(), this::sessionAccount);
    }

    /** Deletes the threads asked through this replay (never the archive's). */
    public void close() {
        asks.close();
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
        if (cdn(request)) {
            // as the platform's CDN answers its web app: any origin may read a signed URL's answer (a browser's fetch
            // of an asset, e.g. through WebBridge), errors included
            response = response.withHeader("Access-Control-Allow-Origin", "*");
        }
        return operation == null ? response : response.withOperation(operation);
    }

    /** A request for the CDN: through this server as a proxy to {@value #CDN_HOST}, or under {@code /cdn/}. */
    private static boolean cdn(ReplayRequest request) {
        return request.proxied() && !LOOPBACK.contains(request.proxiedHost()) ? CDN_HOST.equals(request.proxiedHost())
                : AssetRoutes.isCdn(request.path());
    }

    private ReplayResponse route(ReplayRequest request) {
        String path = request.path();
        try {
            if (request.proxied() && !LOOPBACK.contains(request.proxiedHost())) {
                if (!request.proxiedHost().equals(CDN_HOST)) {
                    return ReplayResponse.error(502, "PROXY_HOST_NOT_SERVED");
                }
                return only("GET", request) ? AssetRoutes.cdn(request, path, archive, faults) : notAllowed();
            }
            if (AssetRoutes.isCdn(path)) {
                return only("GET", request)
                        ? AssetRoutes.cdn(request, path.substring(AssetRoutes.CDN_PREFIX.length() - 1), archive, faults)
                        : notAllowed();
            }
            Optional<String> session = knownSession(request);
            if (strictAuth && session.isEmpty() && API_PREFIXES.stream().anyMatch(path::startsWith)) {
                return FaultResponses.status(401);
            }
            String caller = session.orElse(strictAuth ? null : account);
            Optional<ReplayResponse> asking = asks.route(request, caller);
            if (asking.isPresent()) {
                return asking.get();
            }
            if (path.equals(GRAPHQL_PATH)) {
                return only("POST", request) ? graphql(request, caller) : notAllowed();
            }
            if (path.startsWith(THREAD_PREFIX)) {
                return only("GET", request) ? thread(request, caller) : notAllowed();
            }
            if (path.equals(SESSION_PATH)) {
                if (faults.sessionChallenged()) {
                    return FaultResponses.apply(new FaultPlan.Fault(FaultPlan.Fault.Kind.CLOUDFLARE, 403, 0), () -> null);
                }
                return only("GET", request) ? session(session.orElse(sessionAccount())) : notAllowed();
            }
            if (SpaceRoutes.handles(path)) {
                return spaces.answer(request, caller);
            }
            if (UsageRoutes.handles(path)) {
                return UsageRoutes.answer(request, caller, strictAuth, archive);
            }
            if (AssetRoutes.isData(path)) {
                return only("GET", request) ? AssetRoutes.data(request, archive, faults) : notAllowed();
            }
            if (path.equals("/") && request.method().equals("GET")) {
                // the web app's page: the origin a browser tab (WebBridge) sends the API requests from
                return new ReplayResponse(200, "text/html; charset=utf-8", Map.of(), WEB_APP_PAGE, 0, null, null);
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

    /**
     * {@code caller}: the account whose library is listed, null for every thread of the archive. Like an Apollo
     * server, a body that is not a JSON object, or not sent as {@code Content-Type: application/json}, is a 400.
     */
    private ReplayResponse graphql(ReplayRequest request, String caller) {
        String contentType = String.valueOf(request.header("Content-Type")).toLowerCase(Locale.ROOT);
        Map<String, Object> body = J.asMap(parseOrNull(request.bodyText()));
        if (body == null || !contentType.startsWith("application/json")) {
            return ReplayResponse.json(400, Map.of("errors", List.of(Map.of("message",
                    "POST body must be a JSON object sent as Content-Type: application/json"))));
        }
        return LibraryQuery.answer(body, () -> archive.library(caller).stream()
                .filter(t -> faults.listed(t.webUuid())).toList());
    }

    private ReplayResponse thread(ReplayRequest request, String caller) throws IOException {
        String uuid = QueryString.decodeSegment(request.path().substring(THREAD_PREFIX.length()));
        if (uuid.isEmpty() || uuid.contains("/")) {
            return ReplayResponse.error(404, "NOT_FOUND");
        }
        Optional<String> gone = faults.terminalFor(uuid);
        if (gone.isPresent()) {
            return ReplayResponse.error(400, gone.get());
        }
        if (asks.freshNotFound(uuid)) {
            return ReplayResponse.error(404, "NOT_FOUND");
        }
        Optional<ThreadRecord> found = archive.find(uuid);
        Optional<Siblings.Sibling> sibling = found.isEmpty() && faults.has(FaultPlan.Mark.SIBLING, uuid)
                ? Siblings.find(archive, uuid) : Optional.empty();
        ThreadRecord owner = found.or(() -> sibling.map(Siblings.Sibling::parent)).orElse(null);
        if (owner == null || (strictAuth && !owner.author().equals(caller))) {
            return ReplayResponse.error(403, "VIEW_THREAD_NOT_ALLOWED");
        }
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
        Map<String, Object> stored = found.isPresent() ? PayloadDrift.apply(stored(owner, blocks), faults.drifts(uuid), blocks)
                : sibling.get().stored(blocks);
        return ReplayResponse.json(200, ThreadPages.page(stored, pageSize, offset, scope));
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

    private ReplayResponse session(String name) {
        Map<String, Object> user = new LinkedHashMap<>();
        user.put("name", name);
        user.put("email", email != null && name.equals(sessionAccount()) ? email : name + "@example.com");
        user.put("username", name);
        user.put("image", null);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user", user);
        body.put("expires", "2099-01-01T00:00:00.000Z");
        return ReplayResponse.json(200, body);
    }

    /**
     * The account of a request's session cookie, when its value names an author folder of the archive or the
     * configured account: several simulated accounts on one server.
     */
    private Optional<String> knownSession(ReplayRequest request) {
        String cookie = request.cookie(SESSION_COOKIE);
        // "<account>:<secret>" is that account's session too: a token that looks like one, for the tests that
        // check no cookie value is ever logged
        String token = cookie == null || cookie.indexOf(':') < 0 ? cookie : cookie.substring(0, cookie.indexOf(':'));
        return token != null && (token.equals(account) || archive.authorFolders().contains(token))
                ? Optional.of(token) : Optional.empty();
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
