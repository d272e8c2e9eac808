package io.github.pplxexport.ask;

import io.github.pplxexport.export.ThreadUrls;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;

/**
 * One ask on its way through the routes (variable {@code ask}): the request and what was resolved for it (models,
 * space, the previous turn of a follow-up), what the stream said (ask-stream.md §2.1: the first
 * {@code backend_uuid}, the last status, the last object's {@code context_uuid}; no telemetry is sent, so neither
 * the entry's {@code uuid} nor {@code frontend_context_uuid} is kept), how it ended, and the steps after it.
 * Mutated by {@link AskRun} only.
 */
public final class AskState {
    /** How the ask ended. */
    public enum Outcome {
        /** Not decided yet. */
        RUNNING,
        /** The last status was COMPLETED. */
        COMPLETED,
        /** The stream ended with another status (FAILED, or no final message and no thread). */
        NOT_COMPLETED,
        /** The thread was created, then the stream broke: recorded in pending_asks.jsonl. */
        BROKEN,
        /** The ask request was answered with an HTTP error. */
        REFUSED,
        /** The ask request failed without an answer (network, timeout) before a thread was created. */
        REQUEST_FAILED,
        /** Stopped by SIGTERM or Ctrl-C. */
        STOPPED
    }

    final AskRequest request;
    final String model;
    final List<String> compare;
    String targetCollection;
    String lastBackendUuid;
    String readWriteToken;

    long startNanos = System.nanoTime();
    WatchedStream stream;
    ScheduledFuture<?> heartbeat;
    volatile String backendUuid = "";
    volatile String status = "";
    /** The length (characters) of the last event's {@code text}: how far the answer has come (read while it streams). */
    volatile int answerChars;
    String contextUuid = "";
    int loggedLength;
    boolean finalSeen;
    Exception dataFailure;

    volatile Outcome outcome = Outcome.RUNNING;
    int exitCode = 1;
    String error;
    boolean movedToBot;
    boolean markRead;
    final Map<String, Object> stepErrors = new LinkedHashMap<>();
    boolean archiveRan;
    boolean archived;
    String archivedTo;

    AskState(AskRequest request, String model, List<String> compare) {
        this.request = request;
        this.model = model;
        this.compare = compare;
    }

    public AskRequest request() {
        return request;
    }

    /** The thread: a follow-up's own, else the first {@code backend_uuid} of the stream ("" before it). */
    public String threadUuid() {
        return request.followUp() ? request.thread() : backendUuid;
    }

    public String threadUrl() {
        String uuid = threadUuid();
        return uuid.isEmpty() ? null : ThreadUrls.canonical(uuid, false);
    }

    public Outcome outcome() {
        return outcome;
    }

    /** The last non-empty status of the stream ("" when none came). */
    public String status() {
        return status;
    }

    /** The characters of the answer's text so far (the last event's {@code text}), for a watcher on another thread. */
    public int answerChars() {
        return answerChars;
    }

    public String contextUuid() {
        return contextUuid;
    }

    /** The process exit code this ask means: 0 done, 1 failed, 3 refused for the cookie (401/403, a challenge). */
    public int exitCode() {
        return exitCode;
    }

    /** The one line of a failed ask (null when it did not fail). */
    public String error() {
        return error;
    }

    public String archivedTo() {
        return archivedTo;
    }

    public boolean movedToBot() {
        return movedToBot;
    }

    public boolean markedRead() {
        return markRead;
    }

    public Map<String, Object> stepErrors() {
        return stepErrors;
    }

    /**
     * The result object (reference-cli-and-archive.md §7.5): thread_uuid, thread_url, context_uuid, moved_to_bot,
     * mark_read, telemetry (always false: no analytics are sent), step_errors, exported, plus archived_to (the
     * thread dir relative to the archive root, or null) and, for a failed ask, error.
     */
    public Map<String, Object> result() {
        Map<String, Object> r = new LinkedHashMap<>();
        String uuid = threadUuid();
        r.put("thread_uuid", uuid.isEmpty() ? null : uuid);
        r.put("thread_url", threadUrl());
        r.put("context_uuid", contextUuid.isEmpty() ? null : contextUuid);
        r.put("moved_to_bot", movedToBot);
        r.put("mark_read", markRead);
        r.put("telemetry", false);
        r.put("step_errors", new LinkedHashMap<>(stepErrors));
        r.put("exported", archiveRan ? Labels.messages().get(Label.ASK_EXPORTED) : null);
        r.put("archived_to", archivedTo);
        if (error != null) {
            r.put("error", error);
        }
        return r;
    }

    public double elapsedSeconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
