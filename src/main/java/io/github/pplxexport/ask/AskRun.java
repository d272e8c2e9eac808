package io.github.pplxexport.ask;

import io.github.pplxexport.export.BatchSummary;
import io.github.pplxexport.export.ExportRequest;
import io.github.pplxexport.export.Failures;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.space.SpaceRequests;
import io.github.pplxexport.text.PyStrings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The bookkeeping of an ask (bean {@code askRun}; the flow and its failure policy are {@code routes/ask.camel.yaml}):
 * the envelope, the stream read event by event (ask-stream.md §3: "created", status changes, a progress line each
 * 200 more characters, an idle heartbeat), how it ended, the best-effort steps after it and the result object
 * (reference-cli-and-archive.md §7.5, plus {@code archived_to}). Each method records what its step means; the
 * routes decide what comes next.
 */
public final class AskRun {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.ask");
    static final String COMPLETED = "COMPLETED";
    static final int PROGRESS_STEP = 200;

    private final Path archiveRoot;
    private final AskConfig config;
    private final Failures failures;
    private final long heartbeatMillis;
    private final Clock clock;
    private final PendingAsks pending;
    private final AskCounter counter;
    private ScheduledExecutorService heartbeats;

    public AskRun(Path archiveRoot, AskConfig config, Failures failures, long heartbeatMillis, Clock clock,
                  AskCounter counter) {
        this.counter = counter;
        this.archiveRoot = archiveRoot;
        this.config = config;
        this.failures = failures;
        this.heartbeatMillis = heartbeatMillis;
        this.clock = clock;
        this.pending = new PendingAsks(archiveRoot);
    }

    /** A new ask: its models from the catalog (or pinned), checked again (a scheduled ask has no command line). */
    public AskState start(AskRequest request) {
        ModelCatalog catalog = ModelCatalog.load(archiveRoot);
        if (!request.followUp() || !request.models().isEmpty()) {
            catalog.staleness(clock.instant()).ifPresent(w -> LOG.warn("[ask] {}", w));
        }
        return new AskState(request, catalog.modelFor(request.mode(), request.models()),
                catalog.compareFor(request.mode(), request.models()));
    }

    // --- before the ask: the space, the follow-up's previous turn -----------------------------------------------

    public boolean inSpace(AskState ask) {
        return ask.request.space() != null;
    }

    /** The space's uuid from get_collection's answer; none: the ask stops before it is sent. */
    public void spaceResolved(AskState ask, Object collection) {
        String uuid = J.str(collection, "uuid");
        if (SpaceRequests.notViewable(collection)) {
            throw new IllegalArgumentException("space " + ask.request.space() + ": this account may not view it"
                    + " (VIEW_COLLECTION_NOT_ALLOWED)");
        }
        if (uuid.isEmpty()) {
            throw new IllegalArgumentException("space " + ask.request.space() + " could not be resolved (get_collection has no uuid)");
        }
        ask.targetCollection = uuid;
    }

    public boolean followUp(AskState ask) {
        return ask.request.followUp();
    }

    /** The follow-up's thread, as the plain fetch takes it. */
    public ExportRequest threadRequest(AskState ask) {
        return new ExportRequest(ask.request.account(), ask.request.thread(), ask.threadUrl(), null, false);
    }

    /** The previous turn of a follow-up: the last entry (by created_us) of the thread's plain fetch. */
    public void previousTurn(AskState ask, Object thread) {
        List<Object> entries = J.list(thread, "entries");
        Object last = entries.stream().max(Comparator.comparingLong(e -> J.toLong(J.get(e, "created_us"), 0))).orElse(null);
        String backend = J.str(last, "backend_uuid");
        if (backend.isEmpty()) {
            throw new IllegalArgumentException("thread " + ask.request.thread() + " has no turn to follow up");
        }
        ask.lastBackendUuid = backend;
        ask.readWriteToken = J.str(last, "read_write_token").isEmpty() ? null : J.str(last, "read_write_token");
    }

    /** The space or the follow-up's thread could not be had: nothing is asked; one line (401/403: exit 3). */
    public void notSent(AskState ask, Exception e) {
        ask.outcome = AskState.Outcome.REQUEST_FAILED;
        Integer status = failures.status(e);
        ask.exitCode = status != null && (status == 401 || status == 403) ? 3 : 1;
        ask.error = "[ask] not asked: " + failures.line(e);
        LOG.error(ask.error);
    }

    /** Still to be sent (nothing went wrong before the ask). */
    public boolean sendable(AskState ask) {
        return ask.outcome == AskState.Outcome.RUNNING;
    }

    /** The request body; the clock of the elapsed seconds starts here. */
    public String envelope(AskState ask) {
        ask.startNanos = System.nanoTime();
        return AskEnvelope.json(AskEnvelope.of(ask.request.prompt(), ask.model, ask.compare, ask.targetCollection,
                ask.lastBackendUuid, ask.readWriteToken));
    }

    // --- the stream --------------------------------------------------------------------------------------------

    /**
     * The answer's events, cut at each blank line while the body arrives (the route's streaming split): UTF-8 with
     * invalid bytes replaced (ask-stream.md §2), watched for idleness (a heartbeat line every
     * {@code pplx.ask.heartbeat-ms} without a byte) and failures.
     */
    public Iterator<String> events(AskState ask, InputStream body) {
        if (ask.request.followUp()) {
            LOG.info(Labels.messages().format(Label.ASK_FOLLOW_UP, ask.threadUrl()));
        }
        ask.stream = new WatchedStream(body);
        if (heartbeatMillis > 0) {
            ask.heartbeat = heartbeats().scheduleAtFixedRate(() -> idle(ask), heartbeatMillis, heartbeatMillis,
                    TimeUnit.MILLISECONDS);
        }
        return new SseEvents(ask.stream, new InputStreamReader(ask.stream, StandardCharsets.UTF_8));
    }

    private synchronized ScheduledExecutorService heartbeats() {
        if (heartbeats == null) {
            heartbeats = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "pplx-ask-heartbeat");
                t.setDaemon(true);
                return t;
            });
        }
        return heartbeats;
    }

    private void idle(AskState ask) {
        long idle = TimeUnit.NANOSECONDS.toMillis(ask.stream.idleNanos());
        if (idle >= heartbeatMillis && !ask.stream.finished()) {
            LOG.info(Labels.messages().format(Label.ASK_IDLE, String.format(Locale.ROOT, "%.1f", idle / 1000.0)));
        }
    }

    /** One event (the text between two blank lines); nothing after the final message is looked at. */
    public void event(AskState ask, String raw) {
        if (ask.finalSeen || ask.dataFailure != null) {
            return;
        }
        Object data = SseEvent.data(raw).orElse(null);
        if (data == null) {
            return;
        }
        if (!(data instanceof Map<?, ?>)) {
            // the reference's reader breaks on it (.get on a list): a failed request
            ask.dataFailure = new IllegalStateException("an event's data is not a JSON object: "
                    + PyJson.compact(data).lines().findFirst().orElse(""));
            ask.stream.finish();
            return;
        }
        Labels m = Labels.messages();
        String backend = J.str(data, "backend_uuid");
        if (ask.backendUuid.isEmpty() && !backend.isEmpty()) {
            ask.backendUuid = backend;
            if (!ask.request.followUp()) {
                LOG.info(m.format(Label.ASK_CREATED, ask.threadUrl()));
            }
        }
        String status = J.str(data, "status");
        if (!status.isEmpty() && !status.equals(ask.status)) {
            ask.status = status;
            LOG.info(m.format(Label.ASK_STATUS, seconds(ask), status));
        }
        Object text = J.get(data, "text");
        int length = text instanceof String s ? PyStrings.length(s) : 0;
        if (length > 0) {
            ask.answerChars = length;
        }
        if (length > 0 && length - ask.loggedLength > PROGRESS_STEP) {
            ask.loggedLength = length;
            LOG.info(m.format(Label.ASK_PROGRESS, seconds(ask), length));
        }
        ask.contextUuid = J.str(data, "context_uuid");
        if (J.truthy(J.get(data, "final_sse_message"))) {
            ask.finalSeen = true;
            ask.stream.finish();
        }
    }

    /**
     * The stream is over (final message, end of body, or a read failure the splitter took for its end): how it
     * ended. COMPLETED as the last status (with no read failure) is done; another final status is not completed; a
     * thread created whose stream then broke is pending; a failure before any thread is a failed request.
     */
    public AskState ended(AskState ask) {
        stopHeartbeat(ask);
        Exception failure = ask.dataFailure != null ? ask.dataFailure : ask.stream == null ? null : ask.stream.failure();
        if (failure == null && COMPLETED.equals(ask.status)) {
            ask.outcome = AskState.Outcome.COMPLETED;
            ask.exitCode = 0;
            LOG.info(Labels.messages().format(Label.ASK_DONE, seconds(ask), ask.threadUuid()));
        } else if (ask.finalSeen) {
            ask.outcome = AskState.Outcome.NOT_COMPLETED;
        } else if (!ask.backendUuid.isEmpty()) {
            ask.outcome = AskState.Outcome.BROKEN;
            ask.error = failure == null ? "the stream ended before its final message (status " + orUnknown(ask.status) + ")"
                    : failures.line(failure);
        } else if (failure != null) {
            requestFailed(ask, failure);
        } else {
            ask.outcome = AskState.Outcome.NOT_COMPLETED;
        }
        return ask;
    }

    public boolean completed(AskState ask) {
        return ask.outcome == AskState.Outcome.COMPLETED;
    }

    public boolean broken(AskState ask) {
        return ask.outcome == AskState.Outcome.BROKEN;
    }

    public boolean notCompleted(AskState ask) {
        return ask.outcome == AskState.Outcome.NOT_COMPLETED;
    }

    /** A stream that ended with another status than COMPLETED: one line with it and the thread URL; exit 1. */
    public void notCompletedLine(AskState ask) {
        String url = ask.threadUrl();
        ask.error = Labels.messages().format(Label.ASK_NOT_COMPLETED, orUnknown(ask.status), url == null ? "" : ": " + url);
        ask.exitCode = 1;
        LOG.error(ask.error);
    }

    /** A thread was created, then the stream broke: it goes into pending_asks.jsonl for the next sync; exit 1. */
    public void pending(AskState ask) throws IOException {
        recordPending(ask, ask.error);
        ask.exitCode = 1;
        String reason = ask.error;
        ask.error = Labels.messages().format(Label.ASK_BROKEN, ask.threadUrl());
        LOG.error(ask.error + " (" + reason + ")");
    }

    private void recordPending(AskState ask, String reason) throws IOException {
        pending.add(PendingAsks.entry(ask.threadUuid(), ask.threadUrl(), ask.request.account(), ask.request.mode().id(),
                ask.request.prompt(), clock.instant().truncatedTo(ChronoUnit.SECONDS).toString(), reason));
    }

    /** The ask request was answered with an HTTP error (ask-stream.md §4): one line; 401/403 exit 3, others 1. */
    public void refused(AskState ask, Exception e) {
        stopHeartbeat(ask);
        ask.outcome = AskState.Outcome.REFUSED;
        Integer status = failures.status(e);
        if ("CLOUDFLARE".equals(failures.code(e))) {
            ask.error = "[ask] " + failures.line(e);
            ask.exitCode = 3;
        } else {
            int s = status == null ? 0 : status;
            Labels m = Labels.messages();
            Label hint = switch (s) {
                case 401 -> Label.ASK_HTTP_401;
                case 403 -> Label.ASK_HTTP_403;
                case 429 -> Label.ASK_HTTP_429;
                default -> s >= 500 && s <= 599 ? Label.ASK_HTTP_5XX : Label.ASK_HTTP_OTHER;
            };
            ask.error = m.format(Label.ASK_HTTP_FAILED, s, m.get(hint));
            ask.exitCode = s == 401 || s == 403 ? 3 : 1;
        }
        LOG.error(ask.error);
    }

    /** The ask request got no answer, or its stream failed before a thread was created: one line; exit 1. */
    public void requestFailed(AskState ask, Exception e) {
        stopHeartbeat(ask);
        ask.outcome = AskState.Outcome.REQUEST_FAILED;
        ask.exitCode = 1;
        ask.error = Labels.messages().format(Label.ASK_REQUEST_FAILED, e.getClass().getSimpleName() + ": " + failures.line(e));
        LOG.error(ask.error);
    }

    /** Stopped by SIGTERM or Ctrl-C: nothing recorded, the command says so. */
    public void stopped(AskState ask) {
        stopHeartbeat(ask);
        ask.outcome = AskState.Outcome.STOPPED;
        ask.exitCode = 3;
    }

    private static void stopHeartbeat(AskState ask) {
        if (ask.heartbeat != null) {
            ask.heartbeat.cancel(false);
        }
    }

    // --- after a COMPLETED stream: best-effort steps, then the archive -------------------------------------------

    /**
     * Move to the BOT space: configured, known context, not the space it was created in (ask-stream.md §5.1); never
     * a follow-up's thread (it stays where its owner keeps it).
     */
    public boolean moveWanted(AskState ask) {
        return config.botSpace().isPresent() && !ask.contextUuid.isEmpty() && !ask.request.followUp()
                && !config.botSpace().get().equals(ask.targetCollection);
    }

    public String moveBody(AskState ask) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("context_uuids", List.of(ask.contextUuid));
        body.put("new_collection_uuid", config.botSpace().orElseThrow());
        return PyJson.compact(body);
    }

    public void moved(AskState ask, Object answer) {
        ask.movedToBot = true;
        LOG.info(Labels.messages().format(Label.ASK_MOVED, config.botSpace().orElse("")));
        LOG.debug("[ask] batch_move_threads: {}", abbreviate(PyJson.compact(answer)));
    }

    public boolean markReadWanted(AskState ask) {
        return ask.request.markRead() && !ask.contextUuid.isEmpty();
    }

    public String markReadBody(AskState ask) {
        return contextBody(ask.contextUuid);
    }

    /** {@code {"context_uuids": [<context>]}}: the body of mark_viewed. */
    public static String contextBody(String contextUuid) {
        return PyJson.compact(Map.of("context_uuids", List.of(contextUuid)));
    }

    public void markedRead(AskState ask, Object answer) {
        ask.markRead = true;
        LOG.info(Labels.messages().get(Label.ASK_MARKED_READ));
        LOG.debug("[ask] mark_viewed: {}", abbreviate(PyJson.compact(answer)));
    }

    /** A best-effort step failed: a warning, its key false and the reason in step_errors; the archive still runs. */
    public void stepFailed(AskState ask, String step, Exception e) {
        String line = failures.line(e);
        ask.stepErrors.put(step, line);
        LOG.warn(Labels.messages().format(Label.ASK_STEP_FAILED, step, line));
    }

    public boolean exportWanted(AskState ask) {
        return ask.request.export() && !ask.threadUuid().isEmpty();
    }

    /** The export of the finished thread: forced (no up-to-date skip), as the export command does it. */
    public ExportRequest archiveRequest(AskState ask) {
        ask.archiveRan = true;
        return new ExportRequest(ask.request.account(), ask.threadUuid(), ask.threadUrl(), null, false);
    }

    /** The export's summary and the dir it wrote (variable threadDir of the export routes). */
    public void archived(AskState ask, BatchSummary summary, Path threadDir) throws IOException {
        if (summary.fail() > 0 || summary.ok() == 0 || threadDir == null) {
            archiveFailed(ask, "the export of " + ask.threadUuid() + " failed (see above)");
            return;
        }
        ask.archived = true;
        ask.archivedTo = archiveRoot.toAbsolutePath().normalize().relativize(threadDir.toAbsolutePath().normalize())
                .toString().replace('\\', '/');
        pending.remove(ask.threadUuid());
        LOG.info(Labels.messages().format(Label.ASK_ARCHIVED, ask.archivedTo));
    }

    /** The thread did not come (404 after the short retries) or its export failed: pending for the next sync; exit 1. */
    public void archiveFailed(AskState ask, Exception e) throws IOException {
        archiveFailed(ask, failures.line(e));
    }

    private void archiveFailed(AskState ask, String why) throws IOException {
        ask.exitCode = 1;
        ask.error = Labels.messages().format(Label.ASK_ARCHIVE_FAILED, why);
        recordPending(ask, why);
        LOG.error(ask.error);
    }

    /** The ask is over: counted (pplx_asks_total, service mode); the AskState is the route's reply. */
    public AskState finish(AskState ask) {
        stopHeartbeat(ask);
        if (ask.outcome != AskState.Outcome.STOPPED) {
            counter.ask(ask.request.mode().id(), countedAs(ask));
        }
        return ask;
    }

    /** The outcome label of pplx_asks_total: archived, completed (not archived), pending (for the next sync), failed. */
    static String countedAs(AskState ask) {
        if (ask.outcome == AskState.Outcome.BROKEN || (ask.outcome == AskState.Outcome.COMPLETED && ask.archiveRan && !ask.archived)) {
            return "pending";
        }
        if (ask.outcome == AskState.Outcome.COMPLETED) {
            return ask.archived ? "archived" : "completed";
        }
        return "failed";
    }

    // --- pending asks (the next sync, batch or ask) ---------------------------------------------------------------

    /** The pending asks of the run's account. */
    public List<Map<String, Object>> pendingOf(String account) throws IOException {
        return pending.of(account);
    }

    /**
     * Whether a pending ask's thread is complete: the plain fetch's thread status, else every entry's status, is
     * completed (any case).
     */
    public boolean threadComplete(Object thread) {
        String status = J.str(J.map(thread, "thread_metadata"), "thread_status");
        if (!status.isEmpty()) {
            return status.equalsIgnoreCase(COMPLETED);
        }
        List<Object> entries = J.list(thread, "entries");
        return !entries.isEmpty() && entries.stream().allMatch(e -> J.str(e, "status").equalsIgnoreCase(COMPLETED));
    }

    public ExportRequest pendingRequest(Map<String, Object> entry) {
        LOG.info(Labels.messages().format(Label.ASK_PENDING, J.str(entry, "thread_url")));
        return new ExportRequest(J.str(entry, "account"), J.str(entry, "thread_uuid"), J.str(entry, "thread_url"), null, false);
    }

    /** After the pending ask's export: its line goes once it was written. */
    public void pendingDone(Map<String, Object> entry, Object exported) {
        if (exported instanceof io.github.pplxexport.export.ExportedThread) {
            try {
                pending.remove(J.str(entry, "thread_uuid"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static String seconds(AskState ask) {
        return String.format(Locale.ROOT, "%.1f", ask.elapsedSeconds());
    }

    private static String orUnknown(String status) {
        return status.isEmpty() ? Labels.messages().get(Label.ASK_UNKNOWN_STATUS) : status;
    }

    private static String abbreviate(String s) {
        return s.length() <= 100 ? s : s.substring(0, 100) + "…";
    }
}
