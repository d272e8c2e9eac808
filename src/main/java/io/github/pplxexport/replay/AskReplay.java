package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.text.PyStrings;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Asking, served by the replay (ask-stream.md): {@code POST /rest/sse/perplexity_ask} checks the envelope as the
 * platform would (400 otherwise), makes a new thread of the mode its {@code model_preference} maps to from a template
 * thread of that mode in the archive (new uuids, the prompt as the query, now as the time; a follow-up appends a turn
 * to its thread instead) and streams it in the framing of §2: cumulative snapshots, one every
 * {@code --ask-chunk-ms}, the final message, then {@code end_of_stream}. From the final message on, the thread is in
 * the library listing and {@code GET /rest/thread/<uuid>} serves it, plain and schematized ({@link AskedThreads}).
 * Also {@code models/config/v2} and {@code mark_viewed}; the spaces (a new thread's {@code target_collection_uuid})
 * are {@link SpaceRoutes}'.
 * Faults: {@link AskFaults}.
 */
final class AskReplay implements AutoCloseable {
    static final String ASK_PATH = "/rest/sse/perplexity_ask";
    static final String MODELS_PATH = "/rest/models/config/v2";
    static final String MARK_VIEWED_PATH = "/rest/thread/mark_viewed";
    /** Progress snapshots between the first and the final message. */
    static final int PROGRESS_EVENTS = 4;
    private static final DateTimeFormatter PLATFORM_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS").withZone(ZoneOffset.UTC);

    private final ReplayArchive templates;
    private final ReplayArchive served;
    private final AskedThreads asked;
    private final AskFaults faults;
    private final long chunkMillis;
    private final Supplier<String> sessionAccount;
    private final SpaceRoutes spaces;
    private final Map<String, AtomicInteger> freshFetches = new ConcurrentHashMap<>();

    /**
     * @param templates the archive as served, without the asked threads (where a new thread's template comes from)
     * @param served    the archive with the asked threads (where a follow-up's thread is found)
     */
    AskReplay(ReplayArchive templates, ReplayArchive served, AskedThreads asked, SpaceRoutes spaces, AskFaults faults,
              long chunkMillis, Supplier<String> sessionAccount) {
        this.templates = templates;
        this.served = served;
        this.asked = asked;
        this.faults = faults;
        this.chunkMillis = chunkMillis;
        this.sessionAccount = sessionAccount;
        this.spaces = spaces;
    }

    /** The answer to a request of asking; empty for any other path. */
    Optional<ReplayResponse> route(ReplayRequest request, String caller) {
        return switch (request.path()) {
            // the session's account only here: without a caller it is read from the archive's author folders
            case ASK_PATH -> Optional.of(post(request)
                    ? ask(request, caller != null ? caller : sessionAccount.get()) : notAllowed());
            case MODELS_PATH -> Optional.of(request.method().equals("GET") ? ReplayResponse.json(200, ModelsConfig.answer()) : notAllowed());
            case MARK_VIEWED_PATH -> Optional.of(post(request) ? markViewed(request) : notAllowed());
            default -> Optional.empty();
        };
    }

    /** A fetch of an asked thread that the {@code fresh-404} fault answers with 404 (counting it). */
    boolean freshNotFound(String uuid) {
        AtomicInteger n = freshFetches.get(uuid);
        return n != null && n.incrementAndGet() <= faults.fresh404();
    }

    private static boolean post(ReplayRequest request) {
        return request.method().equals("POST");
    }

    private static ReplayResponse notAllowed() {
        return ReplayResponse.error(405, "METHOD_NOT_ALLOWED");
    }

    private ReplayResponse markViewed(ReplayRequest request) {
        Object ids = J.get(parse(request), "context_uuids");
        if (!(ids instanceof List<?> l) || l.isEmpty()) {
            return badRequest("context_uuids must be a non-empty list");
        }
        return ReplayResponse.json(200, Map.of("status", "success"));
    }

    // --- the ask ---------------------------------------------------------------------------------------------------

    private ReplayResponse ask(ReplayRequest request, String author) {
        Map<String, Object> body = J.asMap(parse(request));
        if (body == null || !String.valueOf(request.header("Content-Type")).toLowerCase(Locale.ROOT).startsWith("application/json")) {
            return badRequest("the body must be a JSON object sent as Content-Type: application/json");
        }
        Map<String, Object> p = J.map(body, "params");
        String prompt = J.str(body, "query_str");
        String model = J.str(p, "model_preference");
        if (!"copilot".equals(J.str(p, "mode"))) {
            return badRequest("params.mode must be copilot");
        }
        if (prompt.isBlank()) {
            return badRequest("query_str is empty");
        }
        if (!ModelsConfig.known(model)) {
            return badRequest("unknown model_preference '" + model + "'");
        }
        String mode = ModelsConfig.modeOf(model);
        List<Object> compare = J.list(p, "compare_model_preferences");
        if (mode.equals("council") && (compare.size() < 2 || compare.size() > 3 || !compare.stream().allMatch(m -> ModelsConfig.known(String.valueOf(m))))) {
            return badRequest("council takes 2-3 known compare_model_preferences");
        }
        Instant now = Instant.now();
        Turn turn;
        if ("followup".equals(J.str(p, "query_source"))) {
            Optional<Turn> t = followUp(J.str(p, "last_backend_uuid"), prompt, now);
            if (t.isEmpty()) {
                return badRequest("last_backend_uuid names no turn of a thread");
            }
            turn = t.get();
        } else {
            Optional<ThreadRecord> template = template(mode, author);
            if (template.isEmpty()) {
                return ReplayResponse.error(503, "NO_TEMPLATE_THREAD_FOR_" + mode.toUpperCase(Locale.ROOT));
            }
            turn = newThread(template.get(), author, prompt, model, J.str(p, "target_collection_uuid"), now);
        }
        freshFetches.putIfAbsent(turn.threadUuid, new AtomicInteger());
        return new ReplayResponse(200, "text/event-stream; charset=utf-8", Map.of("Cache-Control", "no-cache"),
                null, 0, null, null, out -> stream(turn, out));
    }

    /** The newest thread of {@code mode} by {@code author}, else by anyone. */
    private Optional<ThreadRecord> template(String mode, String author) {
        List<ThreadRecord> ofMode = templates.library(null).stream().filter(t -> t.mode().equals(mode)).toList();
        return ofMode.stream().filter(t -> t.author().equals(author)).findFirst().or(() -> ofMode.stream().findFirst());
    }

    /** A turn being asked: the thread it is in, the entry it adds, and what is written when it is complete. */
    private static final class Turn {
        String threadUuid;
        Map<String, Object> entry;
        String author;
        String mode;
        String dirName;
        Map<String, Object> threadJson;
        Map<String, Object> rawEntries;
        Map<String, Object> rawBlocks;
    }

    private Turn newThread(ThreadRecord template, String author, String prompt, String model, String collection,
                           Instant now) {
        Map<String, Object> raw = read(template.rawEntries());
        Map<String, Object> first = J.asMap(J.list(raw, "entries").get(0));
        String thread = UUID.randomUUID().toString();
        Map<String, String> ids = new LinkedHashMap<>();
        ids.put(template.webUuid(), thread);
        for (String key : List.of("backend_uuid", "uuid", "context_uuid", "frontend_uuid", "frontend_context_uuid", "read_write_token")) {
            String old = J.str(first, key);
            if (!old.isEmpty()) {
                ids.putIfAbsent(old, key.equals("backend_uuid") ? thread : UUID.randomUUID().toString());
            }
        }
        String title = PyStrings.head(prompt.strip().lines().findFirst().orElse("").strip(), 80);
        Map<String, Object> entry = J.asMap(replaceIds(first, ids));
        turn(entry, prompt, author, "home", now);
        entry.put("thread_title", title);
        if (ModelsConfig.modeOf(model).equals("search")) {
            entry.put("display_model", model);
            entry.put("user_selected_model", model);
        }
        Map<String, Object> space = collection.isEmpty() ? null : spaces.listed(collection);
        entry.put("collection_info", space);
        Map<String, Object> metadata = J.asMap(replaceIds(J.map(raw, "thread_metadata"), ids));
        metadata.put("title", title);
        metadata.put("created_at", PLATFORM_TIME.format(now));
        metadata.put("updated_at", PLATFORM_TIME.format(now));

        Turn t = new Turn();
        t.threadUuid = thread;
        t.entry = entry;
        t.author = author;
        t.mode = template.mode();
        t.dirName = now.toString().substring(0, 10) + "_asked_" + thread.substring(0, 8);
        t.rawEntries = thread(metadata, List.of(entry));
        if (template.hasRawBlocks()) {
            Map<String, Object> blocks = read(template.rawBlocks());
            Object firstBlocks = J.list(blocks, "entries").stream()
                    .filter(b -> J.str(b, "uuid").equals(J.str(first, "uuid"))).findFirst().orElse(null);
            List<Object> blockEntries = new ArrayList<>();
            if (firstBlocks != null) {
                Map<String, Object> b = J.asMap(replaceIds(firstBlocks, ids));
                b.put("query_str", prompt);
                b.put("thread_title", title);
                blockEntries.add(b);
            }
            t.rawBlocks = thread(metadata, blockEntries);
        }
        t.threadJson = threadJson(thread, title, t.mode, author, space, metadata);
        return t;
    }

    /** A follow-up: the thread whose turn is {@code lastBackendUuid} gets a new turn made from its last one. */
    private Optional<Turn> followUp(String lastBackendUuid, String prompt, Instant now) {
        if (lastBackendUuid.isEmpty()) {
            return Optional.empty();
        }
        for (ThreadRecord t : served.library(null)) {
            Map<String, Object> raw = read(t.rawEntries());
            List<Object> entries = J.list(raw, "entries");
            if (entries.stream().noneMatch(e -> J.str(e, "backend_uuid").equals(lastBackendUuid))) {
                continue;
            }
            Map<String, Object> last = J.asMap(entries.get(entries.size() - 1));
            Map<String, String> ids = new LinkedHashMap<>();
            String backend = UUID.randomUUID().toString();
            ids.put(J.str(last, "backend_uuid"), backend);
            ids.put(J.str(last, "uuid"), UUID.randomUUID().toString());
            if (!J.str(last, "frontend_uuid").isEmpty()) {
                ids.putIfAbsent(J.str(last, "frontend_uuid"), UUID.randomUUID().toString());
            }
            Map<String, Object> entry = J.asMap(replaceIds(last, ids));
            turn(entry, prompt, t.author(), "followup", now);
            entry.put("side_by_side_metadata", null);
            List<Object> all = new ArrayList<>(entries);
            all.add(entry);
            Map<String, Object> metadata = new LinkedHashMap<>(J.map(raw, "thread_metadata"));
            metadata.put("updated_at", PLATFORM_TIME.format(now));

            Turn turn = new Turn();
            turn.threadUuid = t.webUuid();
            turn.entry = entry;
            turn.author = t.author();
            turn.mode = t.mode();
            turn.dirName = t.dir().getFileName().toString();
            turn.rawEntries = thread(metadata, all);
            if (t.hasRawBlocks()) {
                Map<String, Object> blocks = read(t.rawBlocks());
                List<Object> blockEntries = new ArrayList<>(J.list(blocks, "entries"));
                blockEntries.stream().filter(b -> J.str(b, "uuid").equals(J.str(last, "uuid"))).findFirst()
                        .ifPresent(b -> {
                            Map<String, Object> copy = J.asMap(replaceIds(b, ids));
                            copy.put("query_str", prompt);
                            blockEntries.add(copy);
                        });
                turn.rawBlocks = thread(metadata, blockEntries);
            }
            Map<String, Object> threadJson = new LinkedHashMap<>(read(t.dir().resolve(ThreadRecord.THREAD_JSON)));
            threadJson.remove("lastUpdated");   // the listing takes the new turn's time
            threadJson.put("metadata", metadata);
            turn.threadJson = threadJson;
            return Optional.of(turn);
        }
        return Optional.empty();
    }

    /** The new turn's own fields: the prompt, the author, the time; a clean answer (no variant of another one). */
    private static void turn(Map<String, Object> entry, String prompt, String author, String source, Instant now) {
        long us = now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
        entry.put("query_str", prompt);
        entry.put("query_source", source);
        entry.put("author_username", author);
        entry.put("created_us", us);
        entry.put("updated_us", us + 1_000_000L);
        entry.put("updated_datetime", PLATFORM_TIME.format(now.plusSeconds(1)));
        entry.put("status", "completed");
        entry.put("side_by_side_metadata", null);
        entry.put("text", withQuery(J.str(entry, "text"), prompt));
    }

    /** The steps (entry.text) with the prompt as the INITIAL_QUERY's query. */
    private static String withQuery(String text, String prompt) {
        Object steps;
        try {
            steps = Json.parse(text);
        } catch (JsonException e) {
            return text;
        }
        if (!(steps instanceof List<?> list)) {
            return text;
        }
        for (Object s : list) {
            if ("INITIAL_QUERY".equals(J.str(s, "step_type")) && J.get(s, "content") instanceof Map<?, ?>) {
                J.map(s, "content").put("query", prompt);
            }
        }
        return PyJson.compact(steps);
    }

    private static Map<String, Object> thread(Map<String, Object> metadata, List<Object> entries) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("thread_metadata", metadata);
        m.put("entries", entries);
        m.put("background_entries", List.of());
        return m;
    }

    private static Map<String, Object> threadJson(String uuid, String title, String mode, String author,
                                                  Map<String, Object> space, Map<String, Object> metadata) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("web_uuid", uuid);
        t.put("title", title);
        t.put("mode", mode);
        t.put("author", author);
        t.put("space", space);
        t.put("metadata", metadata);
        return t;
    }

    // --- the stream ------------------------------------------------------------------------------------------------

    /**
     * The event stream of one turn (CRLF framing, one JSON object per {@code data:} line, non-ASCII escaped): a first
     * snapshot with the ids, {@link #PROGRESS_EVENTS} snapshots of the answer growing, the final message, then
     * {@code end_of_stream}. The thread is stored when the final message goes out, or when the stream is cut
     * (the platform finishes a thread whatever happens to the connection).
     */
    private void stream(Turn turn, OutputStream out) throws IOException {
        String finalStatus = faults.finalStatus();
        if (!finalStatus.equals("COMPLETED")) {
            String lower = finalStatus.toLowerCase(Locale.ROOT);
            J.map(turn.rawEntries, "thread_metadata").put("thread_status", lower);
            turn.entry.put("status", lower);
        }
        String answer = answerOf(J.str(turn.entry, "text"));
        int total = PyStrings.length(answer);
        int sent = 0;
        boolean stored = false;
        try {
            for (int i = 0; i <= PROGRESS_EVENTS + 1; i++) {
                boolean last = i == PROGRESS_EVENTS + 1;
                if (i > 0) {
                    pause(i == 1 && faults.stallMillis() > 0 ? faults.stallMillis() : chunkMillis);
                }
                if (last) {
                    store(turn);
                    stored = true;
                }
                String text = last ? J.str(turn.entry, "text")
                        : PyStrings.head(answer, total * i / (PROGRESS_EVENTS + 1));
                event(out, "message", snapshot(turn, last ? finalStatus : "PENDING", last, text, last ? answer : text));
                sent++;
                if (faults.dropAfter() > 0 && sent >= faults.dropAfter()) {
                    throw new ReplayStream.Dropped("ask-drop@" + faults.dropAfter());
                }
            }
            event(out, "end_of_stream", Map.of());
        } finally {
            // cut short (the ask-drop fault, a client gone): the thread is complete on the server all the same
            if (!stored) {
                store(turn);
            }
        }
        out.close();
    }

    private void store(Turn t) {
        asked.write(t.author, t.mode, t.dirName, t.threadJson, t.rawEntries, t.rawBlocks);
    }

    private static Map<String, Object> snapshot(Turn turn, String status, boolean last, String text, String markdown) {
        Map<String, Object> e = turn.entry;
        Map<String, Object> d = new LinkedHashMap<>();
        for (String k : List.of("backend_uuid", "context_uuid", "uuid", "frontend_context_uuid")) {
            d.put(k, J.get(e, k));
        }
        d.put("thread_url_slug", turn.threadUuid);
        d.put("status", status);
        d.put("final_sse_message", last);
        d.put("text_completed", last);
        d.put("display_model", J.get(e, "display_model"));
        d.put("search_mode", J.get(e, "search_mode"));
        d.put("text", text);
        Map<String, Object> block = new LinkedHashMap<>();
        block.put("progress", last ? "DONE" : "IN_PROGRESS");
        block.put("chunks", List.of(markdown));
        block.put("answer", markdown);
        d.put("blocks", List.of(Map.of("intended_usage", "ask_text", "markdown_block", block)));
        return d;
    }

    private static void event(OutputStream out, String name, Object data) throws IOException {
        out.write(("event: " + name + "\r\ndata: " + PyJson.ascii(data) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** The answer markdown of a turn's steps (the FINAL step's {@code content.answer}, itself JSON). */
    static String answerOf(String text) {
        try {
            for (Object s : J.asList(Json.parse(text))) {
                if ("FINAL".equals(J.str(s, "step_type"))) {
                    Object a = J.get(J.get(s, "content"), "answer");
                    Object inner = a instanceof String str ? Json.parse(str) : a;
                    return J.str(inner, "answer");
                }
            }
        } catch (JsonException | ClassCastException e) {
            // not steps: the text itself
        }
        return text;
    }

    private static void pause(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReplayStream.Dropped("the server is stopping");
        }
    }

    // --- helpers ---------------------------------------------------------------------------------------------------

    /** A deep copy with every occurrence of an old id in a string replaced (thread, entry, context uuids...). */
    static Object replaceIds(Object node, Map<String, String> ids) {
        if (node instanceof String s) {
            for (Map.Entry<String, String> id : ids.entrySet()) {
                s = s.replace(id.getKey(), id.getValue());
            }
            return s;
        }
        if (node instanceof Map<?, ?> m) {
            Map<String, Object> copy = new LinkedHashMap<>();
            m.forEach((k, v) -> copy.put(String.valueOf(k), replaceIds(v, ids)));
            return copy;
        }
        if (node instanceof List<?> l) {
            List<Object> copy = new ArrayList<>(l.size());
            l.forEach(v -> copy.add(replaceIds(v, ids)));
            return copy;
        }
        return node;
    }

    private static Map<String, Object> read(Path file) {
        try {
            return Json.readObject(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Object parse(ReplayRequest request) {
        try {
            return Json.parse(request.bodyText());
        } catch (JsonException e) {
            return null;
        }
    }

    static ReplayResponse badRequest(String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error_code", "BAD_REQUEST");
        body.put("message", message);
        return ReplayResponse.json(400, body);
    }

    @Override
    public void close() {
        asked.close();
    }
}
